import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'
import type { DashboardTriageConsultation } from '../contract/rules/dashboard/covid'
import type { DashboardDisability } from '../contract/rules/dashboard/lost-days'
import { examDueOf } from '../contract/rules/dashboard/periodic-exams'
import type { DueDoseGiven } from '../contract/rules/vaccination-due'
import { dashboardSummaryCodec } from './dashboard-summary-pack'
import type {
  LocalCovidConsultation,
  LocalDb,
  LocalDisability,
  LocalPatient,
  LocalPeriodicExam,
  LocalVaccinationRecord,
} from './local-db'
import { fullName } from './patient-sort-name'
import { dueListPatientOf, latestExamOf } from './periodic-exam-summary'
import {
  EVERY,
  indexOf,
  only,
  summaryMiddleware,
  type TouchedPatients,
  type Zone,
} from './summary-middleware'
import { noteChangedSummaries, packSummaries, replaceSummaries, type SummaryTables } from './summary-packs'
import { doseGivenOf, duePatientOf } from './vaccination-due'

/**
 * The dashboard's own per-patient table (issue 24, docs/decisions/0032-dashboard.md): one compact
 * row per patient holding exactly what the dashboard's rules (`contract/rules/dashboard/`) read of
 * the patient and of their doses, latest periodic exam, triage consultations and disabilities, in
 * the rules' own shapes, so the dashboard reads one small row per patient and hands it to the
 * rules as it is (the consultations, the bulk of the records, are read by month from
 * `dashboard-consultations.ts`). The vaccination and periodic exams' summaries hold part of this,
 * with the lists' names, CURPs and sort keys beside it: read with them, and merged, the patients
 * cost the dashboard twice what this row does over 20 000 patients (bench/dashboard-device.ts).
 * The patient's inputs are normalised by those summaries' own functions (`duePatientOf`,
 * `dueListPatientOf`, `latestExamOf`), so every screen reads a patient alike. Nothing is counted
 * here: the figures depend on the filters and the day, so the dashboard runs the rules when it
 * reads (`features/dashboard/device-dashboard.ts`).
 * The database keeps the rows (`dashboardSummaryMiddleware`): whoever writes a patient or one of
 * those records, the patient's row is computed again. The dashboard reads them packed a thousand
 * to a record, with the rows changed since (`summary-packs.ts`).
 */
export interface LocalDashboardSummary {
  patient_id: string
  /** The patient as the rules read them (and their name, for the tasks); null while not here. */
  patient: DashboardSummaryPatient | null
  /** The live doses, as the vaccination rule reads them (`DueDoseGiven`). */
  doses: DueDoseGiven[]
  /** The latest live periodic exam's day: all the exam buckets read of the exams. */
  last_exam_on: string | null
  /**
   * When the patient's next periodic exam is due (`examDueOf`: from the latest exam or the hire
   * date, at the patient's frequency), as a day number; null while not here or never owed. It
   * does not depend on today, so it is worked out when the row is written, not on every reading.
   */
  exam_due_day: number | null
  /** The live triage consultations. */
  triage: DashboardSummaryTriage[]
  /** The live disabilities. */
  disabilities: DashboardSummaryDisability[]
}

/** `DashboardPatient` of the rules, with the name the tasks show. */
export interface DashboardSummaryPatient {
  id: string
  name: string
  subgroups: string[]
  special_sublabel_ids: string[]
  hire_date: string | null
  exam_frequency: string | null
  /** YYYY-MM-DD; '' without one (SPEC §3 asks for it: no scheme entry applies without an age). */
  birth_date: string
  biological_sex: string | null
  occupational_risks: string[]
}

/** A triage consultation as the COVID, pregnancy and tasks rules read it. */
export type DashboardSummaryTriage = DashboardTriageConsultation

/** A disability as the lost-days and tasks rules read it. */
export type DashboardSummaryDisability = DashboardDisability

/** The record parts of a row, each computed from one source table's rows of the patient. */
type Parts = Pick<LocalDashboardSummary, 'doses' | 'last_exam_on' | 'triage' | 'disabilities'>

const NO_PARTS: Parts = { doses: [], last_exam_on: null, triage: [], disabilities: [] }

/** The tables the summary is computed from. */
const SOURCES = [
  'patients',
  'vaccinationRecords',
  'periodicExams',
  'covidConsultations',
  'disabilities',
] as const
type Source = (typeof SOURCES)[number]
type RecordSource = Exclude<Source, 'patients'>

/** What a transaction must hold to keep the summary in step within itself. */
export const DASHBOARD_SUMMARY_STORES = [
  'dashboardSummaries',
  'dashboardSummaryChanges',
  'dashboardSummaryPacks',
  ...SOURCES,
] as const

const NAMES = {
  rows: 'dashboardSummaries',
  changes: 'dashboardSummaryChanges',
  packs: 'dashboardSummaryPacks',
} as const

/** The tables of `DASHBOARD_SUMMARY_STORES`: a writer of them puts these in its transaction's scope. */
export const dashboardSummaryScope = (db: LocalDb) => [
  db.dashboardSummaries,
  db.dashboardSummaryChanges,
  db.dashboardSummaryPacks,
  db.patients,
  db.vaccinationRecords,
  db.periodicExams,
  db.covidConsultations,
  db.disabilities,
]

/** The summary's rows, changes and packs, for `readSummaries` and `packSummaries`. */
export const dashboardSummaryTables = (db: LocalDb): SummaryTables<LocalDashboardSummary> => ({
  rows: db.dashboardSummaries,
  changes: db.dashboardSummaryChanges,
  packs: db.dashboardSummaryPacks,
  codec: dashboardSummaryCodec,
})

/** Packs the summary again (the dashboard asks for it when many rows have changed). */
export const packDashboardSummaries = (db: LocalDb) => packSummaries(db, dashboardSummaryTables(db))

const live = (row: { deleted_at?: string | null }) => !row.deleted_at

/** The patient's part of their row: as the rules read them, or null when they are not here. */
export function summaryPatientOf(patient: LocalPatient | undefined): DashboardSummaryPatient | null {
  if (!patient || patient.deleted_at) return null
  const due = duePatientOf(patient)
  const exams = dueListPatientOf(patient)
  return {
    id: patient.id,
    name: fullName(patient),
    subgroups: due ? [...due.subgroups] : Array.isArray(patient.subgroups) ? [...patient.subgroups] : [],
    special_sublabel_ids: Array.isArray(patient.special_sublabel_ids)
      ? patient.special_sublabel_ids.filter((id): id is string => typeof id === 'string')
      : [],
    hire_date: exams.hire_date,
    exam_frequency: exams.exam_frequency,
    birth_date: due?.birthDate ?? '',
    biological_sex: due?.sex ?? null,
    occupational_risks: due ? [...due.risks] : [],
  }
}

/** A patient's live doses, as the rules read them. */
export const dosesPart = (rows: readonly LocalVaccinationRecord[]): DueDoseGiven[] =>
  rows.filter(live).map(doseGivenOf)

/** A patient's live triage consultations, as the rules read them. */
export const triagePart = (rows: readonly LocalCovidConsultation[]): DashboardSummaryTriage[] =>
  rows.filter(live).map((row) => ({
    id: row.id,
    consulted_at: row.consulted_at,
    status: row.status,
    pregnancy: typeof row.pregnancy === 'boolean' ? row.pregnancy : null,
  }))

/** A patient's live disabilities, as the rules read them. */
export const disabilitiesPart = (rows: readonly LocalDisability[]): DashboardSummaryDisability[] =>
  rows.filter(live).map(({ id, type_id, start_date, end_date }) => ({ id, type_id, start_date, end_date }))

/** Each record table's part of a row, from the patient's rows of that table. */
const PART_OF: { [S in RecordSource]: (rows: never[]) => Partial<Parts> } = {
  vaccinationRecords: (rows: LocalVaccinationRecord[]) => ({ doses: dosesPart(rows) }),
  periodicExams: (rows: LocalPeriodicExam[]) => ({ last_exam_on: latestExamOf(rows)?.examined_on ?? null }),
  covidConsultations: (rows: LocalCovidConsultation[]) => ({ triage: triagePart(rows) }),
  disabilities: (rows: LocalDisability[]) => ({ disabilities: disabilitiesPart(rows) }),
}

const hasRecords = (parts: Parts) =>
  parts.doses.length > 0 ||
  parts.last_exam_on !== null ||
  parts.triage.length > 0 ||
  parts.disabilities.length > 0

/**
 * A patient's row from their part and their record parts; none when the patient is not here
 * (or is deleted) and has no live record. A row is kept for every patient here, and for records
 * that came before their patient, so that a patient without a row has no live record: a patient's
 * own write then takes the record parts from the row it replaces, and a record's write the
 * patient's part.
 */
export function dashboardSummaryOf(
  patientId: string,
  patient: DashboardSummaryPatient | null,
  parts: Parts,
): LocalDashboardSummary | undefined {
  if (patient === null && !hasRecords(parts)) return undefined
  const exam_due_day = patient === null ? null : examDueOf(patient, parts.last_exam_on).exam_due_day
  return { patient_id: patientId, patient, ...parts, exam_due_day }
}

function groupBy<T extends { patient_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const list = groups.get(row.patient_id)
    if (list) list.push(row)
    else groups.set(row.patient_id, [row])
  }
  return groups
}

/** What every row is computed from, whole: version 19's upgrade, and a cleared table's. */
export interface DashboardSources {
  patients: readonly LocalPatient[]
  vaccinationRecords: readonly LocalVaccinationRecord[]
  periodicExams: readonly LocalPeriodicExam[]
  covidConsultations: readonly LocalCovidConsultation[]
  disabilities: readonly LocalDisability[]
}

/** Every row computed from the rows as they are. */
export function dashboardSummariesOf(sources: DashboardSources): LocalDashboardSummary[] {
  const doses = groupBy(sources.vaccinationRecords)
  const exams = groupBy(sources.periodicExams)
  const triage = groupBy(sources.covidConsultations)
  const disabilities = groupBy(sources.disabilities)
  const partsOf = (id: string): Parts => ({
    doses: dosesPart(doses.get(id) ?? []),
    last_exam_on: latestExamOf(exams.get(id) ?? [])?.examined_on ?? null,
    triage: triagePart(triage.get(id) ?? []),
    disabilities: disabilitiesPart(disabilities.get(id) ?? []),
  })
  const summaries: LocalDashboardSummary[] = []
  const seen = new Set<string>()
  for (const patient of sources.patients) {
    seen.add(patient.id)
    const summary = dashboardSummaryOf(patient.id, summaryPatientOf(patient), partsOf(patient.id))
    if (summary) summaries.push(summary)
  }
  for (const id of new Set([...doses.keys(), ...exams.keys(), ...triage.keys(), ...disabilities.keys()])) {
    if (seen.has(id)) continue
    const summary = dashboardSummaryOf(id, null, partsOf(id))
    if (summary) summaries.push(summary)
  }
  return summaries
}

/** Every table of `DashboardSources`, read whole in `trans`. */
export async function readDashboardSources(
  core: DBCore,
  trans: DBCoreTransaction,
  zone: Zone,
): Promise<DashboardSources> {
  const whole = async <T>(name: string): Promise<T[]> => {
    const table = core.table(name)
    const answer = await zone(() =>
      table.query({ trans, values: true, query: { index: table.schema.primaryKey, range: EVERY } }),
    )
    return answer.result as T[]
  }
  const [patients, vaccinationRecords, periodicExams, covidConsultations, disabilities] = await Promise.all([
    whole<LocalPatient>('patients'),
    whole<LocalVaccinationRecord>('vaccinationRecords'),
    whole<LocalPeriodicExam>('periodicExams'),
    whole<LocalCovidConsultation>('covidConsultations'),
    whole<LocalDisability>('disabilities'),
  ])
  return { patients, vaccinationRecords, periodicExams, covidConsultations, disabilities }
}

/**
 * Keeps `dashboardSummaries` in step with the patients and their records, whoever writes them
 * (the pull, the mutators, the acknowledgements, a merge, a discard, a cleared table), as
 * `summary-middleware.ts` says when.
 */
export const dashboardSummaryMiddleware = (db: LocalDb): Middleware<DBCore> =>
  summaryMiddleware(db, {
    name: 'dashboardSummary',
    sources: SOURCES,
    stores: DASHBOARD_SUMMARY_STORES,
    scope: dashboardSummaryScope,
    refresh: refreshDashboardSummaries,
  })

/** Computes the named patients' rows again (every row for `'all'`) in `trans`. */
async function refreshDashboardSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  source: Source,
  patients: TouchedPatients,
  zone: Zone,
): Promise<void> {
  const summaries = core.table(NAMES.rows)
  if (patients === 'all') {
    const rows = dashboardSummariesOf(await readDashboardSources(core, trans, zone))
    await replaceSummaries(core, trans, NAMES, rows, zone, dashboardSummaryCodec)
    return
  }
  const ids = [...patients]
  const held = (await zone(() => summaries.getMany({ trans, keys: ids }))) as (
    | LocalDashboardSummary
    | undefined
  )[]
  const heldParts = (row: LocalDashboardSummary | undefined): Parts =>
    row
      ? {
          doses: row.doses,
          last_exam_on: row.last_exam_on,
          triage: row.triage,
          disabilities: row.disabilities,
        }
      : NO_PARTS
  let patientParts: (DashboardSummaryPatient | null)[]
  let parts: Parts[]
  if (source === 'patients') {
    // A patient's own write leaves their records as they were: the row it replaces holds their
    // parts, and a patient without a row has no live record (see `dashboardSummaryOf`). No record
    // read, which keeps an initial sync of thousands of patients from querying each one's records.
    const rows = await zone(() => core.table('patients').getMany({ trans, keys: ids }))
    patientParts = (rows as (LocalPatient | undefined)[]).map(summaryPatientOf)
    parts = held.map(heldParts)
  } else {
    // A record's write leaves the patient as they were: a patient here has a row (any write of
    // theirs made one), so the held row gives their part.
    const table = core.table(source)
    const index = indexOf(table, 'patient_id')
    const read = await zone(() =>
      Promise.all(ids.map((id) => table.query({ trans, values: true, query: { index, range: only(id) } }))),
    )
    const partOf = PART_OF[source] as (rows: unknown[]) => Partial<Parts>
    parts = read.map((answer, position) => ({ ...heldParts(held[position]), ...partOf(answer.result) }))
    patientParts = held.map((row) => row?.patient ?? null)
  }
  const put: LocalDashboardSummary[] = []
  const gone: string[] = []
  ids.forEach((id, position) => {
    const summary = dashboardSummaryOf(id, patientParts[position] ?? null, parts[position] ?? NO_PARTS)
    if (summary) put.push(summary)
    else gone.push(id)
  })
  if (put.length > 0) await zone(() => summaries.mutate({ type: 'put', trans, values: put }))
  if (gone.length > 0) await zone(() => summaries.mutate({ type: 'delete', trans, keys: gone }))
  await noteChangedSummaries(core, trans, NAMES.changes, ids, zone)
}
