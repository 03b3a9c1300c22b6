import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Tx } from '../db/client'
import { patientAssignments, patients } from '../db/schema'
import { NotFoundError } from './errors'

/** SPEC §6 "superuser all-assignments (total access)": the holder sees every patient. */
export const ALL_ASSIGNMENTS = 'assignments.all'

/**
 * The professional whose assignments bound what this request may see, or null when it sees the
 * whole tenant (all-assignments). A patient in patient mode is bounded elsewhere (their own id).
 */
export function assignedUserOf(req: FastifyRequest): string | null {
  const user = req.user
  if (!user || user.permissions.has(ALL_ASSIGNMENTS)) return null
  return user.id
}

/** SQL true when `patientId` is one of `userId`'s patients now. */
export const assignedTo = (userId: string, patientId: AnyPgColumn | SQL | string): SQL =>
  sql`exists (select from ${patientAssignments}
               where ${patientAssignments.userId} = ${userId}
                 and ${patientAssignments.patientId} = ${patientId}
                 and ${patientAssignments.endedAt} is null)`

/** A condition on a patient id column that keeps the request's scope (undefined: everything). */
export function patientScope(req: FastifyRequest, patientId: AnyPgColumn): SQL | undefined {
  const userId = assignedUserOf(req)
  return userId ? assignedTo(userId, patientId) : undefined
}

export async function isAssigned(tx: Tx, userId: string, patientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: patientAssignments.id })
    .from(patientAssignments)
    .where(
      and(
        eq(patientAssignments.userId, userId),
        eq(patientAssignments.patientId, patientId),
        isNull(patientAssignments.endedAt),
      ),
    )
  return row !== undefined
}

/**
 * A professional reading a patient not in their care gets 404, as for a patient that does not
 * exist: whether someone is a patient of the clinic is itself patient data.
 */
export async function assertInScope(tx: Tx, req: FastifyRequest, patientId: string): Promise<void> {
  const userId = assignedUserOf(req)
  if (userId && !(await isAssigned(tx, userId, patientId))) throw new NotFoundError()
}

/**
 * 404 unless the tenant has the patient, not deleted (another tenant's ids are unknown here), and
 * the caller has them in their care (docs/decisions/0009-assignments.md): what every write about
 * a patient's record checks first.
 */
export async function assertLivePatientInScope(
  tx: Tx,
  req: FastifyRequest,
  patientId: string,
): Promise<void> {
  const [patient] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)))
  if (!patient) throw new NotFoundError()
  await assertInScope(tx, req, patientId)
}
