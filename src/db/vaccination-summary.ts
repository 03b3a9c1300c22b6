import type { DBCore, DBCoreIndex, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie'
import Dexie from 'dexie'
import type { DueDoseGiven } from '../contract/rules/vaccination-due'
import type { LocalDb, LocalPatient, LocalVaccinationRecord } from './local-db'
import { fullName, patientSortName } from './patient-sort-name'
import { doseGivenOf, duePatientOf } from './vaccination-due'

/**
 * The `/vaccinations` index's own table (issue 21, decision 0026): one compact row per patient
 * holding the due-date rule's inputs and what the index shows, so the index reads one small row
 * per patient instead of every full patient row and every record (3.8 s of IndexedDB reads over
 * 20 000 patients at 4× throttle). The due state itself is NOT kept: it depends on the day and on
 * the catalogue, so the index works it out when it reads (`vaccination-index.ts`), and overdue
 * doses follow the date without anything being written.
 * The database keeps the rows (`vaccinationSummaryMiddleware`): whoever writes a patient or a
 * vaccination record, the patient's row is computed again.
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

/**
 * The summary rows packed a thousand to a record (`vaccinationSummaryPacks`), as JSON text, for
 * the index's read: IndexedDB's cost is mostly per record and per object it copies, so 20 000 rows
 * read one by one cost 0.4–0.7 s at 4× throttle, 20 packs of objects 0.1–0.2 s, and 20 texts
 * parsed by `JSON.parse` less again. The per-patient rows stay the truth the database
 * keeps on every write; each row written since the last packing is named in
 * `vaccinationSummaryChanges`, and the index reads those rows themselves over the packs.
 * `packVaccinationSummaries` packs again (the index's screen asks for it when many have changed).
 */
export interface LocalVaccinationSummaryPack {
  id: number
  /** `JSON.stringify` of up to `PACK_SIZE` rows. */
  rows: string
}

/** A patient whose row changed (or went) since the rows were last packed. */
export interface LocalVaccinationSummaryChange {
  patient_id: string
}

const PACK_SIZE = 1000
/** Changed rows beyond which the index reads the table whole rather than each changed row. */
const UNPACKED_WHOLE = 2000

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

/** The tables of `VACCINATION_SUMMARY_STORES`: a writer of them puts these in its transaction's scope. */
export const vaccinationSummaryScope = (db: LocalDb) => [
  db.vaccinationSummaries,
  db.vaccinationSummaryChanges,
  db.vaccinationSummaryPacks,
  db.patients,
  db.vaccinationRecords,
]

/** The rows in packs of `PACK_SIZE`. */
export function packsOf(rows: readonly LocalVaccinationSummary[]): LocalVaccinationSummaryPack[] {
  const packs: LocalVaccinationSummaryPack[] = []
  for (let start = 0; start < rows.length; start += PACK_SIZE)
    packs.push({ id: packs.length, rows: JSON.stringify(rows.slice(start, start + PACK_SIZE)) })
  return packs
}

/**
 * Every summary row, from the packs and the rows changed since (read in the caller's transaction
 * when it has one), and how many rows were read one by one.
 */
export async function readVaccinationSummaries(
  db: LocalDb,
): Promise<{ rows: LocalVaccinationSummary[]; unpacked: number }> {
  const changed = await db.vaccinationSummaryChanges.toCollection().primaryKeys()
  // Most rows changed (a first sync): reading the table whole beats fetching each row by its key.
  if (changed.length > UNPACKED_WHOLE) {
    return { rows: await db.vaccinationSummaries.toArray(), unpacked: changed.length }
  }
  const [packs, fresh] = await Promise.all([
    db.vaccinationSummaryPacks.toArray(),
    db.vaccinationSummaries.bulkGet(changed),
  ])
  const replaced = new Set(changed)
  const rows: LocalVaccinationSummary[] = []
  for (const pack of packs) {
    // Written by `packsOf` from the rows: their own shape.
    const packed = JSON.parse(pack.rows) as LocalVaccinationSummary[]
    if (replaced.size === 0) rows.push(...packed)
    else for (const row of packed) if (!replaced.has(row.patient_id)) rows.push(row)
  }
  for (const row of fresh) if (row) rows.push(row)
  return { rows, unpacked: changed.length }
}

/** Packs every row again and forgets the changes, in one transaction. */
export function packVaccinationSummaries(db: LocalDb): Promise<void> {
  return db.transaction(
    'rw',
    [db.vaccinationSummaries, db.vaccinationSummaryChanges, db.vaccinationSummaryPacks],
    async () => {
      const rows = await db.vaccinationSummaries.toArray()
      await db.vaccinationSummaryPacks.clear()
      await db.vaccinationSummaryPacks.bulkPut(packsOf(rows))
      await db.vaccinationSummaryChanges.clear()
    },
  )
}

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

/** The patient a source row belongs to. */
const patientOf = (source: Source, row: { id?: unknown; patient_id?: unknown } | undefined) =>
  row === undefined ? undefined : String(source === 'patients' ? row.id : row.patient_id)

const isString = (value: string | undefined): value is string => value !== undefined

/**
 * Dexie's zones (its `PSD`): a read through the database's stack looks up the transaction of the
 * zone it runs in. An `await` of a native promise (another middleware's async `mutate`, the triage
 * summary's, below or above this one) may resume outside the zone, and a read there fails ("reading
 * 'mode' of undefined"). So the zone is taken when the write comes in, and every read of the
 * refresh is started in it. Dexie exposes both on its Promise; its types do not name them.
 */
type Zone = <T>(read: () => T) => T
const zones = Dexie.Promise as unknown as { PSD: unknown; usePSD<T>(psd: unknown, fn: () => T): T }
const currentZone = (): Zone => {
  const psd = zones.PSD
  return (read) => zones.usePSD(psd, read)
}

/**
 * Keeps `vaccinationSummaries` in step with its sources, whoever writes them (the pull, the
 * mutators, the acknowledgements, a merge, a discard), as the triage summary is kept
 * (`triage-summary.ts`). Each write of a source names patients; their rows are computed again
 * once it is done:
 * - in the same transaction when it holds every table the summary needs (the sync engine's and
 *   the vaccination mutators' transactions do): the index never sees one without the other;
 * - otherwise in a transaction of its own right after the write commits (a patient edited in a
 *   transaction of the patients alone: the patient mutators keep to their own tables so that they
 *   compose inside a caller's transaction of them), so the row is at most a moment behind;
 * - not at all in an upgrade of an earlier version: version 16's upgrade computes them all;
 * - every row again when a source is cleared (a range delete), packed at once.
 * Each patient it computes is named in `vaccinationSummaryChanges` (see the packs above).
 * Its writes go down the stack through Dexie's observation, so the index's live query sees them.
 */
export function vaccinationSummaryMiddleware(db: LocalDb): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'vaccinationSummary',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (!(SOURCES as readonly string[]).includes(name)) return table
        const source = name as Source
        return {
          ...table,
          async mutate(request) {
            const zone = currentZone()
            let patients: Set<string> | 'all'
            if (request.type === 'deleteRange') patients = 'all'
            else if (request.type === 'delete' && source === 'patients')
              patients = new Set(request.keys.map(String))
            else if (request.type === 'delete') {
              const old = await table.getMany({ trans: request.trans, keys: request.keys })
              patients = new Set(old.map((row) => patientOf(source, row)).filter(isString))
            } else patients = new Set(request.values.map((row) => patientOf(source, row)).filter(isString))
            const result = await table.mutate(request)
            if (patients !== 'all' && patients.size === 0) return result
            const trans = request.trans as unknown as IDBTransaction
            if (VACCINATION_SUMMARY_STORES.every((store) => trans.objectStoreNames.contains(store))) {
              await refreshVaccinationSummaries(down, request.trans, source, patients, zone)
            } else if (trans.mode !== 'versionchange') {
              trans.addEventListener('complete', () => {
                void Dexie.ignoreTransaction(() =>
                  db.transaction('rw', vaccinationSummaryScope(db), (tx) =>
                    refreshVaccinationSummaries(
                      db.core,
                      tx.idbtrans as unknown as DBCoreTransaction,
                      source,
                      patients,
                      currentZone(),
                    ),
                  ),
                ).catch(() => {
                  // The database closed first (a sign-out): its next open reads what is there.
                })
              })
            }
            return result
          },
        }
      },
    }),
  }
}

const indexOf = (table: DBCoreTable, name: string): DBCoreIndex => {
  const index = table.schema.indexes.find((candidate) => candidate.name === name)
  if (!index) throw new Error(`${table.name} has no index ${name}`)
  return index
}

const EVERY = { type: 3 /* DBCoreRangeType.Any */, lower: undefined, upper: undefined } as const
const only = (key: string) => ({ type: 1 /* DBCoreRangeType.Equal */, lower: key, upper: key }) as const

/** Computes the named patients' rows again (every row for `'all'`) in `trans`. */
async function refreshVaccinationSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  source: Source,
  patients: Set<string> | 'all',
  zone: Zone,
): Promise<void> {
  const summaries = core.table('vaccinationSummaries')
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
    const packs = core.table('vaccinationSummaryPacks')
    await zone(() =>
      Promise.all(
        ['vaccinationSummaries', 'vaccinationSummaryChanges', 'vaccinationSummaryPacks'].map((name) =>
          core.table(name).mutate({ type: 'deleteRange', trans, range: EVERY }),
        ),
      ),
    )
    if (rows.length > 0) await zone(() => summaries.mutate({ type: 'put', trans, values: rows }))
    const packed = packsOf(rows)
    if (packed.length > 0) await zone(() => packs.mutate({ type: 'put', trans, values: packed }))
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
  // Each row read over its packed copy from now on, until the rows are packed again.
  const changes = core.table('vaccinationSummaryChanges')
  await zone(() => changes.mutate({ type: 'put', trans, values: ids.map((patient_id) => ({ patient_id })) }))
}
