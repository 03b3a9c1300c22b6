import Dexie from 'dexie'
import type { VitalSign } from '../contract/schemas/encounters'
import type { LocalDb, LocalEncounter } from './local-db'

/**
 * What the consultation screens and the digital record read of the device's consultations,
 * through the `[patient_id+started_at]` index. `started_at` is an ISO 8601 instant in UTC on every
 * row (the mutator writes it so, the server answers it so), so the index orders pending and
 * pulled consultations alike.
 */

/** A patient's consultation history, newest first; nothing is deleted, but a tombstone is left out. */
export async function encounterHistory(db: LocalDb, patientId: string): Promise<LocalEncounter[]> {
  return db.encounters
    .where('[patient_id+started_at]')
    .between([patientId, Dexie.minKey], [patientId, Dexie.maxKey], true, true)
    .reverse()
    .filter((encounter) => !encounter.deleted_at)
    .toArray()
}

const VITAL_SIGNS: readonly VitalSign[] = [
  'weight_kg',
  'height_m',
  'temperature_c',
  'oximetry',
  'systolic',
  'diastolic',
  'heart_rate',
  'respiratory_rate',
  'glucose',
]

/**
 * The patient's most recent consultation before `before` (an ISO instant; none: the newest) that
 * took any vital sign: the values a new consultation shows for comparison. Null when none did.
 */
export async function lastVitalSigns(
  db: LocalDb,
  patientId: string,
  before?: string,
): Promise<LocalEncounter | null> {
  const found = await db.encounters
    .where('[patient_id+started_at]')
    .between([patientId, Dexie.minKey], [patientId, before ?? Dexie.maxKey], true, before === undefined)
    .reverse()
    .filter((encounter) => !encounter.deleted_at && VITAL_SIGNS.some((sign) => encounter[sign] != null))
    .first()
  return found ?? null
}
