import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../tests/fixtures/database'
import type { Database } from './client'
import { APP_ROLE } from './schema/columns'

/**
 * Reads the migrated database's own catalog and holds every table to the rules Citus needs to
 * distribute by tenant (DESIGN §3): tenant_id leads each tenant table's key and each foreign key
 * between tenant tables, and row-level security guards every tenant table.
 */

/** Tables without tenant_id: replicated reference tables under Citus. Adding one is a decision. */
const LANDLORD_TABLES = [
  'affected_systems',
  'blood_pressure_ranges',
  'catalog_versions',
  'diagnoses',
  'federal_entities',
  'landlord_users',
  'localities',
  'municipalities',
  'nationalities',
  'reference_items',
  'tenants',
]

type Row = Record<string, unknown>
const rows = async <T extends Row>(database: Database, query: ReturnType<typeof sql>) =>
  // Both drivers answer with `{ rows }`; drizzle's union type does not say so.
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

describe(`schema rules on ${testDatabaseKind()}`, () => {
  let database: Database
  let tenantTables: string[]

  beforeAll(async () => {
    database = await openTestDatabase()
    const tables = await rows<{ table_name: string; has_tenant: boolean }>(
      database,
      sql`select c.relname as table_name,
                 exists (select 1 from pg_attribute a
                         where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    )
    tenantTables = tables.filter((t) => t.has_tenant).map((t) => t.table_name)
    const unclassified = tables.filter((t) => !t.has_tenant && !LANDLORD_TABLES.includes(t.table_name))
    expect(
      unclassified.map((t) => t.table_name),
      'tables with neither tenant_id nor a landlord listing',
    ).toEqual([])
  })
  afterAll(() => database.close())

  it('finds the tenant tables', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['patients', 'users', 'roles', 'audit_log']))
  })

  it('puts tenant_id in the primary key of every tenant table', async () => {
    const keys = await rows<{ table_name: string; columns: string[] }>(
      database,
      sql`select c.relname as table_name,
                 array(select a.attname::text from unnest(i.indkey) k join pg_attribute a
                       on a.attrelid = c.oid and a.attnum = k) as columns
          from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and i.indisprimary`,
    )
    const withoutTenantKey = tenantTables.filter(
      (table) => !keys.find((k) => k.table_name === table)?.columns.includes('tenant_id'),
    )
    expect(withoutTenantKey).toEqual([])
  })

  it('puts tenant_id in every foreign key between tenant tables', async () => {
    const foreignKeys = await rows<{ name: string; from_table: string; to_table: string; columns: string[] }>(
      database,
      sql`select con.conname as name, src.relname as from_table, dst.relname as to_table,
                 array(select a.attname::text from unnest(con.conkey) k join pg_attribute a
                       on a.attrelid = con.conrelid and a.attnum = k) as columns
          from pg_constraint con
          join pg_class src on src.oid = con.conrelid
          join pg_class dst on dst.oid = con.confrelid
          join pg_namespace n on n.oid = src.relnamespace
          where n.nspname = 'public' and con.contype = 'f'`,
    )
    const betweenTenantTables = foreignKeys.filter(
      (fk) => tenantTables.includes(fk.from_table) && tenantTables.includes(fk.to_table),
    )
    expect(betweenTenantTables.length).toBeGreaterThan(0)
    expect(
      betweenTenantTables.filter((fk) => !fk.columns.includes('tenant_id')).map((fk) => fk.name),
    ).toEqual([])
  })

  it('enables row-level security with a tenant policy for the API role on every tenant table', async () => {
    const guarded = await rows<{ table_name: string; rls: boolean; policies: number }>(
      database,
      sql`select c.relname as table_name, c.relrowsecurity as rls,
                 (select count(*)::int from pg_policies p
                  where p.schemaname = 'public' and p.tablename = c.relname
                    and ${APP_ROLE} = any(p.roles)
                    and p.qual like '%app.tenant_id%' and p.with_check like '%app.tenant_id%') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    )
    const unguarded = tenantTables.filter((table) => {
      const entry = guarded.find((g) => g.table_name === table)
      return !entry?.rls || entry.policies < 1
    })
    expect(unguarded).toEqual([])
  })

  it('runs the API as a role that cannot bypass row-level security', async () => {
    const [role] = await rows<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>(
      database,
      sql`select current_user, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user`,
    )
    expect(role).toEqual({ current_user: APP_ROLE, rolsuper: false, rolbypassrls: false })
  })
})
