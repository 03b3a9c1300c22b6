import { asc, sql } from 'drizzle-orm'
import { CATALOG_NAMES, type CatalogName } from '../../../src/contract/schemas/catalogs'
import type { Db, Tx } from '../../db/client'
import { catalogVersions } from '../../db/schema'

/** Moves a catalog's version on (creating it at 1), in the transaction that changed its rows. */
export async function bumpCatalogVersion(tx: Tx | Db, catalog: CatalogName): Promise<number> {
  const [row] = await tx
    .insert(catalogVersions)
    .values({ catalog, version: 1 })
    .onConflictDoUpdate({
      target: catalogVersions.catalog,
      set: { version: sql`${catalogVersions.version} + 1`, updatedAt: sql`now()` },
    })
    .returning({ version: catalogVersions.version })
  return row?.version ?? 1
}

/** Gives every catalog a version row (1) unless it has one. */
export async function ensureCatalogVersions(db: Db): Promise<void> {
  await db
    .insert(catalogVersions)
    .values(CATALOG_NAMES.map((catalog) => ({ catalog, version: 1 })))
    .onConflictDoNothing()
}

export async function listCatalogVersions(db: Db) {
  return db.select().from(catalogVersions).orderBy(asc(catalogVersions.catalog))
}
