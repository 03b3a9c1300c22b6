import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { EditPatientProfileRequest, PATIENT_PROFILE_FIELDS } from '../../contract/schemas/patient'
import type { LocalPatient } from '../../db/local-db'
import { issueMessage } from '../../ui/form/field-errors'

export type ProfileField = (typeof PATIENT_PROFILE_FIELDS)[number]
/** The form holds text: an empty box is a field left blank. */
export type ProfileValues = Record<ProfileField, string>

export function profileValuesOf(patient: LocalPatient): ProfileValues {
  return Object.fromEntries(
    PATIENT_PROFILE_FIELDS.map((field) => [field, typeof patient[field] === 'string' ? patient[field] : '']),
  ) as ProfileValues
}

/**
 * The form's values checked by the contract's own rules (the ones the server applies): every
 * field is sent, a blank one as null, and the mutator queues only those that changed.
 */
export function parseProfileForm(
  values: ProfileValues,
  i18n: I18n,
):
  | { changes: v.InferOutput<typeof EditPatientProfileRequest>; errors?: never }
  | { errors: Record<string, string> } {
  const request = Object.fromEntries(
    PATIENT_PROFILE_FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field]]),
  )
  const parsed = v.safeParse(EditPatientProfileRequest, request)
  if (parsed.success) return { changes: parsed.output }
  const errors: Record<string, string> = {}
  for (const issue of parsed.issues) {
    const field = String(issue.path?.[0]?.key ?? '')
    errors[field] ??= issueMessage(issue, i18n)
  }
  return { errors }
}
