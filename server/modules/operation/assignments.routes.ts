import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  assignIndividual,
  assignMassive,
  assignMultiple,
  assignmentHistory as assignmentHistoryCall,
  assignPatients,
  deleteAssignment,
  notAssignedTotal,
  patientAssignments as patientAssignmentsCall,
  unassignIndividual,
  unassignMultiple,
} from '../../../src/contract/endpoints/assignments'
import type { Tx } from '../../db/client'
import { assignmentHistory, patientAssignments, patients, users } from '../../db/schema'
import { assertInScope, assignedUserOf, isAssigned } from '../../platform/assignment-scope'
import { NotFoundError, UnauthenticatedError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { fullName, outcome } from './assignment-present'
import { cancelWaiting, createRequest } from './assignment-requests'
import { assertKnown, assign, pairsOf, pairsWhere, unassign } from './assignment-writes'
import { notAssignedWhere, patientFiltersWhere } from './patient-filters'

const callerOf = (req: FastifyRequest) => {
  if (!req.user) throw new UnauthenticatedError()
  return req.user
}

/**
 * The caller takes some patients: assigned straight away with `assignments.create`, otherwise
 * asked for in one waiting request an administrator decides (docs/decisions/0009-assignments.md).
 */
async function takeForCaller(tx: Tx, req: FastifyRequest, patientIds: readonly string[]) {
  const caller = callerOf(req)
  if (caller.permissions.has('assignments.create')) {
    const made = await assign(tx, req, pairsOf(patientIds, [caller.id]))
    return outcome({ assigned: made.length })
  }
  const { requestId, count } = await createRequest(tx, req, caller.id, patientIds)
  return outcome({ requested: count, request_id: requestId })
}

/** SPEC §7 assignments of patients to professionals: direct, by the caller, massive; history. */
export async function assignmentRoutes(app: FastifyInstance) {
  route(app, assignPatients, async ({ body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await assertKnown(tx, body.patients_selected, [body.user_id])
      const made = await assign(tx, req, pairsOf(body.patients_selected, [body.user_id]))
      return outcome({ assigned: made.length })
    }),
  )

  route(app, assignMultiple, async ({ body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await assertKnown(tx, body.patients_selected, body.users_selected)
      const made = await assign(tx, req, pairsOf(body.patients_selected, body.users_selected))
      return outcome({ assigned: made.length })
    }),
  )

  route(app, unassignMultiple, async ({ body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await assertKnown(tx, body.patients_selected, body.users_selected)
      const ended = await unassign(tx, req, pairsWhere(body.patients_selected, body.users_selected))
      return outcome({ unassigned: ended.length })
    }),
  )

  route(app, patientAssignmentsCall, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      const [patient] = await tx
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.id, params.id), isNull(patients.deletedAt)))
      if (!patient) throw new NotFoundError()
      await assertInScope(tx, req, patient.id)
      const rows = await tx
        .select({
          id: patientAssignments.id,
          patient_id: patientAssignments.patientId,
          user_id: patientAssignments.userId,
          user_name: fullName(users),
          rule_id: patientAssignments.ruleId,
          assigned_by: patientAssignments.assignedBy,
          created_at: patientAssignments.createdAt,
        })
        .from(patientAssignments)
        .innerJoin(users, eq(users.id, patientAssignments.userId))
        .where(and(eq(patientAssignments.patientId, patient.id), isNull(patientAssignments.endedAt)))
        .orderBy(asc(patientAssignments.createdAt))
      await req.audit(tx, { action: 'assignment.list', entity: 'patient', entityId: patient.id })
      return rows
    }),
  )

  route(app, deleteAssignment, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const [open] = await tx
        .select({ id: patientAssignments.id })
        .from(patientAssignments)
        .where(and(eq(patientAssignments.id, params.id), isNull(patientAssignments.endedAt)))
      if (!open) throw new NotFoundError()
      const ended = await unassign(tx, req, eq(patientAssignments.id, open.id))
      return outcome({ unassigned: ended.length })
    }),
  )

  route(app, assignIndividual, async ({ body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await assertKnown(tx, [body.patient_id], [])
      return takeForCaller(tx, req, [body.patient_id])
    }),
  )

  route(app, unassignIndividual, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const caller = callerOf(req)
      // A waiting request is withdrawn; an assignment ends only for who may end assignments.
      if (await cancelWaiting(tx, req, caller.id, params.id)) return outcome({})
      if (caller.permissions.has('assignments.delete') && (await isAssigned(tx, caller.id, params.id))) {
        const ended = await unassign(tx, req, pairsWhere([params.id], [caller.id]))
        return outcome({ unassigned: ended.length })
      }
      throw new NotFoundError()
    }),
  )

  route(app, notAssignedTotal, async ({ query }, req) =>
    req.withTenant(async (tx) => {
      const [row] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(patients)
        .where(and(patientFiltersWhere(query), notAssignedWhere()))
      return { total: row?.total ?? 0 }
    }),
  )

  route(app, assignMassive, async ({ query, body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      let patientIds: string[]
      if (body.patients_selected === 'all') {
        // Every patient the top filters find that nobody has: what not-assignment/total counted.
        const found = await tx
          .select({ id: patients.id })
          .from(patients)
          .where(and(patientFiltersWhere(query), notAssignedWhere()))
          .limit(5000)
        patientIds = found.map((row) => row.id)
      } else {
        await assertKnown(tx, body.patients_selected, [])
        const found = await tx
          .select({ id: patients.id })
          .from(patients)
          .where(and(inArray(patients.id, body.patients_selected), patientFiltersWhere(query)))
        patientIds = found.map((row) => row.id)
      }
      if (patientIds.length === 0) {
        throw new ValidationError({ patients_selected: [translate('assignment.patientsRequired', req.lang)] })
      }
      return takeForCaller(tx, req, patientIds)
    }),
  )

  route(app, assignmentHistoryCall, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      // A professional without all-assignments reads only their own history.
      const bounded = assignedUserOf(req)
      if (bounded && bounded !== params.userId) throw new NotFoundError()
      const [patient] = await tx
        .select({ name: fullName(patients) })
        .from(patients)
        .where(eq(patients.id, params.patientId))
      const [user] = await tx
        .select({ name: fullName(users) })
        .from(users)
        .where(eq(users.id, params.userId))
      if (!patient || !user) throw new NotFoundError()
      const actor = sql<string | null>`(select concat_ws(' ', a.name, a.last_name, a.second_last_name)
                                          from users as a where a.id = ${assignmentHistory.actorId})`
      const entries = await tx
        .select({
          id: assignmentHistory.id,
          action: assignmentHistory.action,
          actor_name: actor,
          request_id: assignmentHistory.requestId,
          at: assignmentHistory.at,
        })
        .from(assignmentHistory)
        .where(
          and(eq(assignmentHistory.userId, params.userId), eq(assignmentHistory.patientId, params.patientId)),
        )
        .orderBy(asc(assignmentHistory.at), asc(assignmentHistory.id))
      await req.audit(tx, {
        action: 'assignment.history',
        entity: 'patient',
        entityId: params.patientId,
        details: { user: params.userId },
      })
      return { user_name: user.name, patient_name: patient.name, entries }
    }),
  )
}
