import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { EditPatientProfileRequest } from '../contract/schemas/patient'
import type { LocalDb, LocalPatient } from '../db/local-db'
import { type MutationContext, queueEdit, stamp } from './edits'
import { syncPaths } from './paths'

export type PatientProfileChanges = v.InferInput<typeof EditPatientProfileRequest>

/**
 * A patient edits their own contact data on the device (SPEC §2 "edit my profile"): the same
 * queued edit as staff's, on the patient's own row (their feed brings it), sent to the route
 * that finds the record from the account. Returns null when nothing changed.
 */
export async function updatePatientProfile(
  db: LocalDb,
  ctx: MutationContext,
  patientId: string,
  changes: PatientProfileChanges,
): Promise<LocalPatient | null> {
  const parsed: Record<string, unknown> = v.parse(EditPatientProfileRequest, changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  // The patient's tables alone, so the mutator composes inside a caller's transaction of them; the
  // triage summary takes a rename right after the commit (triage-summary.ts).
  return db.transaction('rw', db.patients, db.outbox, db.shadows, async () => {
    const row = await db.patients.get(patientId)
    if (!row) throw new Error(`Unknown patient ${patientId}`)
    const next = await queueEdit(db, ctx, {
      entity: 'patient',
      kind: 'patientProfile.update',
      path: syncPaths.editPatientProfile,
      row,
      changes: parsed,
      mutationId,
      createdAt,
    })
    return next as LocalPatient | null
  })
}
