import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { recordSectionCalls } from '../../../src/contract/endpoints/record-sections'
import { RECORD_SECTIONS, type RecordSection } from '../../../src/contract/schemas/record-sections'
import type { Tx } from '../../db/client'
import { patients, recordSections } from '../../db/schema'
import { assertInScope, assertLivePatientInScope } from '../../platform/assignment-scope'
import { auditEntryOf } from '../../platform/audit'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { CLAIMED, mutate, selectedValues } from '../../platform/mutation'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import {
  assertListCodes,
  columnsOf,
  findRecordSection,
  presentRecordSection as present,
  type RecordSectionRow,
  sameCreate,
} from './record-sections'

const ENTITY = 'record-section'

/** The entry, if it is one of this section's: an id reached through another section's path is unknown. */
async function findIn(tx: Tx, section: RecordSection, id: string): Promise<RecordSectionRow | null> {
  const row = await findRecordSection(tx, id)
  return row?.section === section ? row : null
}

/**
 * The record sections of a patient (SPEC §3, §7), editable offline (DESIGN §5): created once with
 * the device's id, updated with the changed fields against If-Match (412 with the current entry,
 * 428 without it), deleted softly — a delete wins and an edit of a deleted entry is refused.
 * Every change goes to the change feed and the audit log in its own transaction; reads are
 * audited too (NOM-024).
 */
export async function recordSectionRoutes(app: FastifyInstance) {
  for (const section of RECORD_SECTIONS) {
    const calls = recordSectionCalls[section]
    const tenantOf = (req: FastifyRequest) => req.tenant?.id as string
    const auditOf = (req: FastifyRequest, action: string, patientId: string, entryId?: string) =>
      auditEntryOf(req, {
        action: `${ENTITY}.${action}`,
        entity: 'patient',
        entityId: patientId,
        details: entryId ? { section, entry: entryId } : { section },
      })

    route(app, calls.create, async ({ body }, req, reply) => {
      const input = body as Record<string, unknown> & { id: string; patient_id: string }
      const userId = req.user?.id ?? null
      const values = {
        tenantId: tenantOf(req),
        id: input.id,
        patientId: input.patient_id,
        section,
        ...columnsOf(section, input),
        createdBy: userId,
        updatedBy: userId,
      }
      const entry = await idempotent(req, async (tx, claim) => {
        await assertListCodes(tx, input, req.lang)
        const row = await mutate(tx, claim, {
          table: recordSections,
          // `on conflict do nothing`: the device's id may be here already, then compare below.
          write: sql`insert into ${recordSections} ${selectedValues(recordSections, values)}
                      where ${CLAIMED} and exists (select from ${patients}
                        where ${patients.id} = ${input.patient_id} and ${patients.deletedAt} is null)
                     on conflict do nothing
                     returning *`,
          change: { entity: ENTITY, op: 'upsert', patientId: input.patient_id },
          audit: auditOf(req, 'create', input.patient_id, input.id),
        })
        if (row) {
          // Checked after the write, which rolls back with the 404 (the write is one statement).
          await assertInScope(tx, req, row.patientId)
          return present(row)
        }
        // Nothing written: the patient is unknown (404), or the id is taken — by the same create
        // sent again with another key (its first result), or by another entry (refused).
        await assertLivePatientInScope(tx, req, input.patient_id)
        const existing = await findRecordSection(tx, input.id)
        // A create since deleted still happened: it answers the entry as it is now, a tombstone.
        if (existing && sameCreate(existing, section, input)) return present(existing)
        throw new ConflictError()
      })
      sendVersion(reply, entry.version)
      return entry
    })

    route(app, calls.list, async ({ query }, req) =>
      req.withTenant(async (tx) => {
        await assertLivePatientInScope(tx, req, query.patient_id)
        const rows = await tx
          .select()
          .from(recordSections)
          .where(
            and(
              eq(recordSections.patientId, query.patient_id),
              eq(recordSections.section, section),
              isNull(recordSections.deletedAt),
            ),
          )
          .orderBy(asc(recordSections.createdAt), asc(recordSections.id))
        await req.audit(tx, {
          action: `${ENTITY}.list`,
          entity: 'patient',
          entityId: query.patient_id,
          details: { section },
        })
        return rows.map(present)
      }),
    )

    route(app, calls.show, async ({ params }, req, reply) => {
      const entry = await req.withTenant(async (tx) => {
        const row = await findIn(tx, section, params.id)
        if (!row || row.deletedAt) throw new NotFoundError()
        await assertInScope(tx, req, row.patientId)
        await req.audit(tx, {
          action: `${ENTITY}.read`,
          entity: 'patient',
          entityId: row.patientId,
          details: { section, entry: row.id },
        })
        return present(row)
      })
      sendVersion(reply, entry.version)
      return entry
    })

    route(app, calls.update, async ({ params, body }, req, reply) => {
      const changes = body as Record<string, unknown>
      const base = ifMatchVersion(req)
      const entry = await idempotent(req, async (tx, claim) => {
        // It reads before it writes: the key is claimed first, in a statement of its own.
        await claim.take(tx)
        const current = await findIn(tx, section, params.id)
        if (!current) throw new NotFoundError()
        await assertInScope(tx, req, current.patientId)
        // DESIGN §5: deletes win; an edit of a deleted entry is refused and shown.
        if (current.deletedAt) throw new UnprocessableError('record.deleted')
        assertVersion(base, current, present)
        await assertListCodes(tx, changes, req.lang)
        const [row] = await tx
          .update(recordSections)
          .set({
            ...columnsOf(section, changes),
            version: current.version + 1,
            updatedAt: new Date().toISOString(),
            updatedBy: req.user?.id ?? null,
          })
          .where(and(eq(recordSections.id, current.id), eq(recordSections.version, current.version)))
          .returning()
        // The row changed between the read and the write: a request still running; try again.
        if (!row) throw new ConflictError()
        await recordChange(tx, {
          tenantId: tenantOf(req),
          entity: ENTITY,
          entityId: row.id,
          op: 'upsert',
          version: row.version,
          patientId: row.patientId,
        })
        await req.audit(tx, {
          action: `${ENTITY}.update`,
          entity: 'patient',
          entityId: row.patientId,
          details: { section, entry: row.id, fields: Object.keys(changes) },
        })
        return present(row)
      })
      sendVersion(reply, entry.version)
      return entry
    })

    // Deletes are soft and win (DESIGN §5): a tombstone the devices pull. No If-Match: a delete
    // applies to whatever version is there.
    route(app, calls.remove, async ({ params }, req) =>
      idempotent(req, async (tx, claim) => {
        await claim.take(tx)
        const current = await findIn(tx, section, params.id)
        if (!current) throw new NotFoundError()
        await assertInScope(tx, req, current.patientId)
        if (current.deletedAt) return null
        const now = new Date().toISOString()
        const [row] = await tx
          .update(recordSections)
          .set({
            deletedAt: now,
            updatedAt: now,
            version: current.version + 1,
            updatedBy: req.user?.id ?? null,
          })
          .where(eq(recordSections.id, current.id))
          .returning()
        if (!row) throw new NotFoundError()
        await recordChange(tx, {
          tenantId: tenantOf(req),
          entity: ENTITY,
          entityId: row.id,
          op: 'delete',
          version: row.version,
          patientId: row.patientId,
        })
        await req.audit(tx, {
          action: `${ENTITY}.delete`,
          entity: 'patient',
          entityId: row.patientId,
          details: { section, entry: row.id },
        })
        return null
      }),
    )
  }
}
