import { dayNumber, type ExamDueState, examDueDay, examStateOn } from '../periodic-exam-due'

/**
 * What the exam buckets read of a patient: when their next exam is due, which does not depend on
 * today (`examDueOf`), so the device works it out when the patient or their exams change and the
 * dashboard compares it with today.
 */
export interface ExamDuePatient {
  id: string
  /** `examDueDay` of the patient's latest live exam (or hire date) and frequency. */
  exam_due_day: number | null
  /** Whether the patient has a live periodic exam. */
  examined: boolean
}

/** A live periodic exam's day. */
export interface ExamDone {
  patient_id: string
  examined_on: string
  deleted_at?: string | null
}

export type ExamBuckets = Record<ExamDueState, number>

/** Each patient's latest live periodic exam day. */
export function latestExamDays(exams: readonly ExamDone[]): Map<string, string> {
  const latest = new Map<string, string>()
  for (const exam of exams) {
    if (exam.deleted_at) continue
    const current = latest.get(exam.patient_id)
    if (current === undefined || exam.examined_on > current) latest.set(exam.patient_id, exam.examined_on)
  }
  return latest
}

/** A patient's `ExamDuePatient` fields from their frequency, hire date and latest live exam's day. */
export function examDueOf(
  patient: { hire_date: string | null; exam_frequency: string | null },
  lastExamOn: string | null,
): Pick<ExamDuePatient, 'exam_due_day' | 'examined'> {
  return {
    exam_due_day: examDueDay({ lastExamOn, frequency: patient.exam_frequency, hireDate: patient.hire_date }),
    examined: lastExamOn !== null,
  }
}

/** Each patient in scope's due state on `today` (`rules/periodic-exam-due.ts`). */
export function examDueStates(
  patients: readonly ExamDuePatient[],
  scope: ReadonlySet<string>,
  today: string,
): Map<string, ExamDueState> {
  const todayNumber = dayNumber(today)
  const states = new Map<string, ExamDueState>()
  for (const patient of patients) {
    if (!scope.has(patient.id)) continue
    states.set(patient.id, examStateOn(patient.exam_due_day, patient.examined, todayNumber))
  }
  return states
}

/**
 * SPEC §2 "periodic exams (buckets applied, expired, soon to expire within the next 10 days)"
 * (`GET /periodic-exams{query}`): the patients in scope in each due state today, the 10-day window
 * and every edge being `examDue`'s. `never_examined` is the fourth state the rule knows; the
 * dashboard shows it beside the three buckets so that the four add up to the patients. The
 * period does not apply: a due state is a state of today.
 */
export function examBuckets(states: ReadonlyMap<string, ExamDueState>): ExamBuckets {
  const buckets: ExamBuckets = { applied: 0, due_soon: 0, expired: 0, never_examined: 0 }
  for (const state of states.values()) buckets[state] += 1
  return buckets
}
