import { sql } from 'drizzle-orm'
import { integer, pgPolicy, timestamp, uuid } from 'drizzle-orm/pg-core'

/** The database role the API runs as. It owns nothing and has no BYPASSRLS, so every policy applies. */
export const APP_ROLE = 'salud_app'

/**
 * `app.tenant_id` is set with set_config(…, true) by the tenant transaction; unset means no rows.
 * As a scalar sub-select, PostgreSQL reads it once per query (an init plan) rather than once per
 * row: the setting, `nullif` and the uuid parse cost about 0.3 µs a row, which was half of a
 * 100 000-patient scan (decision 0044).
 */
export const currentTenant = sql`(select nullif(current_setting('app.tenant_id', true), '')::uuid)`

/**
 * The scope of the provider's own rows in tables shared with tenants (sessions, sign-in
 * throttles): a tenant id no tenant has. Outside any tenant transaction only these rows show.
 */
export const LANDLORD_SCOPE = '00000000-0000-0000-0000-000000000000'

/** The row-level security policy every tenant table carries. */
export const tenantIsolation = () =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: APP_ROLE,
    using: sql`tenant_id = ${currentTenant}`,
    withCheck: sql`tenant_id = ${currentTenant}`,
  })

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
}

/** Columns of a table whose rows devices cache and edit offline (DESIGN §3). */
export const syncColumns = {
  version: integer('version').notNull().default(1),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
}
