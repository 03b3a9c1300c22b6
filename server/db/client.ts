import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { CONNECTION_LIFETIME_SECONDS, prepareStatements } from './pg-statements'
import { withPreparedStatements } from './pglite-statements'
import { APP_ROLE } from './schema/columns'

/**
 * Drizzle over either driver: the code above this file never knows which. Built without the
 * schema: only the relational API (`db.query.*`, unused here) needs it, and with it drizzle makes
 * a query builder per table for every transaction (about a tenth of a millisecond each time).
 */
export type Db = PgDatabase<PgQueryResultHKT>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined
  /** PGlite's data directory; absent = in memory (tests). */
  dataDir?: string | undefined
  poolSize?: number
}

/**
 * Opens the database, applies the committed migrations as the connecting (owner) user, then
 * drops to the application role for everything else, so row-level security always applies.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10)
  return openPglite(options.dataDir)
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir ?? 'memory://')
  await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder })
  // PGlite has one connection and it is a superuser: switch the session to the app role.
  await client.exec(`SET ROLE ${APP_ROLE}`)
  // The tenant's setting, first in every tenant transaction, goes in one call with the next statement.
  const prepared = withPreparedStatements(client, { ridesWithNext: new Set([TENANT_SETTING_TEXT]) })
  const db = drizzlePglite({ client: prepared, casing: 'snake_case' })
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() }
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const owner = new pg.Client({ connectionString: url })
  await owner.connect()
  try {
    await migratePg(drizzlePg({ client: owner, casing: 'snake_case' }), { migrationsFolder })
  } finally {
    await owner.end()
  }
  // Every pooled connection starts as the app role (a startup parameter, so no query can run before it).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: `-c role=${APP_ROLE}`,
    maxLifetimeSeconds: CONNECTION_LIFETIME_SECONDS,
  })
  prepareStatements(pool, { withBegin: tenantSettingWithBegin })
  // An idle connection that breaks (PostgreSQL restarted, the connection terminated) is dropped by
  // the pool, which opens another when needed; unheard, the pool's error event would end the process.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, casing: 'snake_case' })
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() }
}

/** The tenant a transaction acts for, which the row-level security policies read. */
const tenantSetting = (tenantId: string) => sql`select set_config('app.tenant_id', ${tenantId}, true)`

/** Its text as the driver gets it (the tenant's id is its one parameter). */
const TENANT_SETTING_TEXT = new PgDialect().sqlToQuery(tenantSetting('')).sql

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The tenant's setting as SQL text, to travel with `begin` (pg-statements.ts): only for the
 * setting itself and a well-formed id, which is then the only thing written into the text.
 */
function tenantSettingWithBegin(text: string, values: readonly unknown[]): string | null {
  const [tenantId] = values
  if (text !== TENANT_SETTING_TEXT || typeof tenantId !== 'string' || !UUID.test(tenantId)) return null
  return `select set_config('app.tenant_id', '${tenantId}', true)`
}

/**
 * Runs `work` in one transaction scoped to a tenant: row-level security shows and accepts only
 * that tenant's rows, whatever the queries inside forget to filter.
 */
export function withTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(tenantSetting(tenantId))
    return work(tx)
  })
}

/** The newest applied migration, reported by /api/health. */
export async function schemaVersion(db: Db): Promise<{ migrations: number; latest: number | null }> {
  const result = await db.execute<{ count: string | number; latest: string | number | null }>(
    sql`select count(*) as count, max(created_at) as latest from drizzle.__drizzle_migrations`,
  )
  const row = (result as unknown as { rows: { count: string | number; latest: string | number | null }[] })
    .rows[0]
  return { migrations: Number(row?.count ?? 0), latest: row?.latest == null ? null : Number(row.latest) }
}
