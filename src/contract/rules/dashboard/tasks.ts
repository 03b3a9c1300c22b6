import type { ExamDueState } from '../periodic-exam-due'
import { addDays } from '../vaccination-due'
import type { LastTriage } from './covid'
import type { DisabilityPatient } from './lost-days'
import { codeUnitOrder } from './scope'
import type { VaccinationState } from './vaccines'

/** The SPEC §4 triage statuses that end the follow-up: nobody calls a recovered or deceased patient. */
export const CLOSED_TRIAGE_STATUSES = ['recovered', 'deceased', 'out_of_tracking'] as const

/**
 * A disability counts as "ending" when its last day is today or within this many days: a week's
 * notice to plan the worker's return-to-work check.
 */
export const DISABILITY_ENDING_DAYS = 7

export interface EndingDisability {
  id: string
  patient_id: string
  end_date: string
}

/** What is due for the professional today (SPEC §2 "tasks"), each list in a fixed order. */
export interface DashboardTasks {
  /** Patients whose periodic exam is expired or due within the 10-day window. */
  periodic_exams_due: string[]
  /** Patients with a vaccine dose past its due date. */
  vaccinations_overdue: string[]
  /** Patients under COVID follow-up (latest triage status still open) not yet seen today. */
  covid_follow_ups: string[]
  /** Disabilities ending today or within `DISABILITY_ENDING_DAYS`, the soonest first. */
  disabilities_ending: EndingDisability[]
}

/**
 * The professional's tasks of the day (issue 24): over the patients in scope (the device's cache
 * holds only the professional's). Patient lists are in id order (code units), so two devices show
 * the same list; the dashboard names them from its cache.
 */
export function dashboardTasks(input: {
  examStates: ReadonlyMap<string, ExamDueState>
  vaccinationStates: readonly VaccinationState[]
  lastTriage: readonly LastTriage[]
  patients: readonly DisabilityPatient[]
  scope: ReadonlySet<string>
  today: string
}): DashboardTasks {
  const { scope, today } = input
  const periodic_exams_due: string[] = []
  for (const [patient, state] of input.examStates)
    if (scope.has(patient) && (state === 'expired' || state === 'due_soon')) periodic_exams_due.push(patient)
  const vaccinations_overdue = input.vaccinationStates
    .filter((state) => scope.has(state.patient_id) && state.overdueCount > 0)
    .map((state) => state.patient_id)
  const closed: readonly string[] = CLOSED_TRIAGE_STATUSES
  const covid_follow_ups = input.lastTriage
    .filter((row) => scope.has(row.patient_id) && !closed.includes(row.status) && row.day < today)
    .map((row) => row.patient_id)
  const last = addDays(today, DISABILITY_ENDING_DAYS)
  const disabilities_ending: EndingDisability[] = []
  for (const patient of input.patients) {
    if (patient.disabilities.length === 0 || !scope.has(patient.id)) continue
    for (const d of patient.disabilities)
      if (d.end_date >= today && d.end_date <= last)
        disabilities_ending.push({ id: d.id, patient_id: patient.id, end_date: d.end_date })
  }
  disabilities_ending.sort((a, b) => codeUnitOrder(a.end_date, b.end_date) || codeUnitOrder(a.id, b.id))
  // The default sort orders strings by code units (`codeUnitOrder`), without calling back into
  // script for each comparison: these lists run to thousands of patients.
  return {
    periodic_exams_due: periodic_exams_due.sort(),
    vaccinations_overdue: vaccinations_overdue.sort(),
    covid_follow_ups: covid_follow_ups.sort(),
    disabilities_ending,
  }
}
