import { useLingui } from '@lingui/react/macro'
import { useSpecialLabels, useSubgroupItems } from '../catalogs/use-catalog'
import { SelectField } from './SelectField'
import type { ScopeFilters } from './scope-filters'

/**
 * The scope filters of a concentrated list (subgroup, special label, sublabel), from the device's
 * catalogues; "Todos" for none. A filter with nothing to choose from is not shown, unless the
 * address chose it.
 */
export function ScopeFilterFields({
  value,
  onChange,
}: {
  value: ScopeFilters
  onChange: (next: ScopeFilters) => void
}) {
  const { t } = useLingui()
  const subgroupOptions = useSubgroupItems().options
  const labels = useSpecialLabels()
  const label = labels?.find((entry) => entry.id === value.special_label)
  return (
    <>
      {(subgroupOptions.length > 0 || value.subgroup) && (
        <SelectField
          label={t`Subgrupo`}
          placeholder={t`Todos`}
          value={value.subgroup ?? ''}
          onChange={(event) => onChange({ ...value, subgroup: event.target.value || undefined })}
          options={subgroupOptions}
        />
      )}
      {((labels ?? []).length > 0 || value.special_label) && (
        <SelectField
          label={t`Etiqueta especial`}
          placeholder={t`Todas`}
          value={value.special_label ?? ''}
          onChange={(event) =>
            onChange({ ...value, special_label: event.target.value || undefined, sublabel: undefined })
          }
          options={(labels ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
        />
      )}
      {label && label.sublabels.length > 0 && (
        <SelectField
          label={t`Subetiqueta`}
          placeholder={t`Todas`}
          value={value.sublabel ?? ''}
          onChange={(event) => onChange({ ...value, sublabel: event.target.value || undefined })}
          options={label.sublabels.map((entry) => ({ value: entry.id, label: entry.name }))}
        />
      )}
    </>
  )
}
