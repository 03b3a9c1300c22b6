import Dexie from 'dexie'
import type { LocalDb, LocalReading, ReadingKind } from './local-db'

/**
 * What the self-tracking screens read of the device's readings (logs, charts, PDFs), through the
 * `[patient_id+kind+taken_at]` index. `taken_at` is an ISO 8601 instant in UTC on every row (the
 * device writes it so, the server answers it so), so ranges compare as strings: a screen passes
 * the instants its days start and end at, in the patient's own time zone
 * (`new Date(year, month, day).toISOString()`).
 */

/**
 * A patient's readings of one kind, oldest first, from `from` to `to` (ISO instants, both
 * included; either left out means no bound). Deleted readings are left out, also those whose
 * delete is still on its way to the server.
 */
export async function readingsOf(
  db: LocalDb,
  patientId: string,
  kind: ReadingKind,
  from?: string,
  to?: string,
): Promise<LocalReading[]> {
  return db.readings
    .where('[patient_id+kind+taken_at]')
    .between([patientId, kind, from ?? Dexie.minKey], [patientId, kind, to ?? Dexie.maxKey], true, true)
    .filter((reading) => !reading.deleted_at)
    .toArray()
}

/** A patient's most recent reading of one kind that is not deleted, or null when there is none. */
export async function latestReading(
  db: LocalDb,
  patientId: string,
  kind: ReadingKind,
): Promise<LocalReading | null> {
  const latest = await db.readings
    .where('[patient_id+kind+taken_at]')
    .between([patientId, kind, Dexie.minKey], [patientId, kind, Dexie.maxKey], true, true)
    .reverse()
    .filter((reading) => !reading.deleted_at)
    .first()
  return latest ?? null
}
