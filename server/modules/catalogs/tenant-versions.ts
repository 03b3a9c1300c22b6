import { sql } from 'drizzle-orm'
import { TENANT_CATALOG_NAMES, type TenantCatalogName } from '../../../src/contract/schemas/catalogs'
import type { Tx } from '../../db/client'
import { tenantCatalogVersions } from '../../db/schema'

/**
 * Moves a tenant catalogue's version on (creating it at 1), in the transaction that changed its
 * rows: devices of the tenant fetch it again at their next pull (decision 0015).
 */
export async function bumpTenantCatalogVersion(tx: Tx, tenantId: string, catalog: TenantCatalogName) {
  await tx
    .insert(tenantCatalogVersions)
    .values({ tenantId, catalog, version: 1 })
    .onConflictDoUpdate({
      target: [tenantCatalogVersions.tenantId, tenantCatalogVersions.catalog],
      set: { version: sql`${tenantCatalogVersions.version} + 1`, updatedAt: sql`now()` },
    })
}

/**
 * The versions of the tenant's catalogues (RLS shows the transaction's tenant only). One never
 * changed has version 0, so a device fetches it once, empty, and stores that.
 */
export async function listTenantCatalogVersions(tx: Tx) {
  const rows = await tx.select().from(tenantCatalogVersions)
  const held = new Map(rows.map((row) => [row.catalog, row]))
  return TENANT_CATALOG_NAMES.map((catalog) => {
    const row = held.get(catalog)
    return { catalog, version: row?.version ?? 0, updated_at: row?.updatedAt ?? new Date(0).toISOString() }
  })
}
