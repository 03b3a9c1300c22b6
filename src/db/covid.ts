import Dexie from 'dexie'
import type { TriageClassification } from '../contract/rules/triage-classification'
import { TRIAGE_CLASSIFICATIONS } from '../contract/rules/triage-classification'
import type {
  LocalCovidConsultation,
  LocalCovidDecline,
  LocalCovidReclassification,
  LocalCovidTest,
  LocalDb,
  LocalPatient,
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

/** A row of the triage list (SPEC §2 /covid): a patient with a triage, as of their last consultation. */
export interface TriageRow {
  id: string
  patient: LocalPatient | null
  last: LocalCovidConsultation
  status: string
  /** SPEC §3: the row carries it, and the data table makes it the row's style class. */
  triage_classification: TriageClassification
  consultations: number
  declines: number
  syncState: LocalCovidConsultation['syncState']
}

/**
 * Every patient with a triage consultation on the device, with their last consultation's status
 * and their classification now; the most urgent first, then the most recent consultation.
 */
export async function triageRows(db: LocalDb): Promise<TriageRow[]> {
  const [consultations, reclassifications, declines] = await Promise.all([
    db.covidConsultations.toArray(),
    db.covidReclassifications.toArray(),
    db.covidDeclines.toArray(),
  ])
  const byPatient = new Map<string, LocalCovidConsultation[]>()
  for (const row of consultations) {
    if (row.deleted_at) continue
    const list = byPatient.get(row.patient_id) ?? []
    list.push(row)
    byPatient.set(row.patient_id, list)
  }
  const reclassifiedBy = groupBy(reclassifications.filter(live), (r) => r.patient_id)
  const declinedBy = groupBy(declines.filter(live), (d) => d.patient_id)
  const patients = await db.patients.bulkGet([...byPatient.keys()])
  const rows: TriageRow[] = [...byPatient.entries()].map(([patientId, list], index) => {
    const last = list.reduce((a, b) => (b.consulted_at > a.consulted_at ? b : a))
    const patient = patients[index]
    return {
      id: patientId,
      patient: patient && !patient.deleted_at ? patient : null,
      last,
      status: last.status,
      triage_classification: currentClassification(last, reclassifiedBy.get(patientId) ?? []),
      consultations: list.length,
      declines: declinedBy.get(patientId)?.length ?? 0,
      syncState: last.syncState,
    }
  })
  return rows.sort(
    (a, b) =>
      urgencyOf(b.triage_classification) - urgencyOf(a.triage_classification) ||
      b.last.consulted_at.localeCompare(a.last.consulted_at),
  )
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const list = groups.get(key(row)) ?? []
    list.push(row)
    groups.set(key(row), list)
  }
  return groups
}
