import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type * as v from 'valibot'
import type { Endpoint } from '../../../src/contract/endpoints/define'
import type { ReportRecord } from '../../../src/contract/schemas/report-amendments'
import type { Tx } from '../../db/client'
import { assertInScope, assertLivePatientInScope } from '../../platform/assignment-scope'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import {
  columnsOf,
  fieldChanges,
  fieldsOf,
  findReport,
  presentReport,
  presentReports,
  type ReportKind,
  type ReportRow,
  sameCreate,
} from './medical-reports'

type IdParams = v.GenericSchema<unknown, { id: string }>

/** The calls every medical report has; the list and the delete where its contract has them. */
export interface ReportCalls {
  list?: Endpoint & { query: v.GenericSchema<unknown, { patient_id: string }> }
  create: Endpoint & { body: v.GenericSchema<unknown, { id: string; patient_id: string }> }
  show: Endpoint & { params: IdParams }
  amend: Endpoint & { params: IdParams; body: v.GenericSchema }
  remove?: Endpoint & { params: IdParams }
}

/**
 * The report the id names, of a patient in the caller's care, not deleted, audited as read:
 * else 404 (another tenant's, an unassigned patient's and a deleted report are all unknown here).
 * The show call and the downloads read it alike.
 */
export async function reportInScope<T extends ReportRecord>(
  tx: Tx,
  req: FastifyRequest,
  kind: ReportKind,
  id: string,
  action: string,
): Promise<T> {
  const row = await findReport(tx, kind, id)
  if (!row || row.deletedAt) throw new NotFoundError()
  await assertInScope(tx, req, row.patientId)
  await req.audit(tx, {
    action: `${kind.entity}.${action}`,
    entity: 'patient',
    entityId: row.patientId,
    details: { report: row.id },
  })
  return presentReport<T>(tx, kind, row)
}

/** A patient's live reports of a kind, newest first, presented (the caller checks the scope). */
export async function reportsOfPatient<T extends ReportRecord>(
  tx: Tx,
  kind: ReportKind,
  patientId: string,
): Promise<T[]> {
  const day = (kind.table as unknown as Record<string, Parameters<typeof desc>[0]>)[kind.day]
  if (!day) throw new Error(`${kind.day} is no column of ${kind.entity}`)
  const rows = await tx
    .select()
    .from(kind.table)
    .where(and(eq(kind.table.patientId, patientId), isNull(kind.table.deletedAt)))
    .orderBy(desc(day), desc(kind.table.id))
  return presentReports<T>(tx, kind, rows as ReportRow[])
}

/**
 * A medical report's create, show, amendment, patient list and soft delete (issue 23; decision
 * 0028), as a consultation's: created once with the device's id (a replay answers the first
 * result, another report under the id is 409); amended against If-Match with each changed field
 * kept before and after (NOM-004); deleted softly where SPEC allows, the tombstone fed to the
 * devices. Every read and change is audited against the patient and every change is fed.
 */
export function reportRoutes(app: FastifyInstance, kind: ReportKind, calls: ReportCalls): void {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string
  const userOf = (req: FastifyRequest) => req.user?.id ?? null

  const noteChange = (tx: Tx, req: FastifyRequest, row: ReportRow, op: 'upsert' | 'delete') =>
    recordChange(tx, {
      tenantId: tenantOf(req),
      entity: kind.entity,
      entityId: row.id,
      op,
      version: row.version,
      patientId: row.patientId,
    })

  if (calls.list) {
    route(app, calls.list, async ({ query }, req) =>
      req.withTenant(async (tx) => {
        const { patient_id } = query as { patient_id: string }
        await assertLivePatientInScope(tx, req, patient_id)
        await req.audit(tx, { action: `${kind.entity}.list`, entity: 'patient', entityId: patient_id })
        return reportsOfPatient(tx, kind, patient_id)
      }),
    )
  }

  route(app, calls.create, async ({ body }, req, reply) => {
    const { id, patient_id, ...fields } = body as { id: string; patient_id: string } & Record<string, unknown>
    const report = await idempotent(req, async (tx, claim) => {
      // It reads before it writes: the key is claimed first, in a statement of its own.
      await claim.take(tx)
      await assertLivePatientInScope(tx, req, patient_id)
      const existing = await findReport(tx, kind, id)
      if (existing) {
        // The same create sent again under another key answers the first result.
        if (sameCreate(kind, existing, patient_id, fields)) return presentReport(tx, kind, existing)
        throw new ConflictError()
      }
      await kind.check?.(tx, req, fields, fields, patient_id)
      const [row] = (await tx
        .insert(kind.table)
        .values({
          tenantId: tenantOf(req),
          id,
          patientId: patient_id,
          ...columnsOf(kind, fields),
          createdBy: userOf(req),
          updatedBy: userOf(req),
          // The columns come from the kind's fields, checked by the contract's schema.
        } as typeof kind.table.$inferInsert)
        .onConflictDoNothing()
        .returning()) as ReportRow[]
      // Another request wrote the id between the read and the write: try again.
      if (!row) throw new ConflictError()
      await noteChange(tx, req, row, 'upsert')
      await req.audit(tx, {
        action: `${kind.entity}.create`,
        entity: 'patient',
        entityId: row.patientId,
        details: { report: row.id },
      })
      return presentReport(tx, kind, row)
    })
    sendVersion(reply, report.version)
    return report
  })

  route(app, calls.show, async ({ params }, req, reply) => {
    const report = await req.withTenant((tx) =>
      reportInScope(tx, req, kind, (params as { id: string }).id, 'show'),
    )
    sendVersion(reply, report.version)
    return report
  })

  route(app, calls.amend, async ({ params, body }, req, reply) => {
    const base = ifMatchVersion(req)
    const changes = body as Record<string, unknown>
    const report = await idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const row = await findReport(tx, kind, (params as { id: string }).id)
      if (!row) throw new NotFoundError()
      await assertInScope(tx, req, row.patientId)
      if (row.deletedAt) throw new UnprocessableError('record.deleted')
      const current = await presentReport(tx, kind, row)
      assertVersion(base, current, (found) => found)
      const changed = fieldChanges(kind, row, changes)
      // Nothing really differs: no new version, no amendment (the device sends only changes).
      if (Object.keys(changed).length === 0) return current
      const after = Object.fromEntries(
        Object.entries(changed).map(([field, change]) => [field, change.after]),
      )
      await kind.check?.(tx, req, { ...fieldsOf(kind, row), ...after }, after, row.patientId)
      const [updated] = (await tx
        .update(kind.table)
        .set({
          ...columnsOf(kind, after),
          version: row.version + 1,
          updatedAt: new Date().toISOString(),
          updatedBy: userOf(req),
        })
        .where(and(eq(kind.table.id, row.id), eq(kind.table.version, row.version)))
        .returning()) as ReportRow[]
      // The row changed between the read and the write: a request still running; try again.
      if (!updated) throw new ConflictError()
      // NOM-004: the report as it was stays readable, field by field, with who changed it and when.
      await tx.insert(kind.amendments).values({
        tenantId: tenantOf(req),
        id: uuidv7(),
        reportId: updated.id,
        version: updated.version,
        changes: changed,
        amendedBy: userOf(req),
      })
      await noteChange(tx, req, updated, 'upsert')
      await req.audit(tx, {
        action: `${kind.entity}.update`,
        entity: 'patient',
        entityId: updated.patientId,
        details: { report: updated.id, fields: Object.keys(changed) },
      })
      return presentReport(tx, kind, updated)
    })
    sendVersion(reply, report.version)
    return report
  })

  if (calls.remove) {
    // Deletes are soft and win (DESIGN §5): a tombstone the devices pull, the report and its
    // amendments kept; deleting a deleted report again changes nothing and answers the same.
    route(app, calls.remove, async ({ params }, req) =>
      idempotent(req, async (tx, claim) => {
        await claim.take(tx)
        const current = await findReport(tx, kind, (params as { id: string }).id)
        if (!current) throw new NotFoundError()
        await assertInScope(tx, req, current.patientId)
        if (!current.deletedAt) {
          const now = new Date().toISOString()
          const [row] = (await tx
            .update(kind.table)
            .set({ deletedAt: now, updatedAt: now, version: current.version + 1, updatedBy: userOf(req) })
            .where(and(eq(kind.table.id, current.id), eq(kind.table.version, current.version)))
            .returning()) as ReportRow[]
          if (!row) throw new ConflictError()
          await noteChange(tx, req, row, 'delete')
        }
        await req.audit(tx, {
          action: `${kind.entity}.delete`,
          entity: 'patient',
          entityId: current.patientId,
          details: { report: current.id },
        })
        return null
      }),
    )
  }
}
