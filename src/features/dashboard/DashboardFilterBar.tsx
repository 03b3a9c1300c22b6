import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import { DateField } from '../../ui/DateField'
import { SelectField } from '../../ui/SelectField'
import { type DashboardFilterValues, periodReversed } from './dashboard-filters'
import type { FilterChoices } from './dashboard-view'

/**
 * A day typed as YYYY/MM/DD (SPEC §5/§9): the filter takes it once it names a day, or is cleared;
 * what is typed in between stays in the field.
 */
function DayField({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: string
  onChange: (day: string) => void
  error?: string | undefined
}) {
  const { t } = useLingui()
  const [text, setText] = useState(value ? isoToDateText(value) : '')
  const [shownFor, setShownFor] = useState(value)
  // The value changed from outside (the filters reset): the field shows it.
  if (value !== shownFor) {
    setShownFor(value)
    setText(value ? isoToDateText(value) : '')
  }
  const unfinished = text !== '' && !isDateText(text)
  return (
    <DateField
      label={label}
      value={text}
      error={error ?? (unfinished ? t`Escribe la fecha como AAAA/MM/DD.` : undefined)}
      onChange={(event) => {
        const typed = event.target.value
        setText(typed)
        if (typed === '' || isDateText(typed)) {
          const day = typed === '' ? '' : dateTextToIso(typed)
          setShownFor(day)
          onChange(day)
        }
      }}
    />
  )
}

/**
 * The dashboard's filters (`get-filters/dashboard`): the period the dated records fall in, a
 * subgroup, a special label and one of its sublabels; "Todos" for none. A filter with nothing to
 * choose from is not shown.
 */
export function DashboardFilterBar({
  values,
  choices,
  onChange,
}: {
  values: DashboardFilterValues
  choices: FilterChoices
  onChange: (next: DashboardFilterValues) => void
}) {
  const { t } = useLingui()
  const label = choices.labels.find((entry) => entry.id === values.special_label)
  const set = (change: Partial<DashboardFilterValues>) => onChange({ ...values, ...change })
  return (
    <fieldset className="dashboard-filters">
      <legend className="visually-hidden">{t`Filtros`}</legend>
      <DayField label={t`Desde`} value={values.from} onChange={(from) => set({ from })} />
      <DayField
        label={t`Hasta`}
        value={values.to}
        onChange={(to) => set({ to })}
        error={periodReversed(values) ? t`La fecha final no puede ser anterior a la inicial.` : undefined}
      />
      {choices.subgroups.length > 0 && (
        <SelectField
          label={t`Subgrupo`}
          placeholder={t`Todos`}
          value={values.subgroup}
          onChange={(event) => set({ subgroup: event.target.value })}
          options={choices.subgroups.map((entry) => ({ value: entry.id, label: entry.name }))}
        />
      )}
      {choices.labels.length > 0 && (
        <SelectField
          label={t`Etiqueta especial`}
          placeholder={t`Todas`}
          value={values.special_label}
          onChange={(event) => set({ special_label: event.target.value, sublabel: '' })}
          options={choices.labels.map((entry) => ({ value: entry.id, label: entry.name }))}
        />
      )}
      {label && label.sublabels.length > 0 && (
        <SelectField
          label={t`Subetiqueta`}
          placeholder={t`Todas`}
          value={values.sublabel}
          onChange={(event) => set({ sublabel: event.target.value })}
          options={label.sublabels.map((entry) => ({ value: entry.id, label: entry.name }))}
        />
      )}
    </fieldset>
  )
}
