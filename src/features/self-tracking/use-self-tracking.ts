import { useLiveQuery } from 'dexie-react-hooks'
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
