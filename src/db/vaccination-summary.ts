import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'
import type { DueDoseGiven } from '../contract/rules/vaccination-due'
import type { LocalDb, LocalPatient, LocalVaccinationRecord } from './local-db'
import { fullName, patientSortName } from './patient-sort-name'
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
 * The `/vaccinations` index's own table (issue 21, decision 0026): one compact row per patient
 * holding the due-date rule's inputs and what the index shows, so the index reads one small row
 * per patient instead of every full patient row and every record (3.8 s of IndexedDB reads over
 * 20 000 patients at 4× throttle). The due state itself is NOT kept: it depends on the day and on
 * the catalogue, so the index works it out when it reads (`vaccination-index.ts`), and overdue
 * doses follow the date without anything being written.
 * The database keeps the rows (`vaccinationSummaryMiddleware`): whoever writes a patient or a
 * vaccination record, the patient's row is computed again. The index reads them packed a thousand
 * to a record, with the rows changed since (`summary-packs.ts`).
 */
export interface LocalVaccinationSummary {
  patient_id: string
  /** The name as the lists show it; null while the patient is not (or no longer) here: not listed. */
  name: string | null
  /**
   * The name as the patient list orders it (`patientSortName`: code-unit order is Spanish order),
   * so the index orders names without a collator over thousands of ties.
   */
  sortName: string
  payroll_number: string | null
  curp: string | null
  /**
   * The rule's patient (`DuePatient`) under its own names, so a row is passed to the rule as it
   * is read: the birth date (YYYY-MM-DD; null without one: no age, so not listed), the biological
   * sex, the subgroup items and the known occupational risks.
   */
  birthDate: string | null
  sex: string | null
  subgroups: string[]
  risks: string[]
  /** The live records as the rule counts them (`DueDoseGiven`), oldest first; deleted ones left out. */
  doses: DueDoseGiven[]
}

/** The tables the summary is computed from. */
const SOURCES = ['patients', 'vaccinationRecords'] as const
type Source = (typeof SOURCES)[number]
/** What a transaction must hold to keep the summary in step within itself. */
export const VACCINATION_SUMMARY_STORES = [
  'vaccinationSummaries',
  'vaccinationSummaryChanges',
  'vaccinationSummaryPacks',
  ...SOURCES,
] as const

/** The summary's own tables' names (`summary-packs.ts`). */
const NAMES = {
  rows: 'vaccinationSummaries',
  changes: 'vaccinationSummaryChanges',
  packs: 'vaccinationSummaryPacks',
} as const

/** The tables of `VACCINATION_SUMMARY_STORES`: a writer of them puts these in its transaction's scope. */
export const vaccinationSummaryScope = (db: LocalDb) => [
  db.vaccinationSummaries,
  db.vaccinationSummaryChanges,
  db.vaccinationSummaryPacks,
  db.patients,
  db.vaccinationRecords,
]

/** The summary's rows, changes and packs, for `readSummaries` and `packSummaries`. */
export const vaccinationSummaryTables = (db: LocalDb): SummaryTables<LocalVaccinationSummary> => ({
  rows: db.vaccinationSummaries,
  changes: db.vaccinationSummaryChanges,
  packs: db.vaccinationSummaryPacks,
})

/** Packs the summary again (the index's screen asks for it when many rows have changed). */
export const packVaccinationSummaries = (db: LocalDb) => packSummaries(db, vaccinationSummaryTables(db))

const live = (row: { deleted_at?: string | null }) => !row.deleted_at

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

const byApplication = (a: DueDoseGiven, b: DueDoseGiven) =>
  a.applicationDate < b.applicationDate ? -1 : a.applicationDate > b.applicationDate ? 1 : 0

/** The doses the rule counts from a patient's records: the live ones, oldest first. */
export function dosesOf(records: readonly LocalVaccinationRecord[]): DueDoseGiven[] {
  return records.filter(live).map(doseGivenOf).sort(byApplication)
}

/**
 * A patient's row from their row here and their doses; none when the patient is not here (or is
 * deleted) and has no live dose. A row is kept for every patient here, and for doses that came
 * before their patient (listed once the patient arrives), so that a patient without a row has no
 * live record: a patient's write then takes the doses from the row it replaces.
 */
export function vaccinationSummaryOf(
  patientId: string,
  patient: LocalPatient | undefined,
  doses: DueDoseGiven[],
): LocalVaccinationSummary | undefined {
  const present = patient && !patient.deleted_at ? patient : undefined
  if (!present && doses.length === 0) return undefined
  const duePatient = present ? duePatientOf(present) : null
  return {
    patient_id: patientId,
    name: present ? fullName(present) : null,
    sortName: patientSortName(present ?? {}),
    payroll_number: text(present?.payroll_number),
    curp: text(present?.curp),
    birthDate: duePatient?.birthDate ?? null,
    sex: duePatient?.sex ?? null,
    subgroups: duePatient ? [...duePatient.subgroups] : [],
    risks: duePatient ? [...duePatient.risks] : [],
    doses,
  }
}

/** Every row computed from the rows as they are: version 16's upgrade, and a cleared table's. */
export function vaccinationSummariesOf(
  patients: readonly LocalPatient[],
  records: readonly LocalVaccinationRecord[],
): LocalVaccinationSummary[] {
  const byPatient = new Map<string, LocalVaccinationRecord[]>()
  for (const record of records) {
    const list = byPatient.get(record.patient_id)
    if (list) list.push(record)
    else byPatient.set(record.patient_id, [record])
  }
  const summaries: LocalVaccinationSummary[] = []
  const seen = new Set<string>()
  for (const patient of patients) {
    seen.add(patient.id)
    const summary = vaccinationSummaryOf(patient.id, patient, dosesOf(byPatient.get(patient.id) ?? []))
    if (summary) summaries.push(summary)
  }
  for (const [patientId, rows] of byPatient) {
    if (seen.has(patientId)) continue
    const summary = vaccinationSummaryOf(patientId, undefined, dosesOf(rows))
    if (summary) summaries.push(summary)
  }
  return summaries
}

/**
 * Keeps `vaccinationSummaries` in step with the patients and the vaccination records, whoever
 * writes them (the pull, the mutators, the acknowledgements, a merge, a discard, a cleared table),
 * as `summary-middleware.ts` says when.
 */
export const vaccinationSummaryMiddleware = (db: LocalDb): Middleware<DBCore> =>
  summaryMiddleware(db, {
    name: 'vaccinationSummary',
    sources: SOURCES,
    stores: VACCINATION_SUMMARY_STORES,
    scope: vaccinationSummaryScope,
    refresh: refreshVaccinationSummaries,
  })

/** Computes the named patients' rows again (every row for `'all'`) in `trans`. */
async function refreshVaccinationSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  source: Source,
  patients: TouchedPatients,
  zone: Zone,
): Promise<void> {
  const summaries = core.table(NAMES.rows)
  if (patients === 'all') {
    const patientTable = core.table('patients')
    const recordTable = core.table('vaccinationRecords')
    const [patientRows, recordRows] = await Promise.all([
      patientTable.query({
        trans,
        values: true,
        query: { index: patientTable.schema.primaryKey, range: EVERY },
      }),
      recordTable.query({
        trans,
        values: true,
        query: { index: recordTable.schema.primaryKey, range: EVERY },
      }),
    ])
    const rows = vaccinationSummariesOf(
      patientRows.result as LocalPatient[],
      recordRows.result as LocalVaccinationRecord[],
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
  let doses: DueDoseGiven[][]
  if (source === 'patients') {
    // A patient's own write leaves their doses as they were: the row it replaces holds them, and
    // a patient without a row has no live record (see `vaccinationSummaryOf`). No record read,
    // which keeps an initial sync of thousands of patients from querying each one's records.
    doses = (held as (LocalVaccinationSummary | undefined)[]).map((row) => row?.doses ?? [])
  } else {
    const records = core.table('vaccinationRecords')
    const index = indexOf(records, 'patient_id')
    const read = await zone(() =>
      Promise.all(ids.map((id) => records.query({ trans, values: true, query: { index, range: only(id) } }))),
    )
    doses = read.map((answer) => dosesOf(answer.result as LocalVaccinationRecord[]))
  }
  const put: LocalVaccinationSummary[] = []
  const gone: string[] = []
  ids.forEach((id, index) => {
    const summary = vaccinationSummaryOf(
      id,
      patientRows[index] as LocalPatient | undefined,
      doses[index] ?? [],
    )
    if (summary) put.push(summary)
    else gone.push(id)
  })
  if (put.length > 0) await zone(() => summaries.mutate({ type: 'put', trans, values: put }))
  if (gone.length > 0) await zone(() => summaries.mutate({ type: 'delete', trans, keys: gone }))
  await noteChangedSummaries(core, trans, NAMES.changes, ids, zone)
}
