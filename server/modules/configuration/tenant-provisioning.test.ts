import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/fixtures/database'
import { type Database, withTenant } from '../../db/client'
import { catalogueEntries, tenantCatalogVersions, tenants } from '../../db/schema'
import { AFFECTED_SYSTEMS } from '../catalogs/affected-systems'
import { provisionTenant } from './tenant-provisioning'

describe('a new tenant', () => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const tenantValues = (slug: string) => ({
    id: uuidv7(),
    slug,
    tradeName: slug,
    businessName: `${slug} S.A.`,
  })

  it('starts with the affected systems of the shared review-of-systems list, at catalogue version 1', async () => {
    const tenant = tenantValues('nueva')
    const idsByCode = await withTenant(database.db, tenant.id, (tx) => provisionTenant(tx, tenant))
    const { rows, versions } = await withTenant(database.db, tenant.id, async (tx) => ({
      rows: await tx
        .select()
        .from(catalogueEntries)
        .where(eq(catalogueEntries.catalogue, 'affected_system'))
        .orderBy(catalogueEntries.position),
      versions: await tx.select().from(tenantCatalogVersions),
    }))
    expect(rows.map((row) => [row.code, row.name, row.active])).toEqual(
      AFFECTED_SYSTEMS.map((system) => [system.code, system.nameEs, true]),
    )
    expect(rows.every((row) => row.tenantId === tenant.id && row.parentId === null)).toBe(true)
    expect(idsByCode.get('respiratory')).toBe(rows.find((row) => row.code === 'respiratory')?.id)
    expect(versions.map((row) => [row.catalog, row.version])).toEqual([['affected_system', 1]])
  })

  it('is created with its seed or not at all', async () => {
    const tenant = tenantValues('fallida')
    await expect(
      withTenant(database.db, tenant.id, async (tx) => {
        await provisionTenant(tx, tenant)
        throw new Error('a later step of the creation failed')
      }),
    ).rejects.toThrow('a later step')
    const [created] = await database.db.select().from(tenants).where(eq(tenants.slug, 'fallida'))
    const seeded = await withTenant(database.db, tenant.id, (tx) => tx.select().from(catalogueEntries))
    expect(created).toBeUndefined()
    expect(seeded).toEqual([])
  })
})
