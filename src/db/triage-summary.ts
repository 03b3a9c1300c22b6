import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'
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
import {
  EVERY,
  indexOf,
  only,
  summaryMiddleware,
  type TouchedPatients,
  type Zone,
} from './summary-middleware'

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

/**
 * Keeps `triageSummaries` in step with its sources, whoever writes them (the pull, the mutators,
 * the acknowledgements, a merge, a discard), as `summary-middleware.ts` says when. A patient's own
 * write changes only a summary that exists: a patient without a triage has none.
 */
export const triageSummaryMiddleware = (db: LocalDb): Middleware<DBCore> =>
  summaryMiddleware(db, {
    name: 'triageSummary',
    sources: SOURCES,
    stores: TRIAGE_SUMMARY_STORES,
    scope: triageSummaryScope,
    refresh: refreshTriageSummaries,
  })

/** Computes the named patients' summaries again (every patient's for `'all'`) in `trans`. */
async function refreshTriageSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  source: Source,
  patients: TouchedPatients,
  zone: Zone,
): Promise<void> {
  const summaries = core.table('triageSummaries')
  let ids: string[]
  if (patients === 'all') {
    const consultations = core.table('covidConsultations')
    const [held, consulted] = await zone(() =>
      Promise.all([
        summaries.query({
          trans,
          values: false,
          query: { index: summaries.schema.primaryKey, range: EVERY },
        }),
        consultations.query({
          trans,
          values: true,
          query: { index: consultations.schema.primaryKey, range: EVERY },
        }),
      ]),
    )
    ids = [
      ...new Set([
        ...held.result.map(String),
        ...(consulted.result as LocalCovidConsultation[]).map((row) => row.patient_id),
      ]),
    ]
  } else if (source === 'patients') {
    // A patient without a summary has no triage: nothing to show of their name.
    const wanted = [...patients]
    const held = await zone(() => summaries.getMany({ trans, keys: wanted }))
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
  const [patientRows, computed] = await zone(() =>
    Promise.all([
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
    ]),
  )
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
  if (put.length > 0) await zone(() => summaries.mutate({ type: 'put', trans, values: put }))
  if (gone.length > 0) await zone(() => summaries.mutate({ type: 'delete', trans, keys: gone }))
}
