import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { CreateReadingRequest, type ReadingKind, UpdateReadingRequest } from '../contract/schemas/readings'
import type { LocalDb, LocalReading } from '../db/local-db'
import { type MutationContext, queueCreate, queueDelete, queueEdit, stamp } from './edits'
import { syncPaths } from './paths'

/** A new reading's fields: the create body of its kind, without the id (made here). */
export type NewReading<K extends ReadingKind> = Omit<v.InferInput<(typeof CreateReadingRequest)[K]>, 'id'>
export type NewBloodPressure = NewReading<'blood-pressure'>
export type NewGlucose = NewReading<'glucose'>
export type NewSomatometry = NewReading<'somatometry'>
export type NewNutrition = NewReading<'nutrition'>
export type NewHabit = NewReading<'habit'>

/** An amendment of a reading: only the fields being changed, of the reading's own kind. */
export type ReadingChanges = {
  [K in ReadingKind]: v.InferInput<(typeof UpdateReadingRequest)[K]>
}[ReadingKind]

async function liveReading(db: LocalDb, id: string): Promise<LocalReading> {
  const row = await db.readings.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown reading ${id}`)
  return row
}

/**
 * Records a self-tracking reading of any kind and queues its create. The id is made here
 * (UUIDv7), so the reading can be amended or deleted before the server has heard of it, and the
 * device's id plus the Idempotency-Key stop duplicates. A reading of a patient whose create is
 * still queued waits for that create.
 */
export async function createReading<K extends ReadingKind>(
  db: LocalDb,
  ctx: MutationContext,
  kind: K,
  fields: NewReading<K>,
): Promise<LocalReading> {
  // Validation and id generation happen before the transaction: nothing but Dexie inside it.
  const body: Record<string, unknown> = v.parse(CreateReadingRequest[kind], { ...fields, id: uuidv7() })
  // Every kind's schema requires these three as strings.
  const { id, patient_id, taken_at } = body as { id: string; patient_id: string; taken_at: string }
  const row: LocalReading = {
    ...body,
    id,
    patient_id,
    taken_at,
    kind,
    version: 0,
    deleted_at: null,
    syncState: 'pending',
    // Shown at once; the server names the account itself from the token, never from the body.
    ...(ctx.userName
      ? { recorded_by: { name: ctx.userName, by_patient: ctx.patientId === patient_id } }
      : {}),
  }
  await db.transaction('rw', db.readings, db.outbox, async () => {
    await queueCreate(db, ctx, {
      entity: 'reading',
      kind: 'reading.create',
      path: syncPaths.createReading(kind),
      row,
      body,
      patientId: patient_id,
    })
  })
  return row
}

/**
 * Amends a reading (a patient correcting their own entry) and queues only the fields that really
 * changed, with the version they were based on (If-Match) and the values they replaced (the merge
 * base of a 412). Returns null when nothing changed, so no empty update is ever queued.
 */
export async function updateReading(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: ReadingChanges,
): Promise<LocalReading | null> {
  const { kind } = await liveReading(db, id)
  const parsed: Record<string, unknown> = v.parse(UpdateReadingRequest[kind], changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  return db.transaction('rw', db.readings, db.outbox, db.shadows, async () => {
    const row = await liveReading(db, id)
    const next = await queueEdit(db, ctx, {
      entity: 'reading',
      kind: 'reading.update',
      path: syncPaths.updateReading(kind, id),
      row,
      changes: parsed,
      mutationId,
      createdAt,
    })
    return next as LocalReading | null
  })
}

/**
 * Deletes a reading: logs and charts stop showing it at once, and the delete is queued after the
 * reading's earlier changes (`queueDelete`).
 */
export async function deleteReading(db: LocalDb, ctx: MutationContext, id: string): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.readings, db.outbox, db.shadows, async () => {
    const row = await liveReading(db, id)
    await queueDelete(db, ctx, {
      entity: 'reading',
      kind: 'reading.delete',
      path: syncPaths.deleteReading(row.kind, id),
      row,
      mutationId,
      createdAt,
    })
  })
}
