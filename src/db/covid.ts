import Dexie from 'dexie'
import type { TriageClassification } from '../contract/rules/triage-classification'
import { TRIAGE_CLASSIFICATIONS } from '../contract/rules/triage-classification'
import { TRIAGE_STATUSES } from '../contract/schemas/covid'
import type {
  LocalCovidConsultation,
  LocalCovidDecline,
  LocalCovidReclassification,
  LocalCovidTest,
  LocalDb,
  LocalTriageSummary,
} from './local-db'

/**
 * What the COVID screens read of the device's triage records (issue 20, decision 0025), through
 * each table's `[patient_id+<when>]` index. Instants are UTC ISO on every row (the mutators write
 * them so), so pending and pulled records sort together.
 */

const live = (row: { deleted_at?: string | null }) => !row.deleted_at

/** Every key of one patient in a `[patient_id+<when>]` index. */
const range = (patientId: string) =>
  [[patientId, Dexie.minKey], [patientId, Dexie.maxKey], true, true] as const

/** The patient's triage consultations, newest first. */
export const triageHistory = (db: LocalDb, patientId: string): Promise<LocalCovidConsultation[]> =>
  db.covidConsultations
    .where('[patient_id+consulted_at]')
    .between(...range(patientId))
    .reverse()
    .filter(live)
    .toArray()

/** Whether the device holds any COVID consultation of the patient (SPEC §5: needed to reclassify). */
export async function hasCovidConsultation(db: LocalDb, patientId: string): Promise<boolean> {
  const first = await db.covidConsultations.where('patient_id').equals(patientId).filter(live).first()
  return first !== undefined
}

/** The patient's reclassifications, newest first. */
export const reclassificationsOf = (db: LocalDb, patientId: string): Promise<LocalCovidReclassification[]> =>
  db.covidReclassifications
    .where('[patient_id+reclassified_at]')
    .between(...range(patientId))
    .reverse()
    .filter(live)
    .toArray()

/** The patient's declined follow-ups, newest first. */
export const declinesOf = (db: LocalDb, patientId: string): Promise<LocalCovidDecline[]> =>
  db.covidDeclines
    .where('[patient_id+declined_at]')
    .between(...range(patientId))
    .reverse()
    .filter(live)
    .toArray()

/** The patient's COVID tests, newest first. */
export const covidTestsOf = (db: LocalDb, patientId: string): Promise<LocalCovidTest[]> =>
  db.covidTests
    .where('[patient_id+date]')
    .between(...range(patientId))
    .reverse()
    .filter(live)
    .toArray()

/**
 * The patient's classification now (SPEC §4: a reclassification overwrites the value of the last
 * consultation). The server applies reclassifications in its own order and the feed brings the
 * overwritten consultation, so its `classification` is the word of the server. Two things the
 * feed has not brought yet are shown over it: a reclassification the server has answered for
 * this consultation (the newest it answered), and, above all, one still queued here, which the
 * server will apply after everything it holds (the newest queued).
 */
export function currentClassification(
  last: LocalCovidConsultation,
  reclassifications: readonly LocalCovidReclassification[],
): TriageClassification {
  const queued = reclassifications
    .filter((r) => r.syncState !== 'synced')
    .sort((a, b) => b.reclassified_at.localeCompare(a.reclassified_at))[0]
  if (queued) return queued.classification
  const answered = reclassifications
    .filter((r) => r.syncState === 'synced' && r.consultation_id === last.id)
    .sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')))[0]
  if (
    answered &&
    answered.id !== last.reclassification_id &&
    !isOlderThanApplied(answered, last, reclassifications)
  )
    return answered.classification
  return last.classification
}

/** Whether the consultation already carries a reclassification applied after this one. */
function isOlderThanApplied(
  answered: LocalCovidReclassification,
  last: LocalCovidConsultation,
  reclassifications: readonly LocalCovidReclassification[],
): boolean {
  if (!last.reclassification_id) return false
  const applied = reclassifications.find((r) => r.id === last.reclassification_id)
  return applied !== undefined && String(applied.created_at ?? '') >= String(answered.created_at ?? '')
}

/** How urgent a classification is, the most urgent highest: the triage list shows those first. */
export const urgencyOf = (classification: TriageClassification) =>
  TRIAGE_CLASSIFICATIONS.indexOf(classification)

/** The triage list's filters (SPEC §2 /covid); '' for all. */
export interface TriageFilter {
  status: string
  classification: string
}

/** What `/covid` paints first: its first rows under the filters, and its counts. */
export interface TriageListHead {
  /** The first `limit` rows under both filters, the most urgent, then the latest, first. */
  first: LocalTriageSummary[]
  /** How many rows both filters leave. */
  shown: number
  /** Patients under the classification filter (the counts' "Total"), and per status. */
  total: number
  byStatus: Map<string, number>
  /** Of those, how many have a declined follow-up. */
  declined: number
}

const MIN = Dexie.minKey
const MAX = Dexie.maxKey

/**
 * The triage list's first page and counts, from the summary's indexes alone (decision 0025):
 * each index read forwards is the list's order, the most urgent first, then the latest
 * consultation. One read transaction, so the rows and the counts agree.
 */
export function triageListHead(db: LocalDb, filter: TriageFilter, limit: number): Promise<TriageListHead> {
  const table = db.triageSummaries
  const { status, classification } = filter
  const first = () => {
    if (status && classification)
      return table
        .where('[status+classification+recency+patient_id]')
        .between([status, classification, MIN], [status, classification, MAX])
    if (status) return table.where('[status+rank+recency+patient_id]').between([status, MIN], [status, MAX])
    if (classification)
      return table
        .where('[classification+recency+patient_id]')
        .between([classification, MIN], [classification, MAX])
    return table.orderBy('[rank+recency+patient_id]')
  }
  // Counted on a short key: IndexedDB walks a range to count it, and the list's long keys cost
  // more to walk. Every row has one of the statuses, so their sum is the total.
  const countOf = (code: string) =>
    classification
      ? table.where('[status+classification]').equals([code, classification]).count()
      : table.where('[status+classification]').between([code, MIN], [code, MAX]).count()
  return db.transaction('r', table, async () => {
    const [rows, declined, ...counts] = await Promise.all([
      first().limit(limit).toArray(),
      classification
        ? table.where('[declined+classification]').equals([1, classification]).count()
        : table.where('[declined+classification]').between([1, MIN], [1, MAX]).count(),
      ...TRIAGE_STATUSES.map(countOf),
    ])
    const byStatus = new Map<string, number>()
    let total = 0
    TRIAGE_STATUSES.forEach((code, index) => {
      const count = counts[index] ?? 0
      total += count
      if (count > 0) byStatus.set(code, count)
    })
    return { first: rows, shown: status ? (byStatus.get(status) ?? 0) : total, total, byStatus, declined }
  })
}

/** Every row of the triage list in its order: the search, the other orders and the spreadsheet need them. */
export const triageSummaries = (db: LocalDb): Promise<LocalTriageSummary[]> =>
  db.triageSummaries.orderBy('[rank+recency+patient_id]').toArray()
