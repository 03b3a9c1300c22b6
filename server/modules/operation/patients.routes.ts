import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  createPatient,
  notePatientRecordOpening,
  showPatient,
  updatePatient,
} from '../../../src/contract/endpoints/operation'
import { patients } from '../../db/schema'
import { assertInScope, assignedUserOf } from '../../platform/assignment-scope'
import { auditEntryOf } from '../../platform/audit'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { CLAIMED, mutate, selectedValues } from '../../platform/mutation'
import { recordOfflineOpening } from '../../platform/offline-openings'
import { hashPassword } from '../../platform/passwords'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { assign } from './assignment-writes'
import { settleAccount } from './patient-account'
import { assertPatientRules } from './patient-rules'
import {
  columnsOf,
  findPatientRow,
  patientByCurp,
  patientUpdateWrite,
  presentPatient,
  sameCreate,
} from './patients'

/**
 * Patients, the first editable offline kind (DESIGN §5): created with the device's id, updated
 * with only the changed fields against the version they were based on, every change noted in
 * the change feed in its own transaction, every read and change audited (NOM-024). A password in
 * the body sets the patient's login account and is kept only as its hash.
 */
export async function patientRoutes(app: FastifyInstance) {
  route(app, createPatient, async ({ body }, req, reply) => {
    const userId = req.user?.id ?? null
    const tenant = req.tenant as NonNullable<typeof req.tenant> // a tenant route: tenancy set it
    // Hashing is slow on purpose: done before the transaction opens.
    const passwordHash = body.password ? await hashPassword(body.password) : null
    const values = {
      tenantId: req.tenant?.id as string,
      id: body.id,
      ...columnsOf(body),
      createdBy: userId,
      updatedBy: userId,
    } as typeof patients.$inferInsert
    const patient = await idempotent(req, async (tx, claim) => {
      await assertPatientRules(tx, tenant, body.id, body, req.lang)
      const row = await mutate(tx, claim, {
        table: patients,
        // Without a target, `on conflict do nothing` covers the id and the CURP: see below which.
        write: sql`insert into ${patients} ${selectedValues(patients, values)}
                    where ${CLAIMED}
                   on conflict do nothing
                   returning *`,
        change: { entity: 'patient', op: 'upsert', patientId: body.id },
        audit: auditEntryOf(req, { action: 'patient.create', entity: 'patient', entityId: body.id }),
      })
      if (row) {
        // A professional who sees only their assignments keeps in their care whom they register.
        const bounded = assignedUserOf(req)
        if (bounded) await assign(tx, req, [{ patientId: row.id, userId: bounded }])
        return presentPatient(await settleAccount(tx, req, row, passwordHash))
      }
      const existing = await findPatientRow(tx, body.id)
      if (existing) {
        // The same create again (another key, same content) answers the first result.
        if (sameCreate(existing, body)) return presentPatient(existing)
        throw new ConflictError()
      }
      if (await patientByCurp(tx, body.curp)) {
        throw new ValidationError({ curp: [translate('patient.curpTaken', req.lang)] })
      }
      // Neither is visible yet: a request still running holds one of them; try again.
      throw new ConflictError()
    })
    sendVersion(reply, patient.version)
    return patient
  })

  route(app, updatePatient, async ({ params, body }, req, reply) => {
    const base = ifMatchVersion(req)
    const tenant = req.tenant as NonNullable<typeof req.tenant> // a tenant route: tenancy set it
    const passwordHash = body.password ? await hashPassword(body.password) : null
    const patient = await idempotent(req, async (tx, claim) => {
      await assertPatientRules(tx, tenant, params.id, body, req.lang)
      const curpFree = body.curp
        ? sql`not exists (select from ${patients} as other where other.curp = ${body.curp} and other.id <> ${params.id})`
        : undefined
      const row = await mutate(tx, claim, {
        table: patients,
        // Applies only to the version the client saw, on a record not deleted; else see below why.
        write: patientUpdateWrite(tx, {
          id: params.id,
          base,
          fields: body,
          userId: req.user?.id ?? null,
          also: curpFree,
        }),
        change: { entity: 'patient', op: 'upsert', patientId: params.id },
        audit: auditEntryOf(req, {
          action: 'patient.update',
          entity: 'patient',
          entityId: params.id,
          // Names of the changed fields only: the audit log never holds a password.
          details: { fields: Object.keys(body) },
        }),
      })
      if (row) {
        // Checked after the write, which rolls back with the 404 (the write is one statement).
        await assertInScope(tx, req, row.id)
        return presentPatient(await settleAccount(tx, req, row, passwordHash))
      }
      const current = await findPatientRow(tx, params.id)
      if (!current) throw new NotFoundError()
      await assertInScope(tx, req, current.id)
      // DESIGN §5: deletes win; an edit of a deleted record is refused and shown.
      if (current.deletedAt) throw new UnprocessableError('record.deleted')
      assertVersion(base, current, presentPatient)
      if (body.curp) {
        const holder = await patientByCurp(tx, body.curp)
        if (holder && holder.id !== current.id) {
          throw new ValidationError({ curp: [translate('patient.curpTaken', req.lang)] })
        }
      }
      // Nothing explains it: a request still running changed the record meanwhile; try again.
      throw new ConflictError()
    })
    sendVersion(reply, patient.version)
    return patient
  })

  route(app, showPatient, async ({ params }, req, reply) => {
    const patient = await req.withTenant(async (tx) => {
      const row = await findPatientRow(tx, params.id)
      if (!row || row.deletedAt) throw new NotFoundError()
      await assertInScope(tx, req, row.id)
      await req.audit(tx, { action: 'patient.read', entity: 'patient', entityId: row.id })
      return presentPatient(row)
    })
    sendVersion(reply, patient.version)
    return patient
  })

  // The record page opened offline (decision 0038): `showPatient`'s read is its audit online.
  route(app, notePatientRecordOpening, ({ params, body }, req) =>
    recordOfflineOpening(req, 'patient.read-offline', params.id, body),
  )
}
