import type { CatalogueEntry, CatalogueName } from '../contract/schemas/catalogue-definitions'
import type { LocalDb } from '../db/local-db'

/**
 * The values a picker offers from a cached catalogue (decision 0018): the active ones, in the
 * catalogue's order (the server's). Inactive values stay in the cache, so an old record still
 * shows the name it carries (`catalogueEntryNamed`), but are not offered for a new one.
 */
export async function activeCatalogueEntries(
  db: LocalDb,
  catalogue: CatalogueName,
): Promise<CatalogueEntry[]> {
  const rows = await db.catalogueEntries.where('catalogue').equals(catalogue).toArray()
  return rows.filter((entry) => entry.active).sort(byCatalogueOrder)
}

/** Every cached value of a catalogue, inactive ones too: to name what an old record carries. */
export async function allCatalogueEntries(db: LocalDb, catalogue: CatalogueName): Promise<CatalogueEntry[]> {
  const rows = await db.catalogueEntries.where('catalogue').equals(catalogue).toArray()
  return rows.sort(byCatalogueOrder)
}

const collator = new Intl.Collator('es', { sensitivity: 'base' })

/** The catalogue's order, as the server keeps it: position, then name. */
const byCatalogueOrder = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.position - b.position || collator.compare(a.name, b.name)
