import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'
import { tenants } from './landlord'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

/** PostgreSQL's 64-bit transaction id (`pg_current_xact_id()`), read as a decimal string. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' })

/**
 * Idempotency (DESIGN §5): a device sends every mutation with a key that never changes. The row
 * is written in the same transaction as the effect, so a replay finds either nothing (the effect
 * never happened) or the stored answer. Kept at least 90 days: tablets stay offline for days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    /** Method, path and body, hashed: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_flight', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    tenantIsolation(),
  ],
)

/**
 * The change feed (DESIGN §5): one row per change of a synced record, written in the change's own
 * transaction and stamped with its transaction id. Readers see only rows below the oldest
 * transaction still running, so one that commits late is never skipped.
 */
export const changeLog = pgTable(
  'change_log',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    version: integer('version').notNull(),
    /** Whose record it is, for feeds scoped to one patient (patient mode) or to assignments. */
    patientId: uuid('patient_id'),
    /**
     * Null: the change is for everyone whose scope holds the record. A user id: a note for that
     * user's feed alone, written when an assignment brings a patient to them (upserts) or takes
     * it away (deletes) — see docs/decisions/0009-assignments.md.
     */
    audience: uuid('audience'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.seq] }),
    index('change_log_cursor_idx').on(t.tenantId, t.txid, t.seq),
    // A professional's feed reads the changes of each assigned patient, and the notes to them.
    index('change_log_patient_idx').on(t.tenantId, t.patientId, t.txid, t.seq),
    index('change_log_audience_idx')
      .on(t.tenantId, t.audience, t.txid, t.seq)
      .where(sql`audience is not null`),
    tenantIsolation(),
  ],
)

/** How far a tenant's change log has been pruned: a cursor below this must resync from scratch. */
export const changeLogHorizon = pgTable(
  'change_log_horizon',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    txid: xid8('txid').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), tenantIsolation()],
)
