import { Trans, useLingui } from '@lingui/react/macro'
import { type UseFormReturn, useFieldArray } from 'react-hook-form'
import { toSi, type UnitChoice } from '../../contract/rules/units'
import {
  GLUCOSE_MOMENTS,
  HABIT_FREQUENCIES,
  HABITS,
  type Habit,
  MAX_MEALS,
  type ReadingKind,
} from '../../contract/schemas/readings'
import { Button } from '../../ui/Button'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'
import { ReadingFigures } from './ReadingFigures'
import { NUMBER_FIELDS, type NumberField, type ReadingFormValues } from './reading-fields'
import {
  FREQUENCY_LABELS,
  HABIT_LABELS,
  MOMENT_LABELS,
  NUMBER_LABELS,
  QUANTITY_LABELS,
  UNIT_SYMBOLS,
} from './texts'
import { UnitToggle } from './UnitToggle'

export interface KindFieldsProps {
  kind: ReadingKind
  form: UseFormReturn<ReadingFormValues>
  units: UnitChoice
  onUnits: (next: UnitChoice) => void
  error: (path: string) => string | undefined
}

/** The inputs of one kind's reading, between the date and the note. */
export function KindFields({ kind, form, units, onUnits, error }: KindFieldsProps) {
  const { t, i18n } = useLingui()
  const habit = form.watch('habit') as Habit | ''

  const numberInput = (field: NumberField) => {
    const unit = field.measure ? UNIT_SYMBOLS[units[field.measure]] : field.unit
    const name =
      field.name === 'quantity' && habit ? i18n._(QUANTITY_LABELS[habit]) : i18n._(NUMBER_LABELS[field.name])
    const label = unit ? `${name} (${unit})` : name
    return (
      <div key={field.name} className="reading-form__number">
        <TextField
          label={field.required ? label : t`${label} (opcional)`}
          inputMode={field.integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          error={error(`numbers.${field.name}`)}
          {...form.register(`numbers.${field.name}`)}
        />
        {field.measure && <UnitToggle measure={field.measure} units={units} onChange={onUnits} />}
      </div>
    )
  }

  return (
    <>
      {kind === 'glucose' && (
        <SelectField
          label={t`Momento`}
          placeholder={t`Selecciona…`}
          options={GLUCOSE_MOMENTS.map((moment) => ({ value: moment, label: i18n._(MOMENT_LABELS[moment]) }))}
          error={error('moment')}
          {...form.register('moment')}
        />
      )}
      {kind === 'habit' && (
        <>
          <SelectField
            label={t`Hábito`}
            placeholder={t`Selecciona…`}
            options={HABITS.map((value) => ({ value, label: i18n._(HABIT_LABELS[value]) }))}
            error={error('habit')}
            {...form.register('habit')}
          />
          <SelectField
            label={t`Frecuencia`}
            placeholder={t`Selecciona…`}
            options={HABIT_FREQUENCIES.map((value) => ({ value, label: i18n._(FREQUENCY_LABELS[value]) }))}
            error={error('frequency')}
            {...form.register('frequency')}
          />
        </>
      )}
      {kind === 'nutrition' && <Meals form={form} error={error} />}
      <div className="reading-form__numbers">{NUMBER_FIELDS[kind].map(numberInput)}</div>
      <LiveFigures kind={kind} form={form} units={units} />
    </>
  )
}

/** The meals of the day, each a time and what was eaten; rows added and removed up to MAX_MEALS. */
function Meals({ form, error }: Pick<KindFieldsProps, 'form' | 'error'>) {
  const { t } = useLingui()
  const meals = useFieldArray({ control: form.control, name: 'meals' })
  return (
    <fieldset className="form-section reading-form__meals">
      <legend>
        <Trans>Comidas</Trans>
      </legend>
      {meals.fields.length === 0 && (
        <p className="form-hint">
          <Trans>Sin comidas registradas.</Trans>
        </p>
      )}
      {meals.fields.map((meal, index) => (
        <div key={meal.id} className="reading-form__meal">
          <TextField
            label={t`Hora de la comida ${index + 1}`}
            type="time"
            error={error(`meals.${index}.time`)}
            {...form.register(`meals.${index}.time`)}
          />
          <TextField
            label={t`Descripción de la comida ${index + 1}`}
            maxLength={300}
            error={error(`meals.${index}.description`)}
            {...form.register(`meals.${index}.description`)}
          />
          <Button variant="ghost" onClick={() => meals.remove(index)}>
            <Trans>Quitar</Trans>
            <span className="visually-hidden"> {t`comida ${index + 1}`}</span>
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={meals.fields.length >= MAX_MEALS}
        onClick={() => meals.append({ time: '', description: '' })}
      >
        <Trans>Agregar comida</Trans>
      </Button>
      {error('meals') && (
        <span className="field__error" role="alert">
          {error('meals')}
        </span>
      )}
    </fieldset>
  )
}

/** BMI and waist-to-hip ratio as the patient types, computed like the log shows them. */
function LiveFigures({ kind, form, units }: Pick<KindFieldsProps, 'kind' | 'form' | 'units'>) {
  const numbers = form.watch('numbers')
  if (kind !== 'somatometry' && kind !== 'blood-pressure') return null
  const values: Record<string, number | null> = {}
  for (const field of NUMBER_FIELDS[kind]) {
    const typed = Number((numbers[field.name] ?? '').replace(',', '.'))
    const known = (numbers[field.name] ?? '').trim() !== '' && Number.isFinite(typed)
    values[field.field] = !known
      ? null
      : field.measure
        ? toSi(field.measure, units[field.measure] as never, typed)
        : typed
  }
  return <ReadingFigures kind={kind} values={values} live />
}
