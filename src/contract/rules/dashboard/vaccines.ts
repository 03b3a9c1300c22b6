import {
  type DueDoseGiven,
  type DueSchemeEntry,
  type DueVaccine,
  vaccinationDueOutliner,
} from '../vaccination-due'
import { codeUnitOrder, type DashboardPeriod, dayInPeriod } from './scope'

/** A dose as the dashboard reads it. */
export interface DashboardDose {
  patient_id: string
  vaccine_id: string
  dose_number: number
  applied_on: string
  booster: boolean
  deleted_at?: string | null
}

/** What the scheme reads of a patient (`DuePatient` with the API's names). */
export interface VaccinationPatient {
  id: string
  birth_date: string
  biological_sex: string | null
  subgroups: readonly string[]
  occupational_risks: readonly string[]
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

/**
 * Each patient in scope's scheme state on `today`, by the vaccination rule over their live doses:
 * the device's `/vaccinations` summary holds the same, and the server's SQL follows the same steps.
 */
export function vaccinationStates(
  vaccines: readonly DueVaccine[],
  scheme: readonly DueSchemeEntry[],
  patients: readonly VaccinationPatient[],
  doses: readonly DashboardDose[],
  scope: ReadonlySet<string>,
  today: string,
): VaccinationState[] {
  const outline = vaccinationDueOutliner(vaccines, scheme)
  const given = new Map<string, DueDoseGiven[]>()
  for (const dose of doses) {
    if (dose.deleted_at || !scope.has(dose.patient_id)) continue
    const list = given.get(dose.patient_id) ?? []
    list.push({
      vaccineId: dose.vaccine_id,
      doseNumber: dose.dose_number,
      applicationDate: dose.applied_on,
      booster: dose.booster,
    })
    given.set(dose.patient_id, list)
  }
  const states: VaccinationState[] = []
  for (const patient of patients) {
    if (!scope.has(patient.id)) continue
    const due = outline(
      {
        birthDate: patient.birth_date,
        sex: patient.biological_sex,
        subgroups: patient.subgroups,
        risks: patient.occupational_risks,
      },
      given.get(patient.id) ?? [],
      today,
    )
    states.push({ patient_id: patient.id, status: due.status, overdueCount: due.overdueCount })
  }
  return states
}

/**
 * SPEC §2 "vaccinations" (`GET /vaccines{query}`): the doses applied in the period by vaccine
 * (most doses first, then by vaccine id in code-unit order), and the patients in scope by scheme
 * state today (SPEC §4: complete or incomplete) and with a dose overdue.
 */
export function vaccineFigures(
  doses: readonly DashboardDose[],
  states: readonly VaccinationState[],
  scope: ReadonlySet<string>,
  period: DashboardPeriod,
): VaccineFigures {
  const byVaccine = new Map<string, { doses: number; patients: Set<string> }>()
  for (const dose of doses) {
    if (dose.deleted_at || !scope.has(dose.patient_id) || !dayInPeriod(dose.applied_on, period)) continue
    const entry = byVaccine.get(dose.vaccine_id) ?? { doses: 0, patients: new Set<string>() }
    entry.doses += 1
    entry.patients.add(dose.patient_id)
    byVaccine.set(dose.vaccine_id, entry)
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
