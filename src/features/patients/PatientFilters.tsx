import { useLingui } from '@lingui/react/macro'
import { UNASSIGNED } from '../../contract/schemas/patient-lookups'
import { SelectField } from '../../ui/SelectField'
import type { FilterChoices, PatientFilterValues } from './patient-rows'

interface PatientFiltersProps {
  choices: FilterChoices
  /** An administrative status's name in the app's language. */
  statusName: (code: string) => string
  /** A subgroup item's name (the device's copy of the subgroups catalogue). */
  subgroupName: (id: string) => string
  /** The tenant's special sublabels, named with their label (the device's copy of the catalogue). */
  sublabels: Array<{ value: string; label: string }>
  /** Whether the user may filter by assigned professional (SPEC §6 "assigned filter"). */
  byAssigned: boolean
  value: PatientFilterValues
  onChange: (next: PatientFilterValues) => void
}

/**
 * The filters above the patients table (SPEC §7 get-filters/patients): one pick per filter,
 * "Todos" for none. A filter with nothing to choose from (no patient has a subgroup) is not
 * shown.
 */
export function PatientFilters({
  choices,
  statusName,
  subgroupName,
  sublabels,
  byAssigned,
  value,
  onChange,
}: PatientFiltersProps) {
  const { t } = useLingui()
  const set = (key: keyof PatientFilterValues, chosen: string) =>
    onChange({ ...value, [key]: chosen || null })
  return (
    <fieldset className="patients__filters">
      <legend className="visually-hidden">{t`Filtros`}</legend>
      <SelectField
        label={t`Estatus administrativo`}
        placeholder={t`Todos`}
        options={choices.administrativeStatuses.map((code) => ({ value: code, label: statusName(code) }))}
        value={value.administrative_status ?? ''}
        onChange={(event) => set('administrative_status', event.target.value)}
      />
      {choices.subgroups.length > 0 && (
        <SelectField
          label={t`Subgrupo`}
          placeholder={t`Todos`}
          options={choices.subgroups.map((id) => ({ value: id, label: subgroupName(id) }))}
          value={value.subgroup ?? ''}
          onChange={(event) => set('subgroup', event.target.value)}
        />
      )}
      {sublabels.length > 0 && (
        <SelectField
          label={t`Etiqueta especial`}
          placeholder={t`Todas`}
          options={sublabels}
          value={value.special_sublabel ?? ''}
          onChange={(event) => set('special_sublabel', event.target.value)}
        />
      )}
      {byAssigned && (
        <SelectField
          label={t`Profesional asignado`}
          placeholder={t`Todos`}
          options={[{ value: UNASSIGNED, label: t`Sin asignar` }, ...choices.professionals]}
          value={value.assigned_to ?? ''}
          onChange={(event) => set('assigned_to', event.target.value)}
        />
      )}
    </fieldset>
  )
}
