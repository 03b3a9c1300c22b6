import type { ExamCondition, PeriodicExamDueRow } from '../contract/schemas/periodic-exams'
import {
  type DueListFilters,
  type DueListPatient,
  type LatestExam,
  periodicExamDueRows,
} from '../documents/periodic-exam-due-rows'
import type { LocalDb, LocalPatient, LocalPeriodicExam } from './local-db'

/**
 * The periodic exams' due list on the device (issue 22, `/digital-record/periodic-exams`): every
 * cached patient (the cache holds exactly the patients this user may see) with the due state the
 * contract's rule gives them, made by the same rows function as the server's spreadsheet. Built
 * in one pass for 20 000 patients within 500 ms at 4× throttle (bench/periodic-exam-due.ts): the
 * latest exam of each patient comes from an index's keys, not from the exams' rows.
 */

type ExamKey = [patientId: string, examinedOn: string, condition: ExamCondition]

/**
 * Each patient's latest live periodic exam (its day and rating), by patient id. The index keeps
 * every patient's exams side by side in day order, so the last key of a patient's run is theirs.
 * An exam deleted on this device but not yet sent is still in the table (marked deleted): the few
 * patients with one are worked out again from their live rows.
 */
export async function latestPeriodicExams(db: LocalDb): Promise<Map<string, LatestExam>> {
  const [keys, unsent] = await Promise.all([
    db.periodicExams.orderBy('[patient_id+examined_on+condition]').keys(),
    db.periodicExams.where('syncState').anyOf('pending', 'conflict', 'rejected').toArray(),
  ])
  const latest = new Map<string, LatestExam>()
  for (const key of keys as unknown as ExamKey[]) {
    // The index's keys are exactly these triples.
    latest.set(key[0], { examined_on: key[1], condition: key[2] })
  }
  const touched = new Set(unsent.filter((exam) => exam.deleted_at).map((exam) => exam.patient_id))
  for (const patientId of touched) {
    const exams = await db.periodicExams.where('patient_id').equals(patientId).toArray()
    const newest = latestOf(exams)
    if (newest) latest.set(patientId, newest)
    else latest.delete(patientId)
  }
  return latest
}

function latestOf(exams: readonly LocalPeriodicExam[]): LatestExam | null {
  let newest: LatestExam | null = null
  for (const exam of exams) {
    if (exam.deleted_at) continue
    if (!newest || exam.examined_on > newest.examined_on) {
      newest = { examined_on: exam.examined_on, condition: exam.condition }
    }
  }
  return newest
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** A cached patient as the rows function reads one. */
export function dueListPatientOf(patient: LocalPatient): DueListPatient {
  return {
    id: patient.id,
    name: patient.name ?? '',
    last_name: patient.last_name ?? '',
    second_last_name: patient.second_last_name ?? null,
    payroll_number: patient.payroll_number ?? null,
    curp: patient.curp ?? null,
    administrative_status: patient.administrative_status ?? null,
    exam_frequency: text(patient.exam_frequency),
    hire_date: text(patient.hire_date),
  }
}

export interface DeviceDueFilters extends DueListFilters {
  /** Only patients in this subgroup (an item of the tenant's subgroups catalogue). */
  subgroup?: string
}

/** A due-list row and what the device's filters need of its patient. */
export interface DeviceDueRow extends PeriodicExamDueRow {
  subgroups: string[]
}

/** Every cached patient's row on `today` (YYYY-MM-DD), narrowed by the filters, in the list's order. */
export async function periodicExamDueList(
  db: LocalDb,
  today: string,
  filters: DeviceDueFilters = {},
): Promise<DeviceDueRow[]> {
  const [patients, latest] = await Promise.all([db.patients.toArray(), latestPeriodicExams(db)])
  return dueRowsOf(patients, latest, today, filters)
}

/** The work of `periodicExamDueList` on rows already read. */
export function dueRowsOf(
  patients: readonly LocalPatient[],
  latest: ReadonlyMap<string, LatestExam>,
  today: string,
  filters: DeviceDueFilters = {},
): DeviceDueRow[] {
  const subgroupsOf = new Map<string, string[]>()
  const listed: DueListPatient[] = []
  for (const patient of patients) {
    if (patient.deleted_at) continue
    const subgroups = patient.subgroups ?? []
    if (filters.subgroup && !subgroups.includes(filters.subgroup)) continue
    subgroupsOf.set(patient.id, subgroups)
    listed.push(dueListPatientOf(patient))
  }
  return periodicExamDueRows(listed, latest, today, filters).map((row) => ({
    ...row,
    subgroups: subgroupsOf.get(row.patient_id) ?? [],
  }))
}

/**
 * Each patient's latest periodic exam's id (the due list's "view the last one"), from the keys of
 * [patient_id+examined_on] and their primary keys — two key-only reads in the same order.
 */
export async function latestPeriodicExamIds(db: LocalDb): Promise<Map<string, string>> {
  const index = db.periodicExams.orderBy('[patient_id+examined_on]')
  const [keys, ids] = await Promise.all([index.keys(), index.primaryKeys()])
  const latest = new Map<string, string>()
  keys.forEach((key, position) => {
    const id = ids[position]
    // The index's keys are [patient_id, examined_on] pairs.
    if (id !== undefined) latest.set((key as unknown as [string, string])[0], id)
  })
  return latest
}
