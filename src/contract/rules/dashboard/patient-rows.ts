import type { DisabilitySpan } from '../disability-days'
import type { DashboardTriageConsultation } from './covid'
import type { DashboardPatient } from './figures'
import { type ExamDone, examDueOf, latestExamDays } from './periodic-exams'
import type { ScopePatient } from './scope'

/**
 * The patients as the rules take them (`DashboardPatient`: each with their own live records and
 * their next exam's due day) from plain rows as a database holds them, every record naming its
 * patient: what the agreement test makes of the server's tables and the device's tests of its
 * record tables. The device keeps them so already, one row per patient (`db/dashboard-summary.ts`).
 */
export interface DashboardRows {
  patients: ReadonlyArray<
    ScopePatient & {
      hire_date: string | null
      exam_frequency: string | null
      birth_date: string
      biological_sex: string | null
      occupational_risks: readonly string[]
    }
  >
  doses: ReadonlyArray<{
    patient_id: string
    vaccine_id: string
    dose_number: number
    applied_on: string
    booster: boolean
    deleted_at?: string | null
  }>
  exams: readonly ExamDone[]
  triage: ReadonlyArray<DashboardTriageConsultation & { patient_id: string; deleted_at?: string | null }>
  disabilities: ReadonlyArray<DisabilitySpan & { deleted_at?: string | null }>
}

/** Live rows by their patient. */
function byPatient<T extends { patient_id: string; deleted_at?: string | null }, U>(
  rows: readonly T[],
  shape: (row: T) => U,
): Map<string, U[]> {
  const groups = new Map<string, U[]>()
  for (const row of rows) {
    if (row.deleted_at) continue
    const list = groups.get(row.patient_id)
    if (list) list.push(shape(row))
    else groups.set(row.patient_id, [shape(row)])
  }
  return groups
}

/** Every patient of the rows with their live records, in the rows' order. */
export function dashboardPatientsOf(rows: DashboardRows): DashboardPatient[] {
  const doses = byPatient(rows.doses, (dose) => ({
    vaccineId: dose.vaccine_id,
    doseNumber: dose.dose_number,
    applicationDate: dose.applied_on,
    booster: dose.booster,
  }))
  const triage = byPatient(rows.triage, ({ id, consulted_at, status, pregnancy }) => ({
    id,
    consulted_at,
    status,
    pregnancy,
  }))
  const disabilities = byPatient(rows.disabilities, ({ id, type_id, start_date, end_date }) => ({
    id,
    type_id,
    start_date,
    end_date,
  }))
  const latest = latestExamDays(rows.exams)
  return rows.patients.map((patient) => ({
    id: patient.id,
    deleted_at: patient.deleted_at,
    subgroups: patient.subgroups,
    special_sublabel_ids: patient.special_sublabel_ids,
    birth_date: patient.birth_date,
    biological_sex: patient.biological_sex,
    occupational_risks: patient.occupational_risks,
    ...examDueOf(patient, latest.get(patient.id) ?? null),
    doses: doses.get(patient.id) ?? [],
    triage: triage.get(patient.id) ?? [],
    disabilities: disabilities.get(patient.id) ?? [],
  }))
}
