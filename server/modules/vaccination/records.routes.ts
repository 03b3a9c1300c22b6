import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  createVaccinationRecordForPatient,
  createVaccinationRecordForPatientVaccine,
  deleteVaccinationRecord,
  patientVaccinationRecords,
  showVaccinationRecord,
} from '../../../src/contract/endpoints/vaccination'
import {
  countryProblem,
  type VaccinationRecord,
  type VaccinationRecordFields,
} from '../../../src/contract/schemas/vaccination-records'
import type { Tx } from '../../db/client'
import { nationalities, vaccinationRecordAmendments, vaccinationRecords } from '../../db/schema'
import { assertInScope, assertLivePatientInScope } from '../../platform/assignment-scope'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { assertLiveEntry } from '../catalogs/catalogues'
import {
  columnsOf,
  fieldChanges,
  fieldsOf,
  findVaccinationRecord,
  presentVaccinationRecord,
  presentVaccinationRecords,
  sameCreate,
} from './records'

const ENTITY = 'vaccination-record'

/** 422 on `country_code` when the country is not a `nationalities` code. */
async function assertKnownCountry(tx: Tx, req: FastifyRequest, code: string | null | undefined) {
  if (!code) return
  const [found] = await tx
    .select({ code: nationalities.code })
    .from(nationalities)
    .where(eq(nationalities.code, code))
  if (!found) throw new ValidationError({ country_code: [translate('vaccination.unknownCountry', req.lang)] })
}

/**
 * A patient's vaccination records (issue 21; SPEC §7 "Vaccination service"). A record is
 * created once with the device's id (a replay answers the first result), amended against
 * If-Match with each changed field's value before and after kept (NOM-004), and deleted softly
 * (a tombstone the devices pull). The patient must be in the caller's care (else 404, as for
 * another tenant's ids), and every read and change is audited.
 */
export async function vaccinationRecordRoutes(app: FastifyInstance) {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string

  const create = async (
    req: FastifyRequest,
    id: string,
    patientId: string,
    fields: VaccinationRecordFields,
  ): Promise<VaccinationRecord> =>
    idempotent(req, async (tx, claim) => {
      // It reads before it writes: the key is claimed first, in a statement of its own.
      await claim.take(tx)
      await assertLivePatientInScope(tx, req, patientId)
      await assertKnownCountry(tx, req, fields.country_code)
      // The vaccine is one the tenant's catalogue offers now (a record keeps it after it goes).
      await assertLiveEntry(tx, 'vaccination-records', fields.vaccine_id, 'vaccine_id', req.lang)
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(vaccinationRecords)
        .values({
          tenantId: tenantOf(req),
          id,
          patientId,
          ...columnsOf(fields),
          vaccineId: fields.vaccine_id,
          doseNumber: fields.dose_number,
          appliedOn: fields.applied_on,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        // The same create sent again under another key answers the first result.
        const existing = await findVaccinationRecord(tx, id)
        if (existing && sameCreate(existing, patientId, fields)) return presentVaccinationRecord(tx, existing)
        throw new ConflictError()
      }
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: ENTITY,
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.patientId,
      })
      await req.audit(tx, {
        action: `${ENTITY}.create`,
        entity: 'patient',
        entityId: row.patientId,
        details: { record: row.id },
      })
      return presentVaccinationRecord(tx, row)
    })

  route(app, createVaccinationRecord, async ({ body }, req, reply) => {
    const { id, patient_id, ...fields } = body
    const record = await create(req, id, patient_id, fields)
    sendVersion(reply, record.version)
    return record
  })

  route(app, createVaccinationRecordForPatient, async ({ params, body }, req, reply) => {
    const { id, vaccine_id, ...fields } = body
    if (!vaccine_id) throw new ValidationError({ vaccine_id: [translate('field.required', req.lang)] })
    const record = await create(req, id, params.patient_id, { ...fields, vaccine_id })
    sendVersion(reply, record.version)
    return record
  })

  route(app, createVaccinationRecordForPatientVaccine, async ({ params, body }, req, reply) => {
    const { id, vaccine_id, ...fields } = body
    // The path names the vaccine; a body naming another is a contradiction, refused.
    if (vaccine_id && vaccine_id !== params.vaccine_id) {
      throw new ValidationError({ vaccine_id: [translate('field.invalid', req.lang)] })
    }
    const record = await create(req, id, params.patient_id, { ...fields, vaccine_id: params.vaccine_id })
    sendVersion(reply, record.version)
    return record
  })

  route(app, showVaccinationRecord, async ({ params }, req, reply) =>
    req.withTenant(async (tx) => {
      const row = await findVaccinationRecord(tx, params.id)
      if (!row) throw new NotFoundError()
      await assertInScope(tx, req, row.patientId)
      await req.audit(tx, {
        action: `${ENTITY}.show`,
        entity: 'patient',
        entityId: row.patientId,
        details: { record: row.id },
      })
      const record = await presentVaccinationRecord(tx, row)
      sendVersion(reply, record.version)
      return record
    }),
  )

  route(app, amendVaccinationRecord, async ({ params, body }, req, reply) => {
    const base = ifMatchVersion(req)
    const record = await idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const row = await findVaccinationRecord(tx, params.id)
      if (!row) throw new NotFoundError()
      await assertInScope(tx, req, row.patientId)
      if (row.deletedAt) throw new UnprocessableError('record.deleted')
      const current = await presentVaccinationRecord(tx, row)
      assertVersion(base, current, (found) => found)
      const merged = { ...fieldsOf(row), ...body }
      const problem = countryProblem(merged)
      if (problem) throw new ValidationError({ country_code: [translate(problem, req.lang)] })
      if ('country_code' in body) await assertKnownCountry(tx, req, body.country_code)
      const changed = fieldChanges(fieldsOf(row), body)
      // Nothing really differs: no new version, no amendment (the device sends only changes).
      if (Object.keys(changed).length === 0) return current
      const userId = req.user?.id ?? null
      const [updated] = await tx
        .update(vaccinationRecords)
        .set({
          ...columnsOf(body),
          version: row.version + 1,
          updatedAt: new Date().toISOString(),
          updatedBy: userId,
        })
        .where(and(eq(vaccinationRecords.id, row.id), eq(vaccinationRecords.version, row.version)))
        .returning()
      // The row changed between the read and the write: a request still running; try again.
      if (!updated) throw new ConflictError()
      // NOM-004: the record as it was stays readable, field by field, with who changed it and when.
      await tx.insert(vaccinationRecordAmendments).values({
        tenantId: tenantOf(req),
        id: uuidv7(),
        recordId: updated.id,
        version: updated.version,
        changes: changed,
        amendedBy: userId,
      })
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: ENTITY,
        entityId: updated.id,
        op: 'upsert',
        version: updated.version,
        patientId: updated.patientId,
      })
      await req.audit(tx, {
        action: `${ENTITY}.update`,
        entity: 'patient',
        entityId: updated.patientId,
        details: { record: updated.id, fields: Object.keys(changed) },
      })
      return presentVaccinationRecord(tx, updated)
    })
    sendVersion(reply, record.version)
    return record
  })

  // Deletes are soft and win (DESIGN §5): a tombstone the devices pull, the record kept.
  route(app, deleteVaccinationRecord, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const current = await findVaccinationRecord(tx, params.id)
      if (!current) throw new NotFoundError()
      await assertInScope(tx, req, current.patientId)
      if (!current.deletedAt) {
        const now = new Date().toISOString()
        const [row] = await tx
          .update(vaccinationRecords)
          .set({
            deletedAt: now,
            updatedAt: now,
            version: current.version + 1,
            updatedBy: req.user?.id ?? null,
          })
          .where(and(eq(vaccinationRecords.id, current.id), eq(vaccinationRecords.version, current.version)))
          .returning()
        if (!row) throw new ConflictError()
        await recordChange(tx, {
          tenantId: tenantOf(req),
          entity: ENTITY,
          entityId: row.id,
          op: 'delete',
          version: row.version,
          patientId: row.patientId,
        })
      }
      await req.audit(tx, {
        action: `${ENTITY}.delete`,
        entity: 'patient',
        entityId: current.patientId,
        details: { record: current.id },
      })
      return null
    }),
  )
}

/** GET /api/operation/patients/vaccination-records?patient_id=: the patient's live records, newest dose first. */
export async function patientVaccinationRecordRoutes(app: FastifyInstance) {
  route(app, patientVaccinationRecords, async ({ query }, req) =>
    req.withTenant(async (tx) => {
      await assertLivePatientInScope(tx, req, query.patient_id)
      const rows = await tx
        .select()
        .from(vaccinationRecords)
        .where(and(eq(vaccinationRecords.patientId, query.patient_id), isNull(vaccinationRecords.deletedAt)))
        .orderBy(desc(vaccinationRecords.appliedOn), desc(vaccinationRecords.id))
      await req.audit(tx, { action: `${ENTITY}.list`, entity: 'patient', entityId: query.patient_id })
      return presentVaccinationRecords(tx, rows)
    }),
  )
}
