import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { CreatePatientRequest, UpdatePatientRequest, withoutWriteOnly } from '../contract/schemas/patient'
import { BloodPressureRequest, GlucoseRequest } from '../contract/schemas/readings'
import type { LocalDb, LocalPatient, LocalReading, ReadingKind } from '../db/local-db'
import { changedFields } from './merge'
import { enqueue, lastEntryFor } from './outbox'
import { syncPaths } from './paths'
import { keepShadow } from './shadows'

/** Who is writing: stamped on every entry, since a different user never sends this queue. */
export interface MutationContext {
  userId: string
  tenant: string
  /** The device clock, for `createdAt` only (shown, never used for order). */
  now?: () => Date
}

export type NewPatient = Omit<v.InferInput<typeof CreatePatientRequest>, 'id'>
export type PatientChanges = v.InferInput<typeof UpdatePatientRequest>
export type NewBloodPressure = Omit<v.InferInput<typeof BloodPressureRequest>, 'id'>
export type NewGlucose = Omit<v.InferInput<typeof GlucoseRequest>, 'id'>

const stamp = (ctx: MutationContext) => (ctx.now?.() ?? new Date()).toISOString()

/** The mutationId of the record's create while it is still queued, for `dependsOn`. */
async function queuedCreate(db: LocalDb, entityId: string): Promise<string | undefined> {
  const create = await db.outbox.where('entityId').equals(entityId).first()
  return create?.kind === 'patient.create' ? create.mutationId : undefined
}

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
  return db.transaction('rw', db.patients, db.outbox, db.shadows, async () => {
    const row = await db.patients.get(id)
    if (!row) throw new Error(`Unknown patient ${id}`)
    const body = changedFields(row, parsed)
    if (Object.keys(body).length === 0) return null
    const baseValues = Object.fromEntries(Object.keys(body).map((field) => [field, row[field] ?? null]))
    const create = await queuedCreate(db, id)
    const shadow = await keepShadow(db, 'patient', row, create !== undefined)
    const previous = await lastEntryFor(db, id)
    // Unsent create: there is no server version yet; the loop fills it in when the create lands.
    const baseVersion = create ? null : (shadow?.version ?? row.version)
    const next: LocalPatient = {
      ...row,
      ...withoutWriteOnly(body),
      syncState: row.syncState === 'synced' ? 'pending' : row.syncState,
    }
    await db.patients.put(next)
    await enqueue(db, {
      mutationId,
      userId: ctx.userId,
      tenant: ctx.tenant,
      kind: 'patient.update',
      entity: 'patient',
      entityId: id,
      method: 'PUT',
      path: syncPaths.updatePatient(id),
      body,
      baseVersion,
      baseValues,
      // Built on the record's previous change: if that one is refused, this one waits too.
      dependsOn: previous ? [previous.mutationId] : [],
      createdAt,
    })
    return next
  })
}

export type NewReading<K extends ReadingKind> = K extends 'blood-pressure' ? NewBloodPressure : NewGlucose

/**
 * Records a blood pressure or glucose reading and queues its create. Readings are append-only
 * (DESIGN §5): they never conflict, and the device's id plus the Idempotency-Key stop duplicates.
 * A reading of a patient whose create is still queued waits for that create.
 */
export async function createReading<K extends ReadingKind>(
  db: LocalDb,
  ctx: MutationContext,
  kind: K,
  fields: NewReading<K>,
): Promise<LocalReading> {
  const schema = kind === 'blood-pressure' ? BloodPressureRequest : GlucoseRequest
  const body: Record<string, unknown> = v.parse(schema, { ...fields, id: uuidv7() })
  // Both reading schemas require these three as strings.
  const { id, patient_id, taken_at } = body as { id: string; patient_id: string; taken_at: string }
  const row: LocalReading = { ...body, id, patient_id, taken_at, kind, version: 0, syncState: 'pending' }
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.readings, db.outbox, async () => {
    const patientCreate = await queuedCreate(db, patient_id)
    await db.readings.add(row)
    await enqueue(db, {
      mutationId,
      userId: ctx.userId,
      tenant: ctx.tenant,
      kind: 'reading.create',
      entity: 'reading',
      entityId: id,
      method: 'POST',
      path: syncPaths.createReading(kind),
      body,
      baseVersion: null,
      dependsOn: patientCreate ? [patientCreate] : [],
      createdAt,
    })
  })
  return row
}
