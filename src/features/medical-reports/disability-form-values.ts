import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { assignedDays, disabilityDaysProblem } from '../../contract/rules/disability-days'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import {
  CreateDisabilityRequest,
  DISABILITY_FIELDS,
  type DisabilityField,
  type DisabilityIssuer,
} from '../../contract/schemas/disabilities'
import type { LocalDisability } from '../../db/local-db'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'

/** A disability as the form holds it: texts as typed, dates YYYY/MM/DD (SPEC §9). */
export interface DisabilityFormValues {
  cause: string
  reason: string
  control_measures: string
  start_date: string
  end_date: string
  type_id: string
  status_id: string
  issuer: DisabilityIssuer | ''
  assigned_number: string
  assigned_days: string
  comments: string
}

/** What the contract takes of a disability, its ids apart. */
export type DisabilityFields = Omit<v.InferOutput<typeof CreateDisabilityRequest>, 'id' | 'patient_id'>

const two = (n: number) => String(n).padStart(2, '0')
/** The device's day, YYYY-MM-DD. */
export const localDay = (now: Date) => `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`

/** A new disability's form: it starts today; the rest is the professional's to fill in. */
export function emptyDisabilityForm(now: Date): DisabilityFormValues {
  return {
    cause: '',
    reason: '',
    control_measures: '',
    start_date: isoToDateText(localDay(now)),
    end_date: '',
    type_id: '',
    status_id: '',
    issuer: '',
    assigned_number: '',
    assigned_days: '',
    comments: '',
  }
}

export function formOfDisability(disability: LocalDisability): DisabilityFormValues {
  return {
    cause: disability.cause,
    reason: disability.reason,
    control_measures: disability.control_measures ?? '',
    start_date: isoToDateText(disability.start_date),
    end_date: isoToDateText(disability.end_date),
    type_id: disability.type_id,
    status_id: disability.status_id,
    issuer: disability.issuer,
    assigned_number: disability.assigned_number ?? '',
    assigned_days: String(disability.assigned_days),
    comments: disability.comments ?? '',
  }
}

/** The days the typed dates give (both ends counted, `assignedDays`), or null while they give none. */
export function daysOfDates(values: Pick<DisabilityFormValues, 'start_date' | 'end_date'>): number | null {
  const start = values.start_date.trim()
  const end = values.end_date.trim()
  if (!isDateText(start) || !isDateText(end)) return null
  return assignedDays(dateTextToIso(start), dateTextToIso(end))
}

/**
 * The rule's problem with the dates and days as typed (`disabilityDaysProblem`), keyed by the
 * field it marks, as the form shows it while the person types: an end before the start on the end
 * date, days that disagree with the dates on the days. Nothing while a date is incomplete.
 */
export function liveDaysProblem(
  values: DisabilityFormValues,
  i18n: I18n,
): Partial<Record<DisabilityField, string>> {
  const start = values.start_date.trim()
  const end = values.end_date.trim()
  if (!isDateText(start) || !isDateText(end)) return {}
  const typed = values.assigned_days.trim()
  const days = /^\d+$/.test(typed) ? Number(typed) : (daysOfDates(values) ?? 0)
  const problem = disabilityDaysProblem({
    start_date: dateTextToIso(start),
    end_date: dateTextToIso(end),
    assigned_days: days,
  })
  return problem ? { [problem.field]: fieldMessage(problem.message, i18n) ?? '' } : {}
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

export type ParsedDisability =
  | { fields: DisabilityFields; errors?: undefined }
  | { fields?: undefined; errors: Partial<Record<DisabilityField, string>> }

/** Stands in for the ids while the form's fields are checked by the create schema. */
const PLACEHOLDER_ID = '00000000-0000-7000-8000-000000000000'

/**
 * The form's texts as the contract's fields, checked by the contract's own create schema — the
 * required texts, the catalogue entries, the folio's characters, and the dates and days by the
 * rule the server applies — so the device refuses what the server would, on the same fields.
 */
export function parseDisabilityForm(values: DisabilityFormValues, i18n: I18n): ParsedDisability {
  const errors: Partial<Record<DisabilityField, string>> = {}
  const required = fieldMessage('field.required', i18n) ?? ''
  for (const field of ['start_date', 'end_date'] as const) {
    const typed = values[field].trim()
    if (typed === '') errors[field] = required
    else if (!isDateText(typed)) errors[field] = fieldMessage('field.date', i18n) ?? ''
  }
  const daysTyped = values.assigned_days.trim()
  // Dates in the wrong order give no days: the end date says why, the days need not say more.
  const backwards =
    isDateText(values.start_date.trim()) && isDateText(values.end_date.trim()) && daysOfDates(values) === null
  if (backwards) errors.end_date = fieldMessage('disability.endBeforeStart', i18n) ?? ''
  else if (daysTyped === '') errors.assigned_days = required
  else if (!/^\d+$/.test(daysTyped)) errors.assigned_days = fieldMessage('field.integer', i18n) ?? ''
  for (const field of ['type_id', 'status_id', 'issuer'] as const) {
    if (values[field] === '') errors[field] = required
  }
  const fields = {
    cause: values.cause.trim(),
    reason: values.reason.trim(),
    control_measures: orNull(values.control_measures),
    start_date: isDateText(values.start_date.trim()) ? dateTextToIso(values.start_date.trim()) : '',
    end_date: isDateText(values.end_date.trim()) ? dateTextToIso(values.end_date.trim()) : '',
    type_id: values.type_id,
    status_id: values.status_id,
    issuer: values.issuer,
    assigned_number: orNull(values.assigned_number),
    assigned_days: /^\d+$/.test(daysTyped) ? Number(daysTyped) : Number.NaN,
    comments: orNull(values.comments),
  }
  const checked = v.safeParse(CreateDisabilityRequest, {
    ...fields,
    id: PLACEHOLDER_ID,
    patient_id: PLACEHOLDER_ID,
  })
  if (!checked.success) {
    for (const issue of checked.issues) {
      const key = String(issue.path?.[0]?.key ?? '') as DisabilityField
      if (key in DISABILITY_FIELDS) errors[key] ??= issueMessage(issue, i18n)
    }
    if (backwards && daysTyped === '') delete errors.assigned_days
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { errors }
  const { id: _, patient_id: __, ...output } = checked.output
  return { fields: output }
}

/** The fields an amendment changes: those whose value differs from the disability's. */
export function changedFields(
  disability: LocalDisability,
  fields: DisabilityFields,
): Partial<DisabilityFields> {
  const changes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(fields)) {
    if ((disability[field] ?? null) !== value) changes[field] = value
  }
  return changes as Partial<DisabilityFields>
}
