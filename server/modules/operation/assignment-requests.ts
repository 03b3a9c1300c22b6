import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { RequestFilters, RequestState } from '../../../src/contract/schemas/assignments'
import type { Tx } from '../../db/client'
import { assignmentRequestPatients, assignmentRequests, patientAssignments } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import { assign, type Pair, recordHistory } from './assignment-writes'

/**
 * A request's state from its patients' (SPEC §4: waiting → authorized | refused): waiting while
 * any patient waits; once all are decided, authorized if any was, else refused.
 */
export function requestStateOf(patientStates: readonly RequestState[]): RequestState {
  if (patientStates.length === 0 || patientStates.includes('waiting')) return 'waiting'
  return patientStates.includes('authorized') ? 'authorized' : 'refused'
}

/** Only a waiting patient can be decided; a decision is final. */
export const canDecide = (state: RequestState) => state === 'waiting'

const tenantOf = (req: FastifyRequest) => {
  if (!req.tenant) throw new NotFoundError()
  return req.tenant.id
}

/** The condition of the concentrated table's filters on requests. */
export function requestFiltersWhere(filters: RequestFilters): SQL | undefined {
  return and(
    filters.state ? eq(assignmentRequests.state, filters.state) : undefined,
    filters.user_id ? eq(assignmentRequests.userId, filters.user_id) : undefined,
  )
}

/**
 * Asks for some patients for a professional: one request groups them, leaving out those already
 * in the professional's care or already waiting for them. Answers the request (null when
 * nothing was left to ask for) and how many patients it holds.
 */
export async function createRequest(
  tx: Tx,
  req: FastifyRequest,
  userId: string,
  patientIds: readonly string[],
): Promise<{ requestId: string | null; count: number }> {
  const tenantId = tenantOf(req)
  const taken = new Set(
    [
      ...(await tx
        .select({ patientId: patientAssignments.patientId })
        .from(patientAssignments)
        .where(
          and(
            eq(patientAssignments.userId, userId),
            inArray(patientAssignments.patientId, [...patientIds]),
            isNull(patientAssignments.endedAt),
          ),
        )),
      ...(await tx
        .select({ patientId: assignmentRequestPatients.patientId })
        .from(assignmentRequestPatients)
        .innerJoin(assignmentRequests, eq(assignmentRequests.id, assignmentRequestPatients.requestId))
        .where(
          and(
            eq(assignmentRequests.userId, userId),
            eq(assignmentRequestPatients.state, 'waiting'),
            inArray(assignmentRequestPatients.patientId, [...patientIds]),
          ),
        )),
    ].map((row) => row.patientId),
  )
  const wanted = patientIds.filter((id) => !taken.has(id))
  if (wanted.length === 0) return { requestId: null, count: 0 }
  const requestId = uuidv7()
  await tx
    .insert(assignmentRequests)
    .values({ tenantId, id: requestId, userId, requestedBy: req.user?.id ?? null })
  await tx
    .insert(assignmentRequestPatients)
    .values(wanted.map((patientId) => ({ tenantId, requestId, patientId })))
  await recordHistory(
    tx,
    req,
    wanted.map((patientId) => ({ patientId, userId })),
    'requested',
    requestId,
  )
  return { requestId, count: wanted.length }
}

/** Sets each touched request's state from its patients' states. */
async function settleRequests(tx: Tx, requestIds: readonly string[]): Promise<void> {
  if (requestIds.length === 0) return
  const rows = await tx
    .select({ requestId: assignmentRequestPatients.requestId, state: assignmentRequestPatients.state })
    .from(assignmentRequestPatients)
    .where(inArray(assignmentRequestPatients.requestId, [...requestIds]))
  const now = new Date().toISOString()
  for (const requestId of requestIds) {
    const states = rows.filter((row) => row.requestId === requestId).map((row) => row.state)
    if (states.length === 0) {
      // Every patient of it was cancelled: nothing is asked any more.
      await tx.delete(assignmentRequests).where(eq(assignmentRequests.id, requestId))
      continue
    }
    await tx
      .update(assignmentRequests)
      .set({ state: requestStateOf(states), updatedAt: now })
      .where(eq(assignmentRequests.id, requestId))
  }
}

/**
 * Authorizes or refuses the waiting patients of some requests (all of them, or only
 * `patientIds`), within `filters`. Authorized patients are assigned to the request's
 * professional. Answers the pairs decided; patients decided before are left as they are.
 */
export async function decide(
  tx: Tx,
  req: FastifyRequest,
  verdict: 'authorized' | 'refused',
  requestIds: readonly string[],
  options: { patientIds?: readonly string[]; filters?: RequestFilters } = {},
): Promise<Pair[]> {
  const requests = await tx
    .select({ id: assignmentRequests.id, userId: assignmentRequests.userId })
    .from(assignmentRequests)
    .where(and(inArray(assignmentRequests.id, [...requestIds]), requestFiltersWhere(options.filters ?? {})))
  if (requests.length === 0) throw new NotFoundError()
  const userOf = new Map(requests.map((request) => [request.id, request.userId]))
  const decided = await tx
    .update(assignmentRequestPatients)
    .set({ state: verdict, decidedBy: req.user?.id ?? null, decidedAt: new Date().toISOString() })
    .where(
      and(
        inArray(assignmentRequestPatients.requestId, [...userOf.keys()]),
        eq(assignmentRequestPatients.state, 'waiting'),
        options.patientIds
          ? inArray(assignmentRequestPatients.patientId, [...options.patientIds])
          : undefined,
      ),
    )
    .returning({
      requestId: assignmentRequestPatients.requestId,
      patientId: assignmentRequestPatients.patientId,
    })
  const byRequest = new Map<string, Pair[]>()
  for (const row of decided) {
    const pair = { patientId: row.patientId, userId: userOf.get(row.requestId) as string }
    byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), pair])
  }
  for (const [requestId, pairs] of byRequest) {
    await recordHistory(tx, req, pairs, verdict, requestId)
    if (verdict === 'authorized') await assign(tx, req, pairs, { requestId })
  }
  await settleRequests(tx, [...byRequest.keys()])
  return [...byRequest.values()].flat()
}

/** Withdraws a professional's waiting request for one patient. Answers whether one was waiting. */
export async function cancelWaiting(
  tx: Tx,
  req: FastifyRequest,
  userId: string,
  patientId: string,
): Promise<boolean> {
  const cancelled = await tx
    .delete(assignmentRequestPatients)
    .where(
      and(
        eq(assignmentRequestPatients.patientId, patientId),
        eq(assignmentRequestPatients.state, 'waiting'),
        sql`${assignmentRequestPatients.requestId} in (select ${assignmentRequests.id} from ${assignmentRequests} where ${assignmentRequests.userId} = ${userId})`,
      ),
    )
    .returning({ requestId: assignmentRequestPatients.requestId })
  for (const { requestId } of cancelled) {
    await recordHistory(tx, req, [{ patientId, userId }], 'cancelled', requestId)
  }
  await settleRequests(tx, [...new Set(cancelled.map((row) => row.requestId))])
  return cancelled.length > 0
}
