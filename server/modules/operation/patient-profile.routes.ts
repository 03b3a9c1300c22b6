import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { editPatientProfile } from '../../../src/contract/endpoints/operation'
import type { Tx } from '../../db/client'
import { patients, users } from '../../db/schema'
import { auditEntryOf } from '../../platform/audit'
import { ConflictError, ForbiddenError, UnprocessableError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { mutate } from '../../platform/mutation'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { settleAccount } from './patient-account'
import { findPatientRow, patientUpdateWrite, presentPatient } from './patients'

/** The patient record the signed-in user is; 403 for an account that is no patient. */
async function ownPatientId(tx: Tx, req: FastifyRequest): Promise<string> {
  const [me] = await tx
    .select({ patientId: users.patientId })
    .from(users)
    .where(eq(users.id, req.user?.id as string))
  if (!me?.patientId) throw new ForbiddenError()
  return me.patientId
}

/**
 * SPEC §2 "edit my profile": a patient updates their own contact data. The same versioned,
 * idempotent, fed and audited write as staff's patient update (DESIGN §5), on the record the
 * account links to, so the patient's devices and their professionals' pull the change.
 */
export async function patientProfileRoutes(app: FastifyInstance) {
  route(app, editPatientProfile, async ({ body }, req, reply) => {
    const base = ifMatchVersion(req)
    const patient = await idempotent(req, async (tx, claim) => {
      const patientId = await ownPatientId(tx, req)
      const row = await mutate(tx, claim, {
        table: patients,
        write: patientUpdateWrite(tx, { id: patientId, base, fields: body, userId: req.user?.id ?? null }),
        change: { entity: 'patient', op: 'upsert', patientId },
        audit: auditEntryOf(req, {
          action: 'patient.profile.update',
          entity: 'patient',
          entityId: patientId,
          details: { fields: Object.keys(body) },
        }),
      })
      // The phone follows to the login account, as it does when staff change it.
      if (row) return presentPatient(await settleAccount(tx, req, row, null))
      const current = await findPatientRow(tx, patientId)
      // The account's record is gone or deleted: there is no own profile left to edit.
      if (!current || current.deletedAt) throw new UnprocessableError('record.deleted')
      assertVersion(base, current, presentPatient)
      // Nothing explains it: a request still running changed the record meanwhile; try again.
      throw new ConflictError()
    })
    sendVersion(reply, patient.version)
    return patient
  })
}
