import type {
  AffectedSystem,
  BloodPressureRange,
  FederalEntity,
  Nationality,
  ReferenceItem,
  ReferenceListName,
} from '../contract/schemas/catalogs'
import type { CovidListName } from '../contract/schemas/covid'
import type { CachedListName, LocalDb } from '../db/local-db'

/** What each small cached catalog holds. */
export type ListItem<L extends CachedListName> = L extends ReferenceListName | CovidListName
  ? ReferenceItem
  : L extends 'blood-pressure-ranges'
    ? BloodPressureRange
    : L extends 'nationalities'
      ? Nationality
      : L extends 'federal-entities'
        ? FederalEntity
        : L extends 'affected-systems'
          ? AffectedSystem
          : never

/** A small catalog as the device holds it, in the server's order (empty before the first refresh). */
export async function readList<L extends CachedListName>(db: LocalDb, list: L): Promise<ListItem<L>[]> {
  const rows = await db.catalogItems.where('list').equals(list).sortBy('position')
  // cache.ts stores each list from its own endpoint's answer, whose shape ListItem names.
  return rows.map((row) => row.data as ListItem<L>)
}
