import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createPatient, showPatient, updatePatient } from '../../../src/contract/endpoints/operation'
import { patients } from '../../db/schema'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { columnsOf, findPatientRow, patientByCurp, presentPatient, sameCreate } from './patients'

/**
 * Patients, the first editable offline kind (DESIGN §5): created with the device's id, updated
 * with only the changed fields against the version they were based on, every change noted in
 * the change feed in its own transaction, every read and change audited (NOM-024).
 */
export async function patientRoutes(app: FastifyInstance) {
  route(app, createPatient, async ({ body }, req, reply) => {
    const tenantId = req.tenant?.id as string
    const patient = await idempotent(req, async (tx) => {
      const existing = await findPatientRow(tx, body.id)
      if (existing) {
        // The same create again (another key, same content) answers the first result.
        if (sameCreate(existing, body)) return presentPatient(existing)
        throw new ConflictError()
      }
      if (await patientByCurp(tx, body.curp)) {
        throw new ValidationError({ curp: [translate('patient.curpTaken', req.lang)] })
      }
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(patients)
        .values({
          tenantId,
          id: body.id,
          ...columnsOf(body),
          createdBy: userId,
          updatedBy: userId,
        } as typeof patients.$inferInsert)
        .returning()
      if (!row) throw new Error('patient insert returned nothing')
      await recordChange(tx, {
        tenantId,
        entity: 'patient',
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.id,
      })
      await req.audit(tx, { action: 'patient.create', entity: 'patient', entityId: row.id })
      return presentPatient(row)
    })
    sendVersion(reply, patient.version)
    return patient
  })

  route(app, updatePatient, async ({ params, body }, req, reply) => {
    const tenantId = req.tenant?.id as string
    const base = ifMatchVersion(req)
    const patient = await idempotent(req, async (tx) => {
      const current = await findPatientRow(tx, params.id)
      if (!current) throw new NotFoundError()
      // DESIGN §5: deletes win; an edit of a deleted record is refused and shown.
      if (current.deletedAt) throw new UnprocessableError('record.deleted')
      assertVersion(base, current, presentPatient)
      if (body.curp && body.curp !== current.curp) {
        const holder = await patientByCurp(tx, body.curp)
        if (holder && holder.id !== current.id) {
          throw new ValidationError({ curp: [translate('patient.curpTaken', req.lang)] })
        }
      }
      const [row] = await tx
        .update(patients)
        .set({
          ...columnsOf(body),
          version: current.version + 1,
          updatedAt: new Date().toISOString(),
          updatedBy: req.user?.id ?? null,
        })
        .where(eq(patients.id, current.id))
        .returning()
      if (!row) throw new NotFoundError()
      await recordChange(tx, {
        tenantId,
        entity: 'patient',
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.id,
      })
      await req.audit(tx, {
        action: 'patient.update',
        entity: 'patient',
        entityId: row.id,
        details: { fields: Object.keys(body) },
      })
      return presentPatient(row)
    })
    sendVersion(reply, patient.version)
    return patient
  })

  route(app, showPatient, async ({ params }, req, reply) => {
    const patient = await req.withTenant(async (tx) => {
      const row = await findPatientRow(tx, params.id)
      if (!row || row.deletedAt) throw new NotFoundError()
      await req.audit(tx, { action: 'patient.read', entity: 'patient', entityId: row.id })
      return presentPatient(row)
    })
    sendVersion(reply, patient.version)
    return patient
  })
}
