import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'
import type {
  LocalCovidConsultation,
  LocalDb,
  LocalDisability,
  LocalEncounter,
  LocalPatient,
} from './local-db'
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
 * The dashboard's own table (issue 24, docs/decisions/0030-dashboard.md): one compact row per
 * patient holding what the dashboard's rules (`contract/rules/dashboard/`) read of the patient and
 * their records that no other summary holds — the special sublabels they carry, their
 * consultations' diagnoses, their triage consultations, their disabilities — so the dashboard
 * reads one small row per patient instead of every consultation (20 000 patients with their
 * records within 500 ms at 4× throttle, bench/dashboard-device.ts). The patient's scheme and exam
 * inputs come from the vaccination and periodic exams' summaries, which hold them already.
 * Nothing is counted here: the figures depend on the filters and the day, so the dashboard runs
 * the rules when it reads (`features/dashboard/device-dashboard.ts`).
 * The database keeps the rows (`dashboardSummaryMiddleware`): whoever writes a patient or one of
 * those records, the patient's row is computed again. The dashboard reads them packed a thousand
 * to a record, with the rows changed since (`summary-packs.ts`).
 */
export interface LocalDashboardSummary {
  patient_id: string
  /** The patient is here and not deleted: counted. A row without holds records that came first. */
  present: boolean
  special_sublabel_ids: string[]
  /** The live consultations with a diagnosis (one without counts in no figure). */
  consultations: DashboardSummaryConsultation[]
  /** The live triage consultations. */
  triage: DashboardSummaryTriage[]
  /** The live disabilities. */
  disabilities: DashboardSummaryDisability[]
}

/** A consultation as the diagnoses and affected-systems rules read it, less its patient. */
export interface DashboardSummaryConsultation {
  id: string
  started_at: string
  diagnoses: Array<{ code: string; name: string; affected_system_id: string }>
}

/** A triage consultation as the COVID, pregnancy and tasks rules read it, less its patient. */
export interface DashboardSummaryTriage {
  id: string
  consulted_at: string
  status: string
  pregnancy: boolean | null
}

/** A disability as the lost-days and tasks rules read it (`DisabilitySpan`), less its patient. */
export interface DashboardSummaryDisability {
  id: string
  type_id: string
  start_date: string
  end_date: string
}

/** The record parts of a row, each computed from one source table's rows of the patient. */
type Parts = Pick<LocalDashboardSummary, 'consultations' | 'triage' | 'disabilities'>

const NO_PARTS: Parts = { consultations: [], triage: [], disabilities: [] }

/** The tables the summary is computed from. */
const SOURCES = ['patients', 'encounters', 'covidConsultations', 'disabilities'] as const
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
  db.encounters,
  db.covidConsultations,
  db.disabilities,
]

/** The summary's rows, changes and packs, for `readSummaries` and `packSummaries`. */
export const dashboardSummaryTables = (db: LocalDb): SummaryTables<LocalDashboardSummary> => ({
  rows: db.dashboardSummaries,
  changes: db.dashboardSummaryChanges,
  packs: db.dashboardSummaryPacks,
})

/** Packs the summary again (the dashboard asks for it when many rows have changed). */
export const packDashboardSummaries = (db: LocalDb) => packSummaries(db, dashboardSummaryTables(db))

const live = (row: { deleted_at?: string | null }) => !row.deleted_at

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** A patient's live consultations with a diagnosis, as the rules read them. */
export function consultationsPart(rows: readonly LocalEncounter[]): DashboardSummaryConsultation[] {
  return rows
    .filter((row) => live(row) && Array.isArray(row.diagnoses) && row.diagnoses.length > 0)
    .map((row) => ({
      id: row.id,
      started_at: row.started_at,
      diagnoses: row.diagnoses.map(({ code, name, affected_system_id }) => ({
        code,
        name,
        affected_system_id,
      })),
    }))
}

/** A patient's live triage consultations, as the rules read them. */
export function triagePart(rows: readonly LocalCovidConsultation[]): DashboardSummaryTriage[] {
  return rows.filter(live).map((row) => ({
    id: row.id,
    consulted_at: row.consulted_at,
    status: row.status,
    pregnancy: typeof row.pregnancy === 'boolean' ? row.pregnancy : null,
  }))
}

/** A patient's live disabilities, as the rules read them. */
export function disabilitiesPart(rows: readonly LocalDisability[]): DashboardSummaryDisability[] {
  return rows.filter(live).map((row) => ({
    id: row.id,
    type_id: row.type_id,
    start_date: row.start_date,
    end_date: row.end_date,
  }))
}

/** Each record table's part of a row, from the patient's rows of that table. */
const PART_OF: { [S in RecordSource]: (rows: never[]) => Partial<Parts> } = {
  encounters: (rows: LocalEncounter[]) => ({ consultations: consultationsPart(rows) }),
  covidConsultations: (rows: LocalCovidConsultation[]) => ({ triage: triagePart(rows) }),
  disabilities: (rows: LocalDisability[]) => ({ disabilities: disabilitiesPart(rows) }),
}

const hasRecords = (parts: Parts) =>
  parts.consultations.length > 0 || parts.triage.length > 0 || parts.disabilities.length > 0

/** What a row keeps of the patient. */
type PatientPart = Pick<LocalDashboardSummary, 'present' | 'special_sublabel_ids'>

const ABSENT: PatientPart = { present: false, special_sublabel_ids: [] }

/** The patient's part of their row: here or not, and the sublabels they carry. */
export const patientPart = (patient: LocalPatient | undefined): PatientPart =>
  patient && !patient.deleted_at
    ? { present: true, special_sublabel_ids: strings(patient.special_sublabel_ids) }
    : ABSENT

/**
 * A patient's row from their part and their record parts; none when the patient is not here
 * (or is deleted) and has no live record. A row is kept for every patient here, and for records
 * that came before their patient, so that a patient without a row has no live record: a patient's
 * own write then takes the record parts from the row it replaces, and a record's write the
 * patient's part.
 */
export function dashboardSummaryOf(
  patientId: string,
  patient: PatientPart,
  parts: Parts,
): LocalDashboardSummary | undefined {
  if (!patient.present && !hasRecords(parts)) return undefined
  return {
    patient_id: patientId,
    present: patient.present,
    special_sublabel_ids: patient.special_sublabel_ids,
    consultations: parts.consultations,
    triage: parts.triage,
    disabilities: parts.disabilities,
  }
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

/** Every row computed from the rows as they are: version 19's upgrade, and a cleared table's. */
export function dashboardSummariesOf(
  patients: readonly LocalPatient[],
  encounters: readonly LocalEncounter[],
  triage: readonly LocalCovidConsultation[],
  disabilities: readonly LocalDisability[],
): LocalDashboardSummary[] {
  const consultationsBy = groupBy(encounters)
  const triageBy = groupBy(triage)
  const disabilitiesBy = groupBy(disabilities)
  const partsOf = (id: string): Parts => ({
    consultations: consultationsPart(consultationsBy.get(id) ?? []),
    triage: triagePart(triageBy.get(id) ?? []),
    disabilities: disabilitiesPart(disabilitiesBy.get(id) ?? []),
  })
  const summaries: LocalDashboardSummary[] = []
  const seen = new Set<string>()
  for (const patient of patients) {
    seen.add(patient.id)
    const summary = dashboardSummaryOf(patient.id, patientPart(patient), partsOf(patient.id))
    if (summary) summaries.push(summary)
  }
  for (const id of new Set([...consultationsBy.keys(), ...triageBy.keys(), ...disabilitiesBy.keys()])) {
    if (seen.has(id)) continue
    const summary = dashboardSummaryOf(id, ABSENT, partsOf(id))
    if (summary) summaries.push(summary)
  }
  return summaries
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

async function readWhole<T>(core: DBCore, trans: DBCoreTransaction, name: string): Promise<T[]> {
  const table = core.table(name)
  const answer = await table.query({
    trans,
    values: true,
    query: { index: table.schema.primaryKey, range: EVERY },
  })
  return answer.result as T[]
}

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
    const [patientRows, encounterRows, triageRows, disabilityRows] = await zone(() =>
      Promise.all([
        readWhole<LocalPatient>(core, trans, 'patients'),
        readWhole<LocalEncounter>(core, trans, 'encounters'),
        readWhole<LocalCovidConsultation>(core, trans, 'covidConsultations'),
        readWhole<LocalDisability>(core, trans, 'disabilities'),
      ]),
    )
    const rows = dashboardSummariesOf(patientRows, encounterRows, triageRows, disabilityRows)
    await replaceSummaries(core, trans, NAMES, rows, zone)
    return
  }
  const ids = [...patients]
  const held = (await zone(() => summaries.getMany({ trans, keys: ids }))) as (
    | LocalDashboardSummary
    | undefined
  )[]
  const heldParts = (row: LocalDashboardSummary | undefined): Parts =>
    row ? { consultations: row.consultations, triage: row.triage, disabilities: row.disabilities } : NO_PARTS
  let patientParts: PatientPart[]
  let parts: Parts[]
  if (source === 'patients') {
    // A patient's own write leaves their records as they were: the row it replaces holds their
    // parts, and a patient without a row has no live record (see `dashboardSummaryOf`). No record
    // read, which keeps an initial sync of thousands of patients from querying each one's records.
    const rows = await zone(() => core.table('patients').getMany({ trans, keys: ids }))
    patientParts = (rows as (LocalPatient | undefined)[]).map(patientPart)
    parts = held.map(heldParts)
  } else {
    // A record's write leaves the patient as they were: a patient here has a row (any write of
    // theirs made one), so the held row says whether they are here and what they carry.
    const table = core.table(source)
    const index = indexOf(table, 'patient_id')
    const read = await zone(() =>
      Promise.all(ids.map((id) => table.query({ trans, values: true, query: { index, range: only(id) } }))),
    )
    const partOf = PART_OF[source] as (rows: unknown[]) => Partial<Parts>
    parts = read.map((answer, position) => ({ ...heldParts(held[position]), ...partOf(answer.result) }))
    patientParts = held.map((row) => row ?? ABSENT)
  }
  const put: LocalDashboardSummary[] = []
  const gone: string[] = []
  ids.forEach((id, position) => {
    const summary = dashboardSummaryOf(id, patientParts[position] ?? ABSENT, parts[position] ?? NO_PARTS)
    if (summary) put.push(summary)
    else gone.push(id)
  })
  if (put.length > 0) await zone(() => summaries.mutate({ type: 'put', trans, values: put }))
  if (gone.length > 0) await zone(() => summaries.mutate({ type: 'delete', trans, keys: gone }))
  await noteChangedSummaries(core, trans, NAMES.changes, ids, zone)
}
