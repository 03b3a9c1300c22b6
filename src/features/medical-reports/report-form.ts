import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import type { UnitChoice } from '../../contract/rules/units'
import type { VitalSign } from '../../contract/schemas/encounters'
import { ReportRefusal } from '../../sync/medical-report-mutators'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { parseVitalSigns, shownVitalSign, VITAL_SIGN_FIELDS } from '../../ui/vital-signs/vital-signs'

/**
 * What the medical reports' forms share (issue 23): days typed as YYYY/MM/DD (SPEC §9), vital
 * signs typed in the device's units, and the contract's own schema judging the result, so the
 * device refuses what the server would, each message on the form's own field.
 */

export type TypedVitals = Record<VitalSign, string>

/** A stored report's vital signs as the form shows them, in the device's units. */
export function typedVitals(
  stored: Partial<Record<VitalSign, unknown>> | null,
  units: UnitChoice,
): TypedVitals {
  return Object.fromEntries(
    VITAL_SIGN_FIELDS.map(({ sign }) => [sign, shownVitalSign(sign, units, stored?.[sign])]),
  ) as TypedVitals
}

/** A typed text as the contract stores it: null when left empty. */
export const textOrNull = (typed: string) => (typed.trim() === '' ? null : typed.trim())

/** The day a form shows for a stored one. */
export const dayText = (iso: string | null | undefined) => (iso ? isoToDateText(iso) : '')

/** A typed day as the contract's ISO day, or '' when it is not one (the schema then names the field). */
export const typedDay = (typed: string) => (isDateText(typed.trim()) ? dateTextToIso(typed.trim()) : '')

/** Where the form shows a contract issue: a vital sign's own input, any other field by its name. */
function formPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  const [head] = keys
  if (VITAL_SIGN_FIELDS.some((field) => field.sign === head)) return `vitals.${head}`
  return keys.join('.')
}

export type ParsedReport<F> =
  | { fields: F; errors?: undefined }
  | { fields?: undefined; errors: Record<string, string> }

/**
 * The form's fields checked by the contract's create schema (with an id of its shape: the
 * mutator makes the real one). `days` are the form's day fields: one not typed as a day says so.
 */
export function checkReport<F extends Record<string, unknown>>(
  schema: v.GenericSchema,
  fields: F,
  typed: { days: Record<string, string>; vitals: TypedVitals },
  units: UnitChoice,
  i18n: I18n,
  original?: { stored: Partial<Record<VitalSign, unknown>>; vitals: TypedVitals },
): ParsedReport<F> {
  // A measure left as shown keeps its stored value: an untouched weight in lb is no amendment.
  const { vitals, errors } = parseVitalSigns(typed.vitals, VITAL_SIGN_FIELDS, units, i18n, (sign) =>
    original && typed.vitals[sign].trim() === original.vitals[sign]
      ? ((original.stored[sign] as number | null | undefined) ?? null)
      : undefined,
  )
  for (const [name, day] of Object.entries(typed.days)) {
    if (day.trim() === '') errors[name] = fieldMessage('field.required', i18n) ?? ''
    else if (!isDateText(day.trim())) errors[name] = fieldMessage('field.date', i18n) ?? ''
  }
  const all = { ...fields, ...vitals }
  const checked = v.safeParse(schema, { ...all, id: '00000000-0000-7000-8000-000000000000' })
  if (!checked.success) {
    for (const issue of checked.issues) {
      // A field left empty (an unchosen select, a blank text) is missing, whatever the schema says.
      const missing = issue.input === '' || issue.input === null
      errors[formPath(issue)] ??= missing
        ? (fieldMessage('field.required', i18n) ?? '')
        : issueMessage(issue, i18n)
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { fields: all }
}

/** A mutator's refusal on the form's fields, or null for any other failure. */
export function refusalErrors(error: unknown, i18n: I18n): Record<string, string> | null {
  if (!(error instanceof ReportRefusal)) return null
  return Object.fromEntries(
    error.problems.map((problem) => [problem.field, fieldMessage(problem.message, i18n) ?? '']),
  )
}
