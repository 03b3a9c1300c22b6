import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../db/client'
import { assignmentHistory, auditLog, patientAssignments, patients, users } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'

/** A patient and a professional. */
export interface Pair {
  patientId: string
  userId: string
}

type HistoryAction = (typeof assignmentHistory.$inferInsert)['action']

const tenantOf = (req: FastifyRequest) => {
  if (!req.tenant) throw new NotFoundError()
  return req.tenant.id
}

/** Every pair of some patients with some professionals. */
export const pairsOf = (patientIds: readonly string[], userIds: readonly string[]): Pair[] =>
  userIds.flatMap((userId) => patientIds.map((patientId) => ({ patientId, userId })))

/**
 * 404 unless every patient is a live patient of the tenant and every professional an active
 * user of it: ids of another tenant are unknown here (row-level security), as in any route.
 */
export async function assertKnown(tx: Tx, patientIds: readonly string[], userIds: readonly string[]) {
  if (patientIds.length > 0) {
    const [found] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(patients)
      .where(and(inArray(patients.id, [...patientIds]), isNull(patients.deletedAt)))
    if (found?.count !== patientIds.length) throw new NotFoundError()
  }
  if (userIds.length > 0) {
    const [found] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt), sql`${users.active}`))
    if (found?.count !== userIds.length) throw new NotFoundError()
  }
}

/** Appends one history entry per pair: who did what, when (the column's default). */
export async function recordHistory(
  tx: Tx,
  req: FastifyRequest,
  pairs: readonly Pair[],
  action: HistoryAction,
  requestId: string | null = null,
): Promise<void> {
  if (pairs.length === 0) return
  const tenantId = tenantOf(req)
  await tx.insert(assignmentHistory).values(
    pairs.map((pair) => ({
      tenantId,
      id: uuidv7(),
      patientId: pair.patientId,
      userId: pair.userId,
      action,
      actorId: req.user?.id ?? null,
      requestId,
    })),
  )
}

/** NOM-024: one audit entry per patient whose care changed, in the change's transaction. */
async function auditPairs(tx: Tx, req: FastifyRequest, pairs: readonly Pair[], action: string) {
  if (pairs.length === 0) return
  const tenantId = tenantOf(req)
  await tx.insert(auditLog).values(
    pairs.map((pair) => ({
      tenantId,
      id: uuidv7(),
      actorId: req.user?.id ?? null,
      action,
      entity: 'patient',
      entityId: pair.patientId,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
      details: { user: pair.userId },
    })),
  )
}

/**
 * Tells each professional's feed that a patient came into or left their care: for every record
 * of the patient that exists (its newest change for everyone is an upsert), a note addressed to
 * that professional alone — an upsert that brings it to their devices, or a delete that takes it
 * off. Generic over the entities, so each new kind of patient record follows without a change
 * here. See docs/decisions/0009-assignments.md.
 */
async function noteForFeeds(tx: Tx, pairs: readonly Pair[], op: 'upsert' | 'delete'): Promise<void> {
  if (pairs.length === 0) return
  const patientIds = `{${pairs.map((p) => p.patientId).join(',')}}`
  const userIds = `{${pairs.map((p) => p.userId).join(',')}}`
  await tx.execute(sql`
    insert into change_log (tenant_id, entity, entity_id, op, version, patient_id, audience)
    select newest.tenant_id, newest.entity, newest.entity_id, ${op}, newest.version, newest.patient_id, pair.user_id
      from unnest(${patientIds}::uuid[], ${userIds}::uuid[]) as pair(patient_id, user_id)
      cross join lateral (
        select distinct on (log.entity, log.entity_id) log.*
          from change_log as log
         where log.patient_id = pair.patient_id and log.audience is null
         order by log.entity, log.entity_id, log.txid desc, log.seq desc) as newest
     where newest.op = 'upsert'`)
}

/**
 * Notes each patient whose care changed as changed for everyone, at its current version (its
 * fields did not change, so a device's pending edit keeps its base): the feed then sends the
 * patient with its new assignees to every device that holds it (`patient-assignees.ts`).
 */
async function noteAssigneesChanged(tx: Tx, pairs: readonly Pair[]): Promise<void> {
  if (pairs.length === 0) return
  const patientIds = `{${[...new Set(pairs.map((p) => p.patientId))].join(',')}}`
  await tx.execute(sql`
    insert into change_log (tenant_id, entity, entity_id, op, version, patient_id)
    select tenant_id, 'patient', id, 'upsert', version, id
      from patients
     where id = any(${patientIds}::uuid[]) and deleted_at is null`)
}

/**
 * Assigns each pair not already assigned, with its history, audit and feed notes, in the
 * caller's transaction. Answers the pairs it assigned (a pair assigned before is left as it is).
 */
export async function assign(
  tx: Tx,
  req: FastifyRequest,
  pairs: readonly Pair[],
  origin: { ruleId?: string | null; requestId?: string | null } = {},
): Promise<Pair[]> {
  if (pairs.length === 0) return []
  const tenantId = tenantOf(req)
  // The partial unique index (one open assignment per pair) turns a repeat into nothing.
  const made = await tx
    .insert(patientAssignments)
    .values(
      pairs.map((pair) => ({
        tenantId,
        id: uuidv7(),
        patientId: pair.patientId,
        userId: pair.userId,
        ruleId: origin.ruleId ?? null,
        assignedBy: req.user?.id ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ patientId: patientAssignments.patientId, userId: patientAssignments.userId })
  await recordHistory(tx, req, made, 'assigned', origin.requestId ?? null)
  await auditPairs(tx, req, made, 'assignment.create')
  await noteForFeeds(tx, made, 'upsert')
  await noteAssigneesChanged(tx, made)
  return made
}

/**
 * Ends the open assignments `where` finds, with their history, audit and feed notes (the
 * patients leave those professionals' devices). Answers the pairs it ended.
 */
export async function unassign(tx: Tx, req: FastifyRequest, where: SQL | undefined): Promise<Pair[]> {
  const now = new Date().toISOString()
  const ended = await tx
    .update(patientAssignments)
    .set({ endedAt: now, endedBy: req.user?.id ?? null })
    .where(and(isNull(patientAssignments.endedAt), where))
    .returning({ patientId: patientAssignments.patientId, userId: patientAssignments.userId })
  await recordHistory(tx, req, ended, 'unassigned')
  await auditPairs(tx, req, ended, 'assignment.end')
  await noteForFeeds(tx, ended, 'delete')
  await noteAssigneesChanged(tx, ended)
  return ended
}

/** The condition of `unassign` for some patients of some professionals. */
export const pairsWhere = (patientIds: readonly string[], userIds: readonly string[]): SQL | undefined =>
  and(
    inArray(patientAssignments.patientId, [...patientIds]),
    inArray(patientAssignments.userId, [...userIds]),
  )
