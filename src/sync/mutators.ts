import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { CreatePatientRequest, UpdatePatientRequest, withoutWriteOnly } from '../contract/schemas/patient'
import type { LocalDb, LocalPatient } from '../db/local-db'
import { type MutationContext, queueEdit, stamp } from './edits'
import { enqueue } from './outbox'
import { syncPaths } from './paths'

export type { MutationContext } from './edits'

export type NewPatient = Omit<v.InferInput<typeof CreatePatientRequest>, 'id'>
export type PatientChanges = v.InferInput<typeof UpdatePatientRequest>

/**
 * Records a new patient on the device and queues its create. The id is made here (UUIDv7), so
 * the patient can be used — given readings, edited — before the server has ever heard of it.
 */
export async function createPatient(
  db: LocalDb,
  ctx: MutationContext,
  fields: NewPatient,
): Promise<LocalPatient> {
  // Validation and id generation happen before the transaction: nothing but Dexie inside it.
  const body: Record<string, unknown> = v.parse(CreatePatientRequest, { ...fields, id: uuidv7() })
  const id = body.id as string // CreatePatientRequest requires a uuid id.
  // A password travels in the entry alone: the cached row never holds it (DESIGN §6).
  const row: LocalPatient = {
    ...withoutWriteOnly(body),
    id,
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.patients, db.outbox, async () => {
    await db.patients.add(row)
    await enqueue(db, {
      mutationId,
      userId: ctx.userId,
      tenant: ctx.tenant,
      kind: 'patient.create',
      entity: 'patient',
      entityId: id,
      method: 'POST',
      path: syncPaths.createPatient,
      body,
      baseVersion: null,
      dependsOn: [],
      createdAt,
    })
  })
  return row
}

/**
 * Edits a patient on the device and queues only the fields that really changed, with the
 * version they were based on (If-Match) and the values they replaced (the merge base of a 412).
 * Returns null when nothing changed, so no empty update is ever queued.
 */
export async function updatePatient(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: PatientChanges,
): Promise<LocalPatient | null> {
  const parsed: Record<string, unknown> = v.parse(UpdatePatientRequest, changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  // The patient's tables alone, so the mutator composes inside a caller's transaction of them; the
  // triage summary takes a rename right after the commit (triage-summary.ts).
  return db.transaction('rw', db.patients, db.outbox, db.shadows, async () => {
    const row = await db.patients.get(id)
    if (!row) throw new Error(`Unknown patient ${id}`)
    const next = await queueEdit(db, ctx, {
      entity: 'patient',
      kind: 'patient.update',
      path: syncPaths.updatePatient(id),
      row,
      changes: parsed,
      // Write-only fields (a password) travel in the entry, never on the visible row.
      visible: withoutWriteOnly,
      mutationId,
      createdAt,
    })
    return next as LocalPatient | null
  })
}
