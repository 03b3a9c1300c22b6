import { v7 as uuidv7 } from 'uuid'
import type { LocalDb, LocalRow, MutationKind, SyncEntity } from '../db/local-db'
import { rowTable } from '../db/local-db'
import { changedFields } from './merge'
import { enqueue, lastEntryFor } from './outbox'
import { keepShadow } from './shadows'

/** Who is writing: stamped on every entry, since a different user never sends this queue. */
export interface MutationContext {
  userId: string
  tenant: string
  /** The user's name as people know it: a reading they take offline shows who recorded it. */
  userName?: string
  /** The user's own patient record, when they are also a patient (patient mode). */
  patientId?: string | null
  /** The device clock, for `createdAt` only (shown, never used for order). */
  now?: () => Date
}

export const stamp = (ctx: MutationContext) => (ctx.now?.() ?? new Date()).toISOString()

/** An instant in the one form every row holds (UTC ISO), so pending and pulled rows sort alike. */
export function utc(instant: string): string {
  const time = Date.parse(instant)
  // What JavaScript cannot read (an offset without its colon) goes as typed; the server reads it.
  return Number.isNaN(time) ? instant : new Date(time).toISOString()
}

/** The mutationId of a record's create while it is still queued, for `dependsOn`. */
export async function queuedCreate(db: LocalDb, entityId: string): Promise<string | undefined> {
  const first = await db.outbox.where('entityId').equals(entityId).first()
  return first?.kind.endsWith('.create') ? first.mutationId : undefined
}

/** A record made on this device: the row it shows at once and the create the outbox sends. */
export interface Create {
  entity: SyncEntity
  kind: MutationKind
  path: string
  /** The record as the device shows it; its id is the create's. */
  row: LocalRow
  /** The call's body, in the contract's own shape, sent as is. */
  body: object
  /** The patient the record belongs to: a create of the patient still queued goes first. */
  patientId: string
  /** Other queued changes the server must hold before this one. */
  after?: readonly string[]
}

/**
 * Adds a record's row and queues its create, inside the caller's transaction (which holds the
 * row's table and the outbox): the one way every create mutator keeps a row and its entry together.
 */
export async function queueCreate(db: LocalDb, ctx: MutationContext, create: Create): Promise<void> {
  const patientCreate = await queuedCreate(db, create.patientId)
  await rowTable(db, create.entity).add(create.row)
  await enqueue(db, {
    mutationId: uuidv7(),
    userId: ctx.userId,
    tenant: ctx.tenant,
    kind: create.kind,
    entity: create.entity,
    entityId: create.row.id,
    method: 'POST',
    path: create.path,
    body: create.body as Record<string, unknown>,
    baseVersion: null,
    dependsOn: [...(patientCreate ? [patientCreate] : []), ...(create.after ?? [])],
    createdAt: stamp(ctx),
  })
}

export interface Edit {
  entity: SyncEntity
  kind: MutationKind
  path: string
  /** The record as the device holds it, read inside the caller's transaction. */
  row: LocalRow
  /** The changes, already checked against the contract. */
  changes: Record<string, unknown>
  /** What of the changed fields the visible row shows (a password stays in the entry). */
  visible?: (body: Record<string, unknown>) => Record<string, unknown>
  mutationId: string
  createdAt: string
  /** The call's method: PUT for most kinds; SPEC §7 amends a consultation with a POST. */
  method?: 'PUT' | 'POST'
  /** Other queued changes the server must hold first (a record the edit now links to). */
  after?: readonly string[]
}

/**
 * An edit of an editable record (DESIGN §5), the same for every kind: only the fields that
 * really changed are queued, with the version they were based on (If-Match) and the values they
 * replaced (the merge base of a 412); the record's server copy is kept as its shadow at its first
 * edit, and the entry waits for the record's previous change. Returns the row as now shown, or
 * null when nothing changed, so no empty update is ever queued. Call it inside a transaction
 * over the record's table, the outbox and the shadows.
 */
export async function queueEdit(db: LocalDb, ctx: MutationContext, edit: Edit): Promise<LocalRow | null> {
  const { row, entity } = edit
  const body = changedFields(row, edit.changes)
  if (Object.keys(body).length === 0) return null
  const baseValues = Object.fromEntries(Object.keys(body).map((field) => [field, row[field] ?? null]))
  const create = await queuedCreate(db, row.id)
  const shadow = await keepShadow(db, entity, row, create !== undefined)
  const previous = await lastEntryFor(db, row.id)
  const next: LocalRow = {
    ...row,
    ...(edit.visible ? edit.visible(body) : body),
    syncState: row.syncState === 'synced' ? 'pending' : row.syncState,
  }
  await rowTable(db, entity).put(next)
  await enqueue(db, {
    mutationId: edit.mutationId,
    userId: ctx.userId,
    tenant: ctx.tenant,
    kind: edit.kind,
    entity,
    entityId: row.id,
    method: edit.method ?? 'PUT',
    path: edit.path,
    body,
    // Unsent create: there is no server version yet; the loop fills it in when the create lands.
    baseVersion: create ? null : (shadow?.version ?? row.version),
    baseValues,
    // Built on the record's previous change: if that one is refused, this one waits too.
    dependsOn: [...(previous ? [previous.mutationId] : []), ...(edit.after ?? [])],
    createdAt: edit.createdAt,
  })
  return next
}

export interface Removal {
  entity: SyncEntity
  kind: MutationKind
  path: string
  /** The record as the device holds it, read inside the caller's transaction. */
  row: LocalRow
  mutationId: string
  createdAt: string
}

/**
 * A delete of an editable record (DESIGN §5), the same for every kind: the row is marked deleted
 * at once (screens stop showing it) and the delete is queued after the record's earlier changes.
 * Deletes are soft on the server and win, so it carries no If-Match; the row leaves the device
 * when the server acknowledges it. The record's server copy is kept as its shadow, so a
 * discarded delete brings it back. Call it inside a transaction over the record's table, the
 * outbox and the shadows.
 */
export async function queueDelete(db: LocalDb, ctx: MutationContext, removal: Removal): Promise<void> {
  const { row, entity } = removal
  const previous = await lastEntryFor(db, row.id)
  await keepShadow(db, entity, row, (await queuedCreate(db, row.id)) !== undefined)
  await rowTable(db, entity).put({ ...row, deleted_at: removal.createdAt, syncState: 'pending' })
  await enqueue(db, {
    mutationId: removal.mutationId,
    userId: ctx.userId,
    tenant: ctx.tenant,
    kind: removal.kind,
    entity,
    entityId: row.id,
    method: 'DELETE',
    path: removal.path,
    body: {},
    baseVersion: null,
    dependsOn: previous ? [previous.mutationId] : [],
    createdAt: removal.createdAt,
  })
}

export interface RowRemoval {
  entity: SyncEntity
  kind: MutationKind
  /** The row's own DELETE path (`…/clinic_exam/{rowId}`, `…/treatment/{rowId}`). */
  path: string
  /** The record the row belongs to, read inside the caller's transaction. */
  row: LocalRow
  /** The record as the device shows it once the row is gone (the row marked removed). */
  visible: Record<string, unknown>
  mutationId: string
  createdAt: string
}

/**
 * Removes one row of a record's list (an exam's clinical exam, a treatment; issue 22) with the
 * row's own DELETE, which the server keeps as an amendment of the record — the record itself
 * stays. Queued like an edit of the record (after its earlier changes, its shadow kept, its base
 * version noted: the acknowledgement takes the record one version on, see `isRowRemoval`), the
 * row shown removed at once. Call it inside a transaction over the record's table, the outbox
 * and the shadows.
 */
export async function queueRowRemoval(db: LocalDb, ctx: MutationContext, removal: RowRemoval): Promise<void> {
  const { row, entity } = removal
  const create = await queuedCreate(db, row.id)
  const shadow = await keepShadow(db, entity, row, create !== undefined)
  const previous = await lastEntryFor(db, row.id)
  await rowTable(db, entity).put({
    ...row,
    ...removal.visible,
    syncState: row.syncState === 'synced' ? 'pending' : row.syncState,
  })
  await enqueue(db, {
    mutationId: removal.mutationId,
    userId: ctx.userId,
    tenant: ctx.tenant,
    kind: removal.kind,
    entity,
    entityId: row.id,
    method: 'DELETE',
    path: removal.path,
    body: {},
    baseVersion: create ? null : (shadow?.version ?? row.version),
    dependsOn: previous ? [previous.mutationId] : [],
    createdAt: removal.createdAt,
  })
}
