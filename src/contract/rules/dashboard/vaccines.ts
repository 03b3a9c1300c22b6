import {
  type DueDoseGiven,
  type DuePatient,
  type DueSchemeEntry,
  type DueVaccine,
  vaccinationDueOutliner,
} from '../vaccination-due'
import { codeUnitOrder, type DashboardPeriod, dayInPeriod } from './scope'

/**
 * What the scheme reads of a patient (`DuePatient` with the API's names), with their live doses
 * as the vaccination rule reads them: each patient's doses travel with them, so nothing is looked
 * up or regrouped by patient over 20 000 patients.
 */
export interface VaccinationPatient {
  id: string
  birth_date: string
  biological_sex: string | null
  subgroups: readonly string[]
  occupational_risks: readonly string[]
  /** The live doses (deleted ones left out). */
  doses: readonly DueDoseGiven[]
}

/** A patient's scheme state today, as `vaccinationDueOutliner` works it out. */
export interface VaccinationState {
  patient_id: string
  status: 'complete' | 'incomplete'
  overdueCount: number
}

export interface VaccineDoses {
  vaccine_id: string
  /** Doses applied in the period. */
  doses: number
  /** Distinct patients who got one of them. */
  patients: number
}

export interface VaccineFigures {
  vaccines: VaccineDoses[]
  /** Patients in scope whose scheme is complete today (nothing applicable counts as complete). */
  complete: number
  incomplete: number
  /** Patients in scope with at least one dose past its due date today (all incomplete). */
  overdue: number
}

/** A patient's scheme state on a day (YYYY-MM-DD), as `vaccinationDueOutliner` works it out. */
export type VaccinationStateOf = (
  patient: VaccinationPatient,
  today: string,
) => Pick<VaccinationState, 'status' | 'overdueCount'>

/** The vaccination rule over a patient's live doses, for a catalogue and scheme. */
export function vaccinationStateOf(
  vaccines: readonly DueVaccine[],
  scheme: readonly DueSchemeEntry[],
): VaccinationStateOf {
  const outline = vaccinationDueOutliner(vaccines, scheme)
  // One patient object filled in for each: the outliner keeps nothing of it, and 20 000 of them
  // made only to be dropped are work for the garbage collector.
  const due: DuePatient = { birthDate: '', sex: null, subgroups: [], risks: [] }
  return (patient, today) => {
    due.birthDate = patient.birth_date
    due.sex = patient.biological_sex
    due.subgroups = patient.subgroups
    due.risks = patient.occupational_risks
    return outline(due, patient.doses, today)
  }
}

/**
 * Each patient in scope's scheme state on `today`, by the vaccination rule over their live doses
 * (`stateOf`, which the device may answer from states it kept): the device's `/vaccinations`
 * summary holds the same, and the server's SQL follows the same steps.
 */
export function vaccinationStates(
  stateOf: VaccinationStateOf,
  patients: readonly VaccinationPatient[],
  scope: ReadonlySet<string>,
  today: string,
): VaccinationState[] {
  const states: VaccinationState[] = []
  for (const patient of patients) {
    if (!scope.has(patient.id)) continue
    const { status, overdueCount } = stateOf(patient, today)
    states.push({ patient_id: patient.id, status, overdueCount })
  }
  return states
}

/**
 * SPEC §2 "vaccinations" (`GET /vaccines{query}`): the doses applied in the period by vaccine
 * (most doses first, then by vaccine id in code-unit order), and the patients in scope by scheme
 * state today (SPEC §4: complete or incomplete) and with a dose overdue.
 */
export function vaccineFigures(
  patients: readonly VaccinationPatient[],
  states: readonly VaccinationState[],
  scope: ReadonlySet<string>,
  period: DashboardPeriod,
): VaccineFigures {
  const byVaccine = new Map<string, { doses: number; patients: Set<string> }>()
  for (const patient of patients) {
    if (patient.doses.length === 0 || !scope.has(patient.id)) continue
    for (const dose of patient.doses) {
      if (!dayInPeriod(dose.applicationDate, period)) continue
      let entry = byVaccine.get(dose.vaccineId)
      if (!entry) {
        entry = { doses: 0, patients: new Set<string>() }
        byVaccine.set(dose.vaccineId, entry)
      }
      entry.doses += 1
      entry.patients.add(patient.id)
    }
  }
  const vaccines = [...byVaccine.entries()]
    .map(([vaccine_id, entry]) => ({ vaccine_id, doses: entry.doses, patients: entry.patients.size }))
    .sort((a, b) => b.doses - a.doses || codeUnitOrder(a.vaccine_id, b.vaccine_id))
  let complete = 0
  let incomplete = 0
  let overdue = 0
  for (const state of states) {
    if (!scope.has(state.patient_id)) continue
    if (state.status === 'complete') complete += 1
    else incomplete += 1
    if (state.overdueCount > 0) overdue += 1
  }
  return { vaccines, complete, incomplete, overdue }
}
