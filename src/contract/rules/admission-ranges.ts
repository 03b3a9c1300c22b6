import { ageOn } from './age'
import type { Range } from './vital-ranges'

/**
 * SPEC §5 "Pre-employment exam" ranges (issue 22): the schemas bound each field with these, and
 * the one range that is not a field's — the candidate's age, worked out from the birth date on the
 * exam's day — is judged by `admissionAgeProblem`, on the device and on the server alike.
 */

/** Age in completed years: of the candidate on the exam's day, and when a habit started. */
export const ADMISSION_AGE: Range = { min: 8, max: 99 }
/** How much of a substance per occasion (cigarettes, drinks, cups…). */
export const CONSUMPTION: Range = { min: 1, max: 300 }
/** Days (times) per week a habit or an activity takes place. */
export const TIMES_PER_WEEK: Range = { min: 1, max: 7 }
/** Years exposed to an occupational agent (noise, dust…), in a job or up to a periodic exam. */
export const EXPOSURE_YEARS: Range = { min: 1, max: 100 }

/**
 * Whether a candidate born on `birthDate` may be examined on `examinedOn` (both `YYYY-MM-DD`):
 * `null` when the age is within 8–99 or the birth date is unknown (nothing to judge), else the
 * 422 message key of the exam's day.
 */
export function admissionAgeProblem(
  birthDate: string | null | undefined,
  examinedOn: string,
): 'admissionExam.ageOutOfRange' | null {
  if (!birthDate) return null
  const age = ageOn(birthDate, examinedOn)
  return age >= ADMISSION_AGE.min && age <= ADMISSION_AGE.max ? null : 'admissionExam.ageOutOfRange'
}
