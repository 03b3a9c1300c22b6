import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { fromSi, inRangeOf, rangeIn, toSi, type UnitChoice } from '../../contract/rules/units'
import { CreateReadingRequest, type ReadingKind } from '../../contract/schemas/readings'
import type { LocalReading } from '../../db/local-db'
import { issueMessage } from '../../ui/form/field-errors'
import { NUMBER_FIELDS, type NumberField, type ReadingFormValues } from './reading-fields'
import { rangeMessage, UNIT_SYMBOLS } from './texts'

/** The fields of a reading as the contract takes them (SI), without its id and patient. */
export type ReadingFields = Record<string, unknown>

const two = (n: number) => String(n).padStart(2, '0')

/** A moment as a datetime-local input shows it, in the device's time zone. */
export function localDateTime(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`
}

/** The value a number field shows: in the patient's unit for a measure, as stored otherwise. */
function shown(field: NumberField, units: UnitChoice, value: unknown): string {
  if (typeof value !== 'number') return ''
  // The measure and its unit come from the same table row, so they always match.
  return String(field.measure ? fromSi(field.measure, units[field.measure] as never, value) : value)
}

/** What a kind's form starts with: a new reading now, or the reading being amended. */
export function initialValues(
  kind: ReadingKind,
  units: UnitChoice,
  reading: LocalReading | undefined,
  now: Date,
): ReadingFormValues {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS[kind].map((field) => [field.name, shown(field, units, reading?.[field.field])]),
  )
  const text = (name: string) => (typeof reading?.[name] === 'string' ? (reading[name] as string) : '')
  return {
    taken_at: localDateTime(reading ? new Date(reading.taken_at) : now),
    note: text('note'),
    numbers,
    moment: text('moment'),
    habit: text('habit'),
    frequency: text('frequency'),
    meals: Array.isArray(reading?.meals)
      ? (reading.meals as ReadingFormValues['meals']).map((m) => ({ ...m }))
      : [],
  }
}

export type FormErrors = Record<string, string>
export type ParsedForm =
  | { fields: ReadingFields; errors?: undefined }
  | { fields?: undefined; errors: FormErrors }

/** A typed number: a comma is taken as the decimal point, as many phones' keypads offer it. */
const parseNumber = (text: string) => {
  const cleaned = text.trim().replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

function readNumber(
  field: NumberField,
  text: string,
  units: UnitChoice,
  i18n: I18n,
): { value: number | null } | { error: string } {
  if (text.trim() === '') {
    return field.required ? { error: i18n._(msg`Este campo es obligatorio.`) } : { value: null }
  }
  const typed = parseNumber(text)
  if (Number.isNaN(typed)) return { error: i18n._(msg`Escribe un número.`) }
  if (field.integer && !Number.isInteger(typed)) return { error: i18n._(msg`Debe ser un número entero.`) }
  if (field.measure) {
    const unit = units[field.measure] as never
    const range = rangeIn(field.measure, unit)
    if (!inRangeOf(field.measure, unit, typed)) {
      return { error: i18n._(rangeMessage(field.name, range.min, range.max, UNIT_SYMBOLS[unit])) }
    }
    return { value: toSi(field.measure, unit, typed) }
  }
  const range = field.range ?? { min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY }
  if (typed < range.min || typed > range.max) {
    return { error: i18n._(rangeMessage(field.name, range.min, range.max, field.unit ?? '')) }
  }
  return { value: typed }
}

/** Where the form shows a contract issue: its own input for the converted measures. */
function formPath(kind: ReadingKind, issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  const byField = NUMBER_FIELDS[kind].find((field) => field.field === keys[0])
  if (byField) return `numbers.${byField.name}`
  return keys.join('.')
}

/**
 * The form's text as the contract's fields, in SI: the ranges checked in the patient's unit (so
 * the message names the range as they typed it), then the whole checked by the contract's own
 * schema. When amending, a measure left as it was shown keeps its stored value: a weight shown in
 * lb and saved untouched must not come back as a slightly different kg, an amendment of nothing.
 */
export function parseReadingForm(
  kind: ReadingKind,
  values: ReadingFormValues,
  units: UnitChoice,
  i18n: I18n,
  original?: { reading: LocalReading; values: ReadingFormValues },
): ParsedForm {
  const errors: FormErrors = {}
  const fields: ReadingFields = {}
  for (const field of NUMBER_FIELDS[kind]) {
    const text = values.numbers[field.name] ?? ''
    if (original && field.measure && text === original.values.numbers[field.name]) {
      fields[field.field] = original.reading[field.field] ?? null
      continue
    }
    const read = readNumber(field, text, units, i18n)
    if ('error' in read) errors[`numbers.${field.name}`] = read.error
    else fields[field.field] = read.value
  }
  if (original && values.taken_at === original.values.taken_at) fields.taken_at = original.reading.taken_at
  else {
    const takenAt = new Date(values.taken_at)
    if (values.taken_at === '' || Number.isNaN(takenAt.getTime())) {
      errors.taken_at = i18n._(msg`Escribe la fecha y la hora.`)
    } else if (takenAt.getTime() > Date.now() + 60_000) {
      errors.taken_at = i18n._(msg`La fecha no puede ser futura.`)
    } else fields.taken_at = takenAt.toISOString()
  }
  fields.note = values.note.trim() === '' ? null : values.note
  if (kind === 'glucose') fields.moment = values.moment === '' ? null : values.moment
  if (kind === 'habit') {
    fields.habit = values.habit
    fields.frequency = values.frequency
    // An unchosen select is a missing answer, not a value the contract refuses.
    for (const name of ['habit', 'frequency'] as const) {
      if (values[name] === '') errors[name] = i18n._(msg`Este campo es obligatorio.`)
    }
  }
  if (kind === 'nutrition') fields.meals = values.meals.map((meal) => ({ ...meal }))

  const schema = v.omit(CreateReadingRequest[kind], ['id', 'patient_id'])
  const checked = v.safeParse(schema, fields)
  if (!checked.success) {
    for (const issue of checked.issues) {
      const path = formPath(kind, issue)
      // The unit's own message is clearer than the contract's for the same field.
      errors[path] ??= issueMessage(issue, i18n)
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  // Checked above; the output is the contract's trimmed, defaulted fields.
  return { fields: (checked as { output: ReadingFields }).output }
}
