import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import {
  CreateRecordSectionRequest,
  type RecordSection,
  UpdateRecordSectionRequest,
} from '../contract/schemas/record-sections'
import type { LocalDb, LocalRecordSection } from '../db/local-db'
import { type MutationContext, queueCreate, queueDelete, queueEdit, stamp } from './edits'
import { syncPaths } from './paths'

/** A new entry's fields: the patient and the section's SPEC §3 fields (the id is made here). */
export type NewRecordSection = { patient_id: string } & Record<string, unknown>

async function liveEntry(db: LocalDb, id: string): Promise<LocalRecordSection> {
  const row = await db.recordSections.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown record section entry ${id}`)
  return row
}

/**
 * Records a new entry of a patient's record section and queues its create. The id is made here
 * (UUIDv7), so it can be edited or deleted before the server has heard of it; an entry of a
 * patient whose create is still queued waits for that create.
 */
export async function createRecordSection(
  db: LocalDb,
  ctx: MutationContext,
  section: RecordSection,
  fields: NewRecordSection,
): Promise<LocalRecordSection> {
  // Validation and id generation happen before the transaction: nothing but Dexie inside it.
  const body: Record<string, unknown> = v.parse(CreateRecordSectionRequest[section], {
    ...fields,
    id: uuidv7(),
  })
  const { id, patient_id } = body as { id: string; patient_id: string } // the schema requires both
  const row: LocalRecordSection = {
    ...body,
    id,
    patient_id,
    section,
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction('rw', db.recordSections, db.outbox, async () => {
    await queueCreate(db, ctx, {
      entity: 'recordSection',
      kind: 'recordSection.create',
      path: syncPaths.createRecordSection(section),
      row,
      body,
      patientId: patient_id,
    })
  })
  return row
}

/**
 * Edits an entry and queues only the fields that really changed, with the version they were
 * based on (If-Match) and the values they replaced (the merge base of a 412). Returns null when
 * nothing changed, so no empty update is ever queued.
 */
export async function updateRecordSection(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: Record<string, unknown>,
): Promise<LocalRecordSection | null> {
  const { section } = await liveEntry(db, id)
  const parsed: Record<string, unknown> = v.parse(UpdateRecordSectionRequest[section], changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  return db.transaction('rw', db.recordSections, db.outbox, db.shadows, async () => {
    const row = await liveEntry(db, id)
    const next = await queueEdit(db, ctx, {
      entity: 'recordSection',
      kind: 'recordSection.update',
      path: syncPaths.updateRecordSection(section, id),
      row,
      changes: parsed,
      mutationId,
      createdAt,
    })
    return next as LocalRecordSection | null
  })
}

/**
 * Deletes an entry: screens stop showing it at once, and the delete is queued after the entry's
 * earlier changes (`queueDelete`).
 */
export async function deleteRecordSection(db: LocalDb, ctx: MutationContext, id: string): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.recordSections, db.outbox, db.shadows, async () => {
    const row = await liveEntry(db, id)
    await queueDelete(db, ctx, {
      entity: 'recordSection',
      kind: 'recordSection.delete',
      path: syncPaths.deleteRecordSection(row.section, id),
      row,
      mutationId,
      createdAt,
    })
  })
}
