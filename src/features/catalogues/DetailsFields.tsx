import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { useCatalogueOptions } from '../../catalogs/use-catalog'
import {
  type CatalogueDefinition,
  type CatalogueEntryInput,
  OCCUPATIONAL_RISKS,
  VACCINE_ROUTES,
  type VaccinationSchemeDetails,
  type VaccineDetails,
  type VaccineRoute,
} from '../../contract/schemas/catalogue-definitions'
import { RISK_LABELS } from '../../i18n/occupational-risks'
import { Checkbox } from '../../ui/Checkbox'
import { fieldMessage } from '../../ui/form/field-errors'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'

const ROUTE_LABELS: Record<VaccineRoute, MessageDescriptor> = {
  intramuscular: msg`Intramuscular`,
  subcutaneous: msg`Subcutánea`,
  intradermal: msg`Intradérmica`,
  oral: msg`Oral`,
  intranasal: msg`Intranasal`,
}

export const BLANK_VACCINE: VaccineDetails = {
  disease: '',
  doses: 1,
  interval_days: 0,
  booster_interval_days: null,
  route: 'intramuscular',
}

export const BLANK_SCHEME: VaccinationSchemeDetails = {
  doses: null,
  age_from: null,
  age_to: null,
  sex: null,
  subgroups: [],
  risks: [],
}

/** A number input's value: a whole number, or null when left empty. */
const orNull = (value: unknown) => (value === '' || value === null ? null : Number(value))

type Form = UseFormReturn<CatalogueEntryInput>
// The details' fields by their path (`details.doses`…): react-hook-form types the union loosely.
type DetailErrors = Record<string, { message?: string } | undefined>

/**
 * The fields only some catalogues carry (issue 21): a vaccine's disease, doses, intervals and
 * route; a scheme entry's doses and whom it applies to (ages, sex, subgroups, occupational risks).
 */
export function DetailsFields({ definition, form }: { definition: CatalogueDefinition; form: Form }) {
  const { t, i18n } = useLingui()
  const subgroups = useCatalogueOptions('subgroups')
  const errors = (form.formState.errors.details ?? {}) as DetailErrors
  const error = (key: string) => fieldMessage(errors[key]?.message, i18n)
  // The union of both kinds' paths; each kind registers only its own.
  const field = (key: string) => `details.${key}` as 'details'

  if (definition.details === 'vaccine') {
    return (
      <div className="form-grid">
        <TextField
          label={t`Enfermedad que previene`}
          error={error('disease')}
          {...form.register(field('disease'))}
        />
        <TextField
          label={t`Número de dosis`}
          type="number"
          min={1}
          error={error('doses')}
          {...form.register(field('doses'), { setValueAs: Number })}
        />
        <TextField
          label={t`Intervalo entre dosis (días)`}
          type="number"
          min={0}
          error={error('interval_days')}
          {...form.register(field('interval_days'), { setValueAs: Number })}
        />
        <TextField
          label={t`Intervalo del refuerzo (días)`}
          type="number"
          min={1}
          error={error('booster_interval_days')}
          {...form.register(field('booster_interval_days'), { setValueAs: orNull })}
        />
        <SelectField
          label={t`Vía de administración`}
          options={VACCINE_ROUTES.map((route) => ({ value: route, label: i18n._(ROUTE_LABELS[route]) }))}
          error={error('route')}
          {...form.register(field('route'))}
        />
      </div>
    )
  }
  if (definition.details !== 'vaccination-scheme') return null
  const sexes = [
    { value: 'female', label: t`Mujer` },
    { value: 'male', label: t`Hombre` },
    { value: 'intersex', label: t`Intersexual` },
  ]
  const checklist = (key: 'subgroups' | 'risks', options: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={field(key)}
      render={({ field: input }) => {
        const chosen = ((input.value as unknown as string[] | undefined) ?? []).filter((value) =>
          options.some((option) => option.value === value),
        )
        return (
          <div className="checklist">
            {options.map((option) => (
              <Checkbox
                key={option.value}
                label={option.label}
                checked={chosen.includes(option.value)}
                onCheckedChange={(checked) => {
                  const kept = chosen.filter((value) => value !== option.value)
                  input.onChange(checked ? [...kept, option.value] : kept)
                }}
              />
            ))}
          </div>
        )
      }}
    />
  )
  const subgroupOptions = (subgroups ?? []).flatMap((subgroup) =>
    subgroup.items.map((item) => ({ value: item.id, label: `${subgroup.name}: ${item.name}` })),
  )
  return (
    <>
      <div className="form-grid">
        <TextField
          label={t`Dosis (vacío: las de la vacuna)`}
          type="number"
          min={1}
          error={error('doses')}
          {...form.register(field('doses'), { setValueAs: orNull })}
        />
        <TextField
          label={t`Desde la edad (años)`}
          type="number"
          min={0}
          error={error('age_from')}
          {...form.register(field('age_from'), { setValueAs: orNull })}
        />
        <TextField
          label={t`Hasta la edad (años)`}
          type="number"
          min={0}
          error={error('age_to')}
          {...form.register(field('age_to'), { setValueAs: orNull })}
        />
        <SelectField
          label={t`Sexo`}
          placeholder={t`Cualquiera`}
          options={sexes}
          error={error('sex')}
          {...form.register(field('sex'), { setValueAs: (value) => value || null })}
        />
      </div>
      <fieldset className="form-section">
        <legend>{t`Subgrupos (vacío: todos)`}</legend>
        {checklist('subgroups', subgroupOptions)}
        {error('subgroups') && (
          <p className="field__error" role="alert">
            {error('subgroups')}
          </p>
        )}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Riesgo laboral (vacío: todos)`}</legend>
        {checklist(
          'risks',
          OCCUPATIONAL_RISKS.map((risk) => ({ value: risk, label: i18n._(RISK_LABELS[risk]) })),
        )}
      </fieldset>
    </>
  )
}
