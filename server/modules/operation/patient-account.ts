import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../db/client'
import { patients, roles, users } from '../../db/schema'
import { ValidationError } from '../../platform/errors'
import { translate } from '../../platform/messages'
import { findPatientRow } from './patients'

type PatientRow = typeof patients.$inferSelect

/**
 * The patient's login account for patient mode (SPEC §1, §3 "access account"), a user linked
 * both ways to the patient. Called in the transaction that wrote the patient, after the write:
 * - a password creates the account (the e-mail is then required) or replaces its password, which
 *   its owner must change at the first sign-in, as for any password someone else chose;
 * - the e-mail (the account's username), name and phone follow to the account.
 * Answers the patient row as it stands after.
 */
export async function settleAccount(
  tx: Tx,
  req: FastifyRequest,
  row: PatientRow,
  passwordHash: string | null,
): Promise<PatientRow> {
  const now = new Date().toISOString()
  if (row.userId) {
    if (!row.email) throw new ValidationError({ email: [translate('field.required', req.lang)] })
    await tx
      .update(users)
      .set({
        email: row.email,
        name: row.name,
        lastName: row.lastName,
        secondLastName: row.secondLastName,
        phone: row.phone,
        updatedAt: now,
        ...(passwordHash && { passwordHash, passwordChangedAt: now, mustChangePassword: true }),
      })
      .where(eq(users.id, row.userId))
    if (passwordHash) await auditAccount(req, tx, row, 'password')
    return row
  }
  if (!passwordHash) return row
  if (!row.email) throw new ValidationError({ email: [translate('field.required', req.lang)] })
  const userId = uuidv7()
  await tx.insert(users).values({
    tenantId: row.tenantId,
    id: userId,
    email: row.email,
    name: row.name,
    lastName: row.lastName,
    secondLastName: row.secondLastName,
    phone: row.phone,
    passwordHash,
    mustChangePassword: true,
    roleId: await patientRoleId(tx),
    patientId: row.id,
  })
  await tx.update(patients).set({ userId }).where(eq(patients.id, row.id))
  await auditAccount(req, tx, row, 'created')
  return (await findPatientRow(tx, row.id)) ?? row
}

/** The tenant's seeded patient profile, when it has one; the link to the patient grants patient mode anyway. */
async function patientRoleId(tx: Tx): Promise<string | null> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.code, 'patient'), isNull(roles.deletedAt)))
  return role?.id ?? null
}

const auditAccount = (req: FastifyRequest, tx: Tx, row: PatientRow, change: 'created' | 'password') =>
  req.audit(tx, { action: 'patient.account', entity: 'patient', entityId: row.id, details: { change } })
