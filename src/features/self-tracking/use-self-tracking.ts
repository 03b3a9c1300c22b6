import { useLiveQuery } from 'dexie-react-hooks'
import { readList } from '../../catalogs/lists'
import type { BloodPressureRange } from '../../contract/schemas/catalogs'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { LocalDb, LocalReading } from '../../db/local-db'
import { readingsOf } from '../../db/readings'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'

/** The device's database and the signed-in patient: what every self-tracking screen reads. */
export function useSelfTracking(): { db: LocalDb | undefined; patientId: string | null } {
  const db = useSyncEngine()?.db
  return { db, patientId: currentSession()?.user.patient_id ?? null }
}

/** The tenant's blood-pressure categories as cached on the device (empty before the first refresh). */
export function useBloodPressureRanges(db: LocalDb | undefined): BloodPressureRange[] | undefined {
  return useLiveQuery(async () => (db ? readList(db, 'blood-pressure-ranges') : undefined), [db])
}

/** A kind's live readings of the patient, oldest first; within from–to (ISO) when given. */
export function useReadings(
  db: LocalDb | undefined,
  patientId: string | null,
  kind: ReadingKind,
  from?: string,
  to?: string,
): LocalReading[] | undefined {
  return useLiveQuery(
    async () => (db && patientId ? readingsOf(db, patientId, kind, from, to) : undefined),
    [db, patientId, kind, from, to],
  )
}
