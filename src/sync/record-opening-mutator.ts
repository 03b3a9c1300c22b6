import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { OfflineOpeningRequest, type OpenedScreen } from '../contract/schemas/offline-openings'
import type { LocalDb, LocalRecordOpening } from '../db/local-db'
import { type MutationContext, queueCreate, stamp } from './edits'
import { syncPaths } from './paths'

/** Each screen's note goes to the endpoint beside the read it stands in for. */
const PATH_OF: Record<OpenedScreen, (patientId: string) => string> = {
  'digital-record': syncPaths.noteOfflineOpening,
  'patient-record': syncPaths.notePatientRecordOpening,
}

/**
 * Notes that a screen of the patient's record was opened with no network (decision 0038).
 * Online, the page's read of the patient is its audit entry; offline there is no read, so this
 * queues one for the server's audit log, at the device's time of the opening, sent like any write
 * when the network returns. It waits for the patient's own create if that is still queued.
 */
export async function noteOfflineOpening(
  db: LocalDb,
  ctx: MutationContext,
  patientId: string,
  screen: OpenedScreen,
): Promise<LocalRecordOpening> {
  const body = v.parse(OfflineOpeningRequest, { id: uuidv7(), opened_at: stamp(ctx) })
  const row: LocalRecordOpening = {
    ...body,
    patient_id: patientId,
    screen,
    version: 0,
    syncState: 'pending',
  }
  await db.transaction('rw', [db.recordOpenings, db.outbox], async () => {
    await queueCreate(db, ctx, {
      entity: 'recordOpening',
      kind: 'recordOpening.create',
      path: PATH_OF[screen](patientId),
      row,
      body,
      patientId,
    })
  })
  return row
}
