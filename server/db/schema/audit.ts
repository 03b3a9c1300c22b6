import { sql } from 'drizzle-orm'
import { index, inet, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'
import { tenants } from './landlord'

/**
 * Who read or changed which record, when and from where (NOM-024). Append-only: the app role
 * may insert and read, never update or delete (see the grants migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().default(sql`now()`),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId),
    tenantIsolation(),
  ],
)
