import { v7 as uuidv7 } from 'uuid'
import { nameKey } from '../../../src/contract/schemas/catalogue-definitions'
import type { Tx } from '../../db/client'
import { catalogueEntries, tenants } from '../../db/schema'
import { AFFECTED_SYSTEMS } from '../catalogs/affected-systems'
import { bumpTenantCatalogVersion } from '../catalogs/tenant-versions'

/**
 * Creates a tenant with what every tenant starts with: its `affected_system` catalogue, seeded
 * from the shared review-of-systems list (codes kept, so diagnoses and reports can refer to them),
 * which the tenant then edits. `tx` is a transaction scoped to the new tenant
 * (`withTenant(db, tenant.id, …)`), so the tenant never exists without its seed. Answers the seeded
 * systems' ids by code, for a caller that files diagnoses under them.
 */
export async function provisionTenant(
  tx: Tx,
  tenant: typeof tenants.$inferInsert & { id: string },
): Promise<Map<string, string>> {
  await tx.insert(tenants).values(tenant)
  const idsByCode = new Map<string, string>()
  const rows = AFFECTED_SYSTEMS.map((system, position) => {
    const id = uuidv7()
    idsByCode.set(system.code, id)
    return {
      tenantId: tenant.id,
      id,
      catalogue: 'affected_system' as const,
      name: system.nameEs,
      nameKey: nameKey(system.nameEs),
      code: system.code,
      position,
    }
  })
  await tx.insert(catalogueEntries).values(rows)
  await bumpTenantCatalogVersion(tx, tenant.id, 'affected_system')
  return idsByCode
}
