import type { DBCore, DBCoreIndex, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie'
import Dexie from 'dexie'
import { TRIAGE_CLASSIFICATIONS, type TriageClassification } from '../contract/rules/triage-classification'
import { currentClassification, urgencyOf } from './covid'
import type {
  LocalCovidConsultation,
  LocalCovidDecline,
  LocalCovidReclassification,
  LocalDb,
  LocalPatient,
  SyncState,
} from './local-db'
import { fullName } from './patient-sort-name'

/**
 * The COVID triage list's own table (issue 20, decision 0025): one row per patient with a live
 * triage consultation, holding what the list shows of them, so that `/covid` reads its first page
 * in its order and its counts from indexes instead of every consultation and every patient.
 * The database keeps it (`triageSummaryMiddleware`): whoever writes a patient, a consultation, a
 * reclassification or a declined follow-up, the patient's row is computed again from the rows.
 */
export interface LocalTriageSummary {
  patient_id: string
  /** The patient's name as the list shows it; null while the patient is not (or no longer) here. */
  name: string | null
  curp: string
  /** The last consultation (by `consulted_at`, then id, as the server orders them). */
  last_id: string
  consulted_at: string
  status: string
  /** The classification now: the last consultation's, or a reclassification's over it. */
  classification: TriageClassification
  /** `urgencyOf(classification)`, the most urgent highest. */
  urgency: number
  /**
   * The list's order as keys that ascend: `rank` 1 for the most urgent classification, 2 for the
   * next…, then `recency`, minus the last consultation's instant in ms, so the most urgent, then
   * the latest, come first. An index read forwards is answered in one
   * request (`getAll` with a limit); read in reverse it would be a cursor stepped row by row.
   */
  rank: number
  recency: number
  consultations: number
  declines: number
  /** 1 with any declined follow-up, else 0 (IndexedDB indexes no booleans): counted by index. */
  declined: 0 | 1
  /** The last consultation's. */
  syncState: SyncState
}

/** The tables the summary is computed from. */
const SOURCES = ['patients', 'covidConsultations', 'covidReclassifications', 'covidDeclines'] as const
type Source = (typeof SOURCES)[number]
/** What a transaction must hold to keep the summary in step within itself. */
export const TRIAGE_SUMMARY_STORES = ['triageSummaries', ...SOURCES] as const

/** The tables of `TRIAGE_SUMMARY_STORES`: a writer of them puts these in its transaction's scope. */
export const triageSummaryScope = (db: LocalDb) => [
  db.triageSummaries,
  db.patients,
  db.covidConsultations,
  db.covidReclassifications,
  db.covidDeclines,
]

const live = (row: { deleted_at?: string | null }) => !row.deleted_at

/** The patient's summary from their rows; none without a live consultation. */
export function triageSummaryOf(
  patientId: string,
  consultations: readonly LocalCovidConsultation[],
  reclassifications: readonly LocalCovidReclassification[],
  declines: readonly LocalCovidDecline[],
  patient: LocalPatient | undefined,
): LocalTriageSummary | undefined {
  const visits = consultations.filter(live)
  if (visits.length === 0) return undefined
  const last = visits.reduce((a, b) =>
    b.consulted_at > a.consulted_at || (b.consulted_at === a.consulted_at && b.id > a.id) ? b : a,
  )
  const classification = currentClassification(last, reclassifications.filter(live))
  const present = patient && !patient.deleted_at ? patient : undefined
  const declineCount = declines.filter(live).length
  return {
    patient_id: patientId,
    name: present ? fullName(present) : null,
    curp: typeof present?.curp === 'string' ? present.curp : '',
    last_id: last.id,
    consulted_at: last.consulted_at,
    status: last.status,
    classification,
    urgency: urgencyOf(classification),
    rank: TRIAGE_CLASSIFICATIONS.length - urgencyOf(classification),
    recency: recencyOf(last.consulted_at),
    consultations: visits.length,
    declines: declineCount,
    declined: declineCount > 0 ? 1 : 0,
    syncState: last.syncState,
  }
}

/** The instant's key that ascends as it gets older (an unreadable one last: never unindexed). */
function recencyOf(instant: string): number {
  const time = Date.parse(instant)
  return Number.isFinite(time) ? -time : 0
}

/** Every summary computed from the rows as they are: version 13's upgrade. */
export function triageSummariesOf(
  consultations: readonly LocalCovidConsultation[],
  reclassifications: readonly LocalCovidReclassification[],
  declines: readonly LocalCovidDecline[],
  patients: ReadonlyMap<string, LocalPatient>,
): LocalTriageSummary[] {
  const visits = groupBy(consultations)
  const reclassified = groupBy(reclassifications)
  const declined = groupBy(declines)
  const summaries: LocalTriageSummary[] = []
  for (const [patientId, rows] of visits) {
    const summary = triageSummaryOf(
      patientId,
      rows,
      reclassified.get(patientId) ?? [],
      declined.get(patientId) ?? [],
      patients.get(patientId),
    )
    if (summary) summaries.push(summary)
  }
  return summaries
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

/** The patient a source row belongs to. */
const patientOf = (source: Source, row: { id?: unknown; patient_id?: unknown } | undefined) =>
  row === undefined ? undefined : String(source === 'patients' ? row.id : row.patient_id)

/**
 * Keeps `triageSummaries` in step with its sources, whoever writes them (the pull, the mutators,
 * the acknowledgements, a merge, a discard). Each write of a source names patients; their rows
 * are computed again once it is done:
 * - in the same transaction when it holds every table the summary needs (the sync engine's and
 *   the COVID mutators' transactions do): the list never sees one without the other;
 * - otherwise in a transaction of its own right after the write commits (a patient edited in a
 *   transaction of the patients alone), so the summary is at most a moment behind;
 * - not at all in an upgrade of an earlier version: version 13's upgrade computes them all.
 * A patient's own write changes only a summary that exists: a patient without a triage has none.
 * Its writes go down the stack through Dexie's observation, so live queries of the list see them.
 */
export function triageSummaryMiddleware(db: LocalDb): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'triageSummary',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (!(SOURCES as readonly string[]).includes(name)) return table
        const source = name as Source
        return {
          ...table,
          async mutate(request) {
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
            if (TRIAGE_SUMMARY_STORES.every((store) => trans.objectStoreNames.contains(store))) {
              await refreshTriageSummaries(down, request.trans, source, patients)
            } else if (trans.mode !== 'versionchange') {
              trans.addEventListener('complete', () => {
                void Dexie.ignoreTransaction(() =>
                  db.transaction('rw', triageSummaryScope(db), (tx) =>
                    refreshTriageSummaries(
                      db.core,
                      tx.idbtrans as unknown as DBCoreTransaction,
                      source,
                      patients,
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

const isString = (value: string | undefined): value is string => value !== undefined

const indexOf = (table: DBCoreTable, name: string): DBCoreIndex => {
  const index = table.schema.indexes.find((candidate) => candidate.name === name)
  if (!index) throw new Error(`${table.name} has no index ${name}`)
  return index
}

const EVERY = { type: 3 /* DBCoreRangeType.Any */, lower: undefined, upper: undefined } as const
const only = (key: string) => ({ type: 1 /* DBCoreRangeType.Equal */, lower: key, upper: key }) as const

/** Computes the named patients' summaries again (every patient's for `'all'`) in `trans`. */
async function refreshTriageSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  source: Source,
  patients: Set<string> | 'all',
): Promise<void> {
  const summaries = core.table('triageSummaries')
  let ids: string[]
  if (patients === 'all') {
    const consultations = core.table('covidConsultations')
    const [held, consulted] = await Promise.all([
      summaries.query({ trans, values: false, query: { index: summaries.schema.primaryKey, range: EVERY } }),
      consultations.query({
        trans,
        values: true,
        query: { index: consultations.schema.primaryKey, range: EVERY },
      }),
    ])
    ids = [
      ...new Set([
        ...held.result.map(String),
        ...(consulted.result as LocalCovidConsultation[]).map((row) => row.patient_id),
      ]),
    ]
  } else if (source === 'patients') {
    // A patient without a summary has no triage: nothing to show of their name.
    const wanted = [...patients]
    const held = await summaries.getMany({ trans, keys: wanted })
    ids = wanted.filter((_, index) => held[index] !== undefined)
  } else ids = [...patients]
  if (ids.length === 0) return
  const byPatient = (name: string) => {
    const table = core.table(name)
    const index = indexOf(table, 'patient_id')
    return (id: string) => table.query({ trans, values: true, query: { index, range: only(id) } })
  }
  const consultationsOf = byPatient('covidConsultations')
  const reclassificationsOf = byPatient('covidReclassifications')
  const declinesOf = byPatient('covidDeclines')
  const [patientRows, computed] = await Promise.all([
    core.table('patients').getMany({ trans, keys: ids }),
    Promise.all(
      ids.map((id) =>
        Promise.all([consultationsOf(id), reclassificationsOf(id), declinesOf(id)]).then(
          ([consultations, reclassifications, declines]) => ({
            consultations: consultations.result as LocalCovidConsultation[],
            reclassifications: reclassifications.result as LocalCovidReclassification[],
            declines: declines.result as LocalCovidDecline[],
          }),
        ),
      ),
    ),
  ])
  const put: LocalTriageSummary[] = []
  const gone: string[] = []
  ids.forEach((id, index) => {
    const rows = computed[index]
    const summary =
      rows &&
      triageSummaryOf(id, rows.consultations, rows.reclassifications, rows.declines, patientRows[index])
    if (summary) put.push(summary)
    else gone.push(id)
  })
  if (put.length > 0) await summaries.mutate({ type: 'put', trans, values: put })
  if (gone.length > 0) await summaries.mutate({ type: 'delete', trans, keys: gone })
}
