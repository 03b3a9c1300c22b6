import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  lastSomatometry,
  READING_SELF_PERMISSIONS,
  readingCallsOf,
} from '../../../src/contract/endpoints/operation'
import type { ReadingKind as ContractKind, SomatometryReading } from '../../../src/contract/schemas/readings'
import type { SyncedEntity } from '../../../src/contract/schemas/sync'
import type { Tx } from '../../db/client'
import { patients, somatometryReadings, users } from '../../db/schema'
import { assertInScope, assignedTo, assignedUserOf } from '../../platform/assignment-scope'
import { auditEntryOf } from '../../platform/audit'
import { recordChange } from '../../platform/change-log'
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { CLAIMED, mutate, selectedValues } from '../../platform/mutation'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { presentReading as present, READING_TABLES, type ReadingTable, recordersOf } from './readings'

export interface ReadingKind {
  entity: SyncedEntity
  table: ReadingTable
  calls: (typeof readingCallsOf)[ContractKind]
  /** The patient-mode permission that lets a patient record their own. */
  selfPermission: (typeof READING_SELF_PERMISSIONS)[ContractKind]
  /** The kind's own values: API field (snake_case) → column property. */
  fields: Record<string, string>
}

/** Each self-tracking kind's table, calls and permission (the …/pdf routes use them too). */
export const KINDS: ReadingKind[] = [
  {
    entity: 'blood-pressure',
    table: READING_TABLES['blood-pressure'],
    calls: readingCallsOf['blood-pressure'],
    selfPermission: READING_SELF_PERMISSIONS['blood-pressure'],
    fields: { systolic: 'systolic', diastolic: 'diastolic', heart_rate: 'heartRate' },
  },
  {
    entity: 'glucose',
    table: READING_TABLES.glucose,
    calls: readingCallsOf.glucose,
    selfPermission: READING_SELF_PERMISSIONS.glucose,
    fields: { glucose: 'glucose', moment: 'moment' },
  },
  {
    entity: 'somatometry',
    table: READING_TABLES.somatometry,
    calls: readingCallsOf.somatometry,
    selfPermission: READING_SELF_PERMISSIONS.somatometry,
    fields: {
      weight_kg: 'weightKg',
      height_m: 'heightM',
      waist_cm: 'waistCm',
      hip_cm: 'hipCm',
      temperature_c: 'temperatureC',
      oximetry: 'oximetry',
      heart_rate: 'heartRate',
      respiratory_rate: 'respiratoryRate',
    },
  },
  {
    entity: 'nutrition',
    table: READING_TABLES.nutrition,
    calls: readingCallsOf.nutrition,
    selfPermission: READING_SELF_PERMISSIONS.nutrition,
    fields: { meals: 'meals', water_ml: 'waterMl' },
  },
  {
    entity: 'habit',
    table: READING_TABLES.habit,
    calls: readingCallsOf.habit,
    selfPermission: READING_SELF_PERMISSIONS.habit,
    fields: { habit: 'habit', frequency: 'frequency', quantity: 'quantity' },
  },
]

/** What every reading carries besides its kind's values: API field → column property. */
const COMMON_FIELDS = { taken_at: 'takenAt', note: 'note' }

/**
 * The columns a body writes. A create writes every field (absent ones as null); an amendment
 * only the fields it carries, so a field nobody changed keeps what it holds.
 */
function columnsOf(kind: ReadingKind, body: Record<string, unknown>, only: 'all' | 'sent') {
  const columns: Record<string, unknown> = {}
  for (const [field, column] of Object.entries({ ...COMMON_FIELDS, ...kind.fields })) {
    if (only === 'all' || field in body) columns[column] = body[field] ?? null
  }
  return columns
}

/** Whether a reading's call reads it or writes it: a read permission never grants a write. */
export type Intent = 'read' | 'write'

/**
 * Staff act for the patients in their scope (assignments): those who edit patients write their
 * readings, those who list patients read them. Everyone else may act only as a patient.
 */
const actsAsStaff = (req: FastifyRequest, intent: Intent) =>
  req.user?.permissions.has(intent === 'write' ? 'patients-edit' : 'patients-index') === true

/**
 * Staff act for the patients in their care; a patient only for themselves, with the patient-mode
 * permission of the kind (the contract lets through only callers holding one or the other).
 */
export async function assertMayActFor(
  tx: Tx,
  req: FastifyRequest,
  kind: ReadingKind,
  patientId: string,
  intent: Intent,
) {
  const user = req.user
  if (!user) throw new ForbiddenError()
  const [patient] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId))
  if (!patient) throw new NotFoundError()
  if (actsAsStaff(req, intent)) {
    // Staff act for the patients in their care (all of them with all-assignments).
    await assertInScope(tx, req, patientId)
    return
  }
  const [me] = await tx.select({ patientId: users.patientId }).from(users).where(eq(users.id, user.id))
  if (me?.patientId === patientId && user.permissions.has(kind.selfPermission)) return
  throw new ForbiddenError()
}

/**
 * Whether a stored reading is the one a create carries: the same values column by column, the
 * instant compared as an instant (the column reads back in PostgreSQL's text form, "2026-11-23
 * 08:40:00+00", never equal to the request's ISO text).
 */
function sameReading(row: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(([column, value]) => {
    if (column === 'tenantId' || column === 'createdBy' || column === 'updatedBy') return true
    if (column === 'takenAt') return Date.parse(String(row.takenAt)) === Date.parse(String(value))
    // The meals (jsonb) read back as new objects, with their keys in PostgreSQL's order.
    if (typeof value === 'object' && value !== null) return sameJson(row[column], value)
    return (row[column] ?? null) === (value ?? null)
  })
}

/** Two JSON values equal whatever the order of their objects' keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

export async function readingRoutes(app: FastifyInstance) {
  for (const kind of KINDS) {
    const { table, calls, entity } = kind
    const tenantOf = (req: FastifyRequest) => req.tenant?.id as string
    const find = async (tx: Tx, id: string) => {
      const [row] = await tx.select().from(table).where(eq(table.id, id))
      return row ?? null
    }

    // Clinical events are append-only (DESIGN §5): created once with the device's id.
    route(app, calls.create, async ({ body }, req) => {
      const input = body as unknown as Record<string, unknown> & {
        id: string
        patient_id: string
        taken_at: string
        note: string | null
      }
      const userId = req.user?.id ?? null
      const values = {
        tenantId: tenantOf(req),
        id: input.id,
        patientId: input.patient_id,
        ...columnsOf(kind, input, 'all'),
        createdBy: userId,
        updatedBy: userId,
      }
      // Staff act for the patients in their care: the write itself asks for the patient and,
      // for a professional bounded by assignments, the assignment, so a create (an outbox
      // replays them by the hundred) costs no statement of its own to check them.
      const staff = actsAsStaff(req, 'write')
      const assignee = staff ? assignedUserOf(req) : null
      const inCare = assignee ? sql`and ${assignedTo(assignee, input.patient_id)}` : sql``
      return idempotent(req, async (tx, claim) => {
        // A patient records only their own (with the kind's permission), checked before.
        if (!staff) await assertMayActFor(tx, req, kind, input.patient_id, 'write')
        const row = await mutate(tx, claim, {
          table,
          // `on conflict do nothing`: the device's id may be here already, then compare below.
          write: sql`insert into ${table} ${selectedValues(table, values)}
                      where ${CLAIMED} and exists (select from ${patients} where ${patients.id} = ${input.patient_id})
                        ${inCare}
                     on conflict do nothing
                     returning *`,
          change: { entity, op: 'upsert', patientId: input.patient_id },
          audit: auditEntryOf(req, {
            action: `${entity}.create`,
            entity: 'patient',
            entityId: input.patient_id,
            details: { reading: input.id },
          }),
        })
        if (row) return present(row)
        // Nothing written: the patient is unknown or not in the caller's care (404), or the id
        // is taken — by the same create sent again with another key (its first result), or by
        // another reading (refused).
        await assertMayActFor(tx, req, kind, input.patient_id, 'write')
        const existing = await find(tx, input.id)
        if (existing && sameReading(existing, values)) return present(existing)
        throw new ConflictError()
      })
    })

    route(app, calls.list, async ({ query }, req) =>
      req.withTenant(async (tx) => {
        await assertMayActFor(tx, req, kind, query.patient_id, 'read')
        const rows = await tx
          .select()
          .from(table)
          .where(and(eq(table.patientId, query.patient_id), isNull(table.deletedAt)))
          .orderBy(desc(table.takenAt))
        await req.audit(tx, { action: `${entity}.list`, entity: 'patient', entityId: query.patient_id })
        const recorders = await recordersOf(tx, rows)
        return rows.map((row) => ({ ...present(row), recorded_by: recorders.get(row) ?? null }))
      }),
    )

    route(app, calls.show, async ({ params }, req, reply) => {
      const reading = await req.withTenant(async (tx) => {
        const row = await find(tx, params.id)
        if (!row || row.deletedAt) throw new NotFoundError()
        await assertMayActFor(tx, req, kind, row.patientId, 'read')
        await req.audit(tx, { action: `${entity}.read`, entity: 'patient', entityId: row.patientId })
        return present(row)
      })
      sendVersion(reply, reading.version)
      return reading
    })

    route(app, calls.update, async ({ params, body }, req, reply) => {
      // Only the fields that changed (an amendment): the others keep what they hold.
      const input = body as Record<string, unknown>
      const tenantId = tenantOf(req)
      const base = ifMatchVersion(req)
      const reading = await idempotent(req, async (tx, claim) => {
        // It reads before it writes: the key is claimed first, in a statement of its own.
        await claim.take(tx)
        const current = await find(tx, params.id)
        if (!current) throw new NotFoundError()
        if (current.deletedAt) throw new UnprocessableError('record.deleted')
        await assertMayActFor(tx, req, kind, current.patientId, 'write')
        assertVersion(base, current, present)
        const [row] = await tx
          .update(table)
          .set({
            ...columnsOf(kind, input, 'sent'),
            version: current.version + 1,
            updatedAt: new Date().toISOString(),
            updatedBy: req.user?.id ?? null,
          } as never)
          .where(eq(table.id, current.id))
          .returning()
        if (!row) throw new NotFoundError()
        await recordChange(tx, {
          tenantId,
          entity,
          entityId: row.id,
          op: 'upsert',
          version: row.version,
          patientId: row.patientId,
        })
        await req.audit(tx, {
          action: `${entity}.update`,
          entity: 'patient',
          entityId: row.patientId,
          details: { reading: row.id },
        })
        return present(row)
      })
      sendVersion(reply, reading.version)
      return reading
    })

    // Deletes are soft and win (DESIGN §5): a tombstone the devices pull.
    route(app, calls.remove, async ({ params }, req) => {
      const tenantId = tenantOf(req)
      return idempotent(req, async (tx, claim) => {
        // It reads before it writes: the key is claimed first, in a statement of its own.
        await claim.take(tx)
        const current = await find(tx, params.id)
        if (!current) throw new NotFoundError()
        await assertMayActFor(tx, req, kind, current.patientId, 'write')
        if (current.deletedAt) return null
        const now = new Date().toISOString()
        const [row] = await tx
          .update(table)
          .set({
            deletedAt: now,
            updatedAt: now,
            version: current.version + 1,
            updatedBy: req.user?.id ?? null,
          } as never)
          .where(eq(table.id, current.id))
          .returning()
        if (row) {
          await recordChange(tx, {
            tenantId,
            entity,
            entityId: row.id,
            op: 'delete',
            version: row.version,
            patientId: row.patientId,
          })
        }
        await req.audit(tx, {
          action: `${entity}.delete`,
          entity: 'patient',
          entityId: current.patientId,
          details: { reading: current.id },
        })
        return null
      })
    })
  }

  const somatometryKind = KINDS.find((kind) => kind.entity === 'somatometry') as ReadingKind
  // The latest somatometry of a patient, for forms that start from the last weight and height.
  route(app, lastSomatometry, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      await assertMayActFor(tx, req, somatometryKind, params.id, 'read')
      const [row] = await tx
        .select()
        .from(somatometryReadings)
        .where(and(eq(somatometryReadings.patientId, params.id), isNull(somatometryReadings.deletedAt)))
        .orderBy(desc(somatometryReadings.takenAt), desc(somatometryReadings.createdAt))
        .limit(1)
      await req.audit(tx, { action: 'somatometry.last', entity: 'patient', entityId: params.id })
      // presentReading answers every kind's columns; this table's are a somatometry's.
      return row ? (present(row) as unknown as SomatometryReading) : null
    }),
  )
}
