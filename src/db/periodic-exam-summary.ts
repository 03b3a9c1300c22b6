import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'
import type { ExamCondition } from '../contract/schemas/periodic-exams'
import type { DueListPatient } from '../documents/periodic-exam-due-rows'
import type { LocalDb, LocalPatient, LocalPeriodicExam } from './local-db'
import {
  EVERY,
  indexOf,
  only,
  summaryMiddleware,
  type TouchedPatients,
  type Zone,
} from './summary-middleware'
import { noteChangedSummaries, packSummaries, replaceSummaries, type SummaryTables } from './summary-packs'

/**
 * The periodic exams' due list's own table (issue 22, decision 0027): one compact row per patient
 * holding the due rule's inputs and what the list shows, so `/digital-record/periodic-exams` reads
 * one small row per patient instead of every full patient row and the exams' index keys (3.1 s
 * over 20 000 patients at 4× throttle). The due state itself is NOT kept: it depends on the day,
 * so the list works it out when it reads (`periodic-exam-due.ts`) and states follow the date
 * without anything being written.
 * The database keeps the rows (`periodicExamSummaryMiddleware`): whoever writes a patient or a
 * periodic exam, the patient's row is computed again. The list reads them packed a thousand to a
 * record, with the rows changed since (`summary-packs.ts`).
 */
export interface LocalPeriodicExamSummary {
  patient_id: string
  /**
   * The patient as the rows function reads them (name parts, payroll, CURP, administrative
   * status, frequency, hire date); null while the patient is not (or no longer) here: not listed.
   */
  patient: DueListPatient | null
  /** The patient's subgroup items: the list's subgroup filter. */
  subgroups: string[]
  /** The latest live exam (by day, then id): its id for "view the last one", its day and rating. */
  last_id: string | null
  last_exam_on: string | null
  last_condition: ExamCondition | null
}

/** The tables the summary is computed from. */
const SOURCES = ['patients', 'periodicExams'] as const
type Source = (typeof SOURCES)[number]
/** What a transaction must hold to keep the summary in step within itself. */
export const PERIODIC_EXAM_SUMMARY_STORES = [
  'periodicExamSummaries',
  'periodicExamSummaryChanges',
  'periodicExamSummaryPacks',
  ...SOURCES,
] as const

/** The summary's own tables' names (`summary-packs.ts`). */
const NAMES = {
  rows: 'periodicExamSummaries',
  changes: 'periodicExamSummaryChanges',
  packs: 'periodicExamSummaryPacks',
} as const

/** The tables of `PERIODIC_EXAM_SUMMARY_STORES`: a writer of them puts these in its transaction's scope. */
export const periodicExamSummaryScope = (db: LocalDb) => [
  db.periodicExamSummaries,
  db.periodicExamSummaryChanges,
  db.periodicExamSummaryPacks,
  db.patients,
  db.periodicExams,
]

/** The summary's rows, changes and packs, for `readSummaries` and `packSummaries`. */
export const periodicExamSummaryTables = (db: LocalDb): SummaryTables<LocalPeriodicExamSummary> => ({
  rows: db.periodicExamSummaries,
  changes: db.periodicExamSummaryChanges,
  packs: db.periodicExamSummaryPacks,
})

/** Packs the summary again (the due list's screen asks for it when many rows have changed). */
export const packPeriodicExamSummaries = (db: LocalDb) => packSummaries(db, periodicExamSummaryTables(db))

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

/**
 * The latest live exam: the latest day, then the greatest id (the order of the
 * `[patient_id+examined_on]` index, so two exams of one day have one latest). An exam deleted
 * here and not yet sent is still in the table, marked deleted: it does not count.
 */
export function latestExamOf(exams: readonly LocalPeriodicExam[]): LocalPeriodicExam | undefined {
  let newest: LocalPeriodicExam | undefined
  for (const exam of exams) {
    if (exam.deleted_at) continue
    if (
      !newest ||
      exam.examined_on > newest.examined_on ||
      (exam.examined_on === newest.examined_on && exam.id > newest.id)
    )
      newest = exam
  }
  return newest
}

/** What the summary keeps of the latest exam. */
type Latest = Pick<LocalPeriodicExamSummary, 'last_id' | 'last_exam_on' | 'last_condition'>

const latestFields = (exam: LocalPeriodicExam | undefined): Latest => ({
  last_id: exam?.id ?? null,
  last_exam_on: exam?.examined_on ?? null,
  last_condition: exam?.condition ?? null,
})

/**
 * A patient's row from their row here and their latest live exam; none when the patient is not
 * here (or is deleted) and has no live exam. A row is kept for every patient here, and for exams
 * that came before their patient (listed once the patient arrives), so that a patient without a
 * row has no live exam: a patient's own write then takes the latest exam from the row it replaces.
 */
export function periodicExamSummaryOf(
  patientId: string,
  patient: LocalPatient | undefined,
  latest: Latest,
): LocalPeriodicExamSummary | undefined {
  const present = patient && !patient.deleted_at ? patient : undefined
  if (!present && latest.last_id === null) return undefined
  return {
    patient_id: patientId,
    patient: present ? dueListPatientOf(present) : null,
    subgroups: present?.subgroups ? [...present.subgroups] : [],
    ...latest,
  }
}

/** Every row computed from the rows as they are: version 17's upgrade, and a cleared table's. */
export function periodicExamSummariesOf(
  patients: readonly LocalPatient[],
  exams: readonly LocalPeriodicExam[],
): LocalPeriodicExamSummary[] {
  const byPatient = new Map<string, LocalPeriodicExam[]>()
  for (const exam of exams) {
    const list = byPatient.get(exam.patient_id)
    if (list) list.push(exam)
    else byPatient.set(exam.patient_id, [exam])
  }
  const summaries: LocalPeriodicExamSummary[] = []
  const seen = new Set<string>()
  for (const patient of patients) {
    seen.add(patient.id)
    const summary = periodicExamSummaryOf(
      patient.id,
      patient,
      latestFields(latestExamOf(byPatient.get(patient.id) ?? [])),
    )
    if (summary) summaries.push(summary)
  }
  for (const [patientId, rows] of byPatient) {
    if (seen.has(patientId)) continue
    const summary = periodicExamSummaryOf(patientId, undefined, latestFields(latestExamOf(rows)))
    if (summary) summaries.push(summary)
  }
  return summaries
}

/**
 * Keeps `periodicExamSummaries` in step with the patients and the periodic exams, whoever writes
 * them (the pull, the mutators, the acknowledgements, a merge, a discard, a cleared table), as
 * `summary-middleware.ts` says when.
 */
export const periodicExamSummaryMiddleware = (db: LocalDb): Middleware<DBCore> =>
  summaryMiddleware(db, {
    name: 'periodicExamSummary',
    sources: SOURCES,
    stores: PERIODIC_EXAM_SUMMARY_STORES,
    scope: periodicExamSummaryScope,
    refresh: refreshPeriodicExamSummaries,
  })

/** Computes the named patients' rows again (every row for `'all'`) in `trans`. */
async function refreshPeriodicExamSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  source: Source,
  patients: TouchedPatients,
  zone: Zone,
): Promise<void> {
  const summaries = core.table(NAMES.rows)
  if (patients === 'all') {
    const patientTable = core.table('patients')
    const examTable = core.table('periodicExams')
    const [patientRows, examRows] = await zone(() =>
      Promise.all([
        patientTable.query({
          trans,
          values: true,
          query: { index: patientTable.schema.primaryKey, range: EVERY },
        }),
        examTable.query({ trans, values: true, query: { index: examTable.schema.primaryKey, range: EVERY } }),
      ]),
    )
    const rows = periodicExamSummariesOf(
      patientRows.result as LocalPatient[],
      examRows.result as LocalPeriodicExam[],
    )
    await replaceSummaries(core, trans, NAMES, rows, zone)
    return
  }
  const ids = [...patients]
  const [patientRows, held] = await zone(() =>
    Promise.all([
      core.table('patients').getMany({ trans, keys: ids }),
      source === 'patients' ? summaries.getMany({ trans, keys: ids }) : Promise.resolve([]),
    ]),
  )
  let latest: Latest[]
  if (source === 'patients') {
    // A patient's own write leaves their exams as they were: the row it replaces holds the latest
    // one, and a patient without a row has no live exam (see `periodicExamSummaryOf`). No exam
    // read, which keeps an initial sync of thousands of patients from querying each one's exams.
    latest = (held as (LocalPeriodicExamSummary | undefined)[]).map((row) => ({
      last_id: row?.last_id ?? null,
      last_exam_on: row?.last_exam_on ?? null,
      last_condition: row?.last_condition ?? null,
    }))
  } else {
    const exams = core.table('periodicExams')
    const index = indexOf(exams, 'patient_id')
    const read = await zone(() =>
      Promise.all(ids.map((id) => exams.query({ trans, values: true, query: { index, range: only(id) } }))),
    )
    latest = read.map((answer) => latestFields(latestExamOf(answer.result as LocalPeriodicExam[])))
  }
  const put: LocalPeriodicExamSummary[] = []
  const gone: string[] = []
  ids.forEach((id, position) => {
    const summary = periodicExamSummaryOf(
      id,
      patientRows[position] as LocalPatient | undefined,
      latest[position] ?? latestFields(undefined),
    )
    if (summary) put.push(summary)
    else gone.push(id)
  })
  if (put.length > 0) await zone(() => summaries.mutate({ type: 'put', trans, values: put }))
  if (gone.length > 0) await zone(() => summaries.mutate({ type: 'delete', trans, keys: gone }))
  await noteChangedSummaries(core, trans, NAMES.changes, ids, zone)
}
