import * as v from 'valibot'

/**
 * SPEC §7 `GET /patients/list/{patientName}/{patientId}` (decision 0036): the patients a picker
 * offers for what the user types — a calendar event's patient, a report's — among those the user
 * may see, a bounded page. `{patientId}` is the patient the picker already holds (`0` for none):
 * answered first whenever the user may see them, matching or not, so the picker keeps showing its
 * choice and never offers it twice.
 */

/** At most this many patients a search answers (the chosen one aside). */
export const PICKER_PAGE = 20

/** SPEC's placeholder for "none chosen", as in `/get-filters/subspecial-labels/{ids or 0}`. */
export const NO_PATIENT = '0'

export const PatientPickerParams = v.object({
  /**
   * Words of the name (any order, accents and case aside), or a payroll number; at most 80
   * characters, within the router's 100 for a path parameter once encoded.
   */
  patientName: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(80, 'field.maxLength')),
  patientId: v.union([v.literal(NO_PATIENT), v.pipe(v.string(), v.uuid('field.uuid'))], 'field.uuid'),
})
export type PatientPickerParams = v.InferOutput<typeof PatientPickerParams>

/** One patient as a picker lists them: enough to tell namesakes apart, nothing clinical. */
export const PatientOption = v.object({
  id: v.string(),
  full_name: v.string(),
  payroll_number: v.nullable(v.string()),
  birth_date: v.string(),
  /** Whether this is `{patientId}`, the choice already held. */
  chosen: v.boolean(),
})
export type PatientOption = v.InferOutput<typeof PatientOption>

export const PatientPicker = v.object({
  data: v.array(PatientOption),
  /** Whether more patients match than the page holds (the user should type more). */
  more: v.boolean(),
})
export type PatientPicker = v.InferOutput<typeof PatientPicker>
