import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { validate as isUuid, v7 as uuidv7 } from 'uuid'
import {
  type CatalogueDefinition,
  type CatalogueEntry,
  type CatalogueEntryInput,
  type CatalogueName,
  type CatalogueRow,
  nameKey,
} from '../../../src/contract/schemas/catalogue-definitions'
import type { DataTableQuery, Paginated } from '../../../src/contract/schemas/data-table'
import type { Tx } from '../../db/client'
import { catalogueEntries } from '../../db/schema'
import { paginate, type TableSpec } from '../../platform/data-table'
import { NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { guardUniqueIndexes, type UniqueIndexMessages } from '../../platform/unique-violation'
import { usagesOf } from './catalogue-usages'
import { bumpTenantCatalogVersion } from './tenant-versions'

type EntryRow = typeof catalogueEntries.$inferSelect

/** Where a catalogue's ordered items sit: the same table, under the value they belong to. */
export const itemsCatalogueOf = (definition: Pick<CatalogueDefinition, 'name'>) => `${definition.name}.items`

const live = isNull(catalogueEntries.deletedAt)
const inCatalogue = (catalogue: string) => and(eq(catalogueEntries.catalogue, catalogue), live)

const UNIQUE_NAME: UniqueIndexMessages = new Map([
  ['catalogue_entries_name_unique', ['name', 'catalogue.duplicateName']],
])

/** The live items of some values, in their order. */
async function itemsOf(tx: Tx, definition: CatalogueDefinition, ids: string[]): Promise<EntryRow[]> {
  if (definition.children.kind !== 'items' || ids.length === 0) return []
  return tx
    .select()
    .from(catalogueEntries)
    .where(and(inCatalogue(itemsCatalogueOf(definition)), inArray(catalogueEntries.parentId, ids)))
    .orderBy(asc(catalogueEntries.position), asc(catalogueEntries.name))
}

/** The names of the parents some values name (deleted ones too: the value still shows its parent). */
async function parentNames(tx: Tx, rows: EntryRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.parentId ? [row.parentId] : [])))]
  if (ids.length === 0) return new Map()
  const parents = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(inArray(catalogueEntries.id, ids))
  return new Map(parents.map((parent) => [parent.id, parent.name]))
}

/** Values as the contract answers them, each with its items and its parent's name. */
async function present(tx: Tx, definition: CatalogueDefinition, rows: EntryRow[]): Promise<CatalogueEntry[]> {
  const items = await itemsOf(
    tx,
    definition,
    rows.map((row) => row.id),
  )
  const parents = definition.children.kind === 'parent' ? await parentNames(tx, rows) : new Map()
  return rows.map((row) => ({
    id: row.id,
    catalogue: row.catalogue,
    name: row.name,
    code: row.code,
    active: row.active,
    parent_id: row.parentId,
    parent_name: row.parentId ? (parents.get(row.parentId) ?? null) : null,
    position: row.position,
    items: items
      .filter((item) => item.parentId === row.id)
      .map((item) => ({ id: item.id, name: item.name, position: item.position })),
    details: definition.details ? (row.details ?? null) : null,
    updated_at: row.updatedAt,
  }))
}

/** A catalogue's order: the position it was seeded or entered in, then the name. */
const catalogueOrder = [asc(catalogueEntries.position), asc(catalogueEntries.name), asc(catalogueEntries.id)]

/** Every live value of a catalogue, inactive ones too (what a device caches). */
export async function listEntries(tx: Tx, definition: CatalogueDefinition): Promise<CatalogueEntry[]> {
  const rows = await tx
    .select()
    .from(catalogueEntries)
    .where(inCatalogue(definition.name))
    .orderBy(...catalogueOrder)
  return present(tx, definition, rows)
}

/**
 * The active values of a catalogue (what a picker of a new record offers), in its order; with
 * `parentId`, those under that parent only.
 */
export async function activeEntries(
  tx: Tx,
  definition: CatalogueDefinition,
  parentId?: string,
): Promise<CatalogueEntry[]> {
  const rows = await tx
    .select()
    .from(catalogueEntries)
    .where(
      and(
        inCatalogue(definition.name),
        eq(catalogueEntries.active, true),
        parentId ? eq(catalogueEntries.parentId, parentId) : undefined,
      ),
    )
    .orderBy(...catalogueOrder)
  return present(tx, definition, rows)
}

const TABLE: TableSpec = {
  sortable: { name: catalogueEntries.name, code: catalogueEntries.code, active: catalogueEntries.active },
  searchable: { name: catalogueEntries.name, code: catalogueEntries.code },
  filterable: { active: catalogueEntries.active, parent_id: catalogueEntries.parentId },
  tieBreaker: catalogueEntries.id,
}

/** A page of the catalogue's screen table: searched by name and code, sorted by a shown column. */
export async function entriesPage(
  tx: Tx,
  definition: CatalogueDefinition,
  query: DataTableQuery,
  basePath: string,
): Promise<Paginated<CatalogueRow>> {
  return paginate({
    spec: TABLE,
    query,
    basePath,
    where: inCatalogue(definition.name) as SQL,
    count: async (where) => {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(catalogueEntries).where(where)
      return row?.count ?? 0
    },
    rows: async (where, orderBy, limit, offset) => {
      const rows = await tx
        .select()
        .from(catalogueEntries)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)
      return (await present(tx, definition, rows)).map((entry) => ({
        ...entry,
        items_label: entry.items.map((item) => item.name).join(', '),
      }))
    },
  })
}

/** A live value of the catalogue, or 404 (another tenant's id or another catalogue's is unknown here). */
async function findEntry(tx: Tx, definition: CatalogueDefinition, id: string, lock = false) {
  const query = tx
    .select()
    .from(catalogueEntries)
    .where(and(eq(catalogueEntries.id, id), inCatalogue(definition.name)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFoundError()
  return row
}

export async function showEntry(
  tx: Tx,
  definition: CatalogueDefinition,
  id: string,
): Promise<CatalogueEntry> {
  const [entry] = await present(tx, definition, [await findEntry(tx, definition, id)])
  if (!entry) throw new NotFoundError()
  return entry
}

/**
 * 422 naming the field when the value cannot be saved: a name the catalogue already holds (case
 * and accents aside) under the same parent, a parent that is not a live value of the parent
 * catalogue, or an item list naming one item twice or an item of another value.
 */
async function checkEntry(
  tx: Tx,
  definition: CatalogueDefinition,
  body: CatalogueEntryInput,
  lang: Lang,
  current: EntryRow | null,
) {
  const errors: Record<string, string[]> = {}
  const parentId = definition.children.kind === 'parent' ? body.parent_id : null
  const clash = await tx
    .select({ id: catalogueEntries.id })
    .from(catalogueEntries)
    .where(
      and(
        inCatalogue(definition.name),
        eq(catalogueEntries.nameKey, nameKey(body.name)),
        parentId ? eq(catalogueEntries.parentId, parentId) : isNull(catalogueEntries.parentId),
        current ? ne(catalogueEntries.id, current.id) : undefined,
      ),
    )
    .limit(1)
  if (clash.length > 0) errors.name = [translate('catalogue.duplicateName', lang)]
  if (definition.children.kind === 'parent' && parentId) {
    const [parent] = await tx
      .select({ id: catalogueEntries.id })
      .from(catalogueEntries)
      .where(and(eq(catalogueEntries.id, parentId), inCatalogue(definition.children.catalogue)))
    if (!parent) errors.parent_id = [translate('catalogue.unknownParent', lang)]
  }
  if (definition.children.kind === 'items') {
    const known = new Set((await itemsOf(tx, definition, current ? [current.id] : [])).map((item) => item.id))
    const seen = new Set<string>()
    body.items.forEach((item, index) => {
      if (item.id && !known.has(item.id))
        errors[`items.${index}.id`] = [translate('catalogue.unknownItem', lang)]
      const key = nameKey(item.name)
      if (seen.has(key)) errors[`items.${index}.name`] = [translate('catalogue.duplicateItem', lang)]
      seen.add(key)
    })
  }
  if (definition.details === 'vaccination-scheme' && body.details && 'subgroups' in body.details) {
    const ids = body.details.subgroups
    if (ids.length > 0) {
      const found = await tx
        .select({ id: catalogueEntries.id })
        .from(catalogueEntries)
        .where(
          and(inCatalogue(itemsCatalogueOf({ name: 'subgroups' })), inArray(catalogueEntries.id, [...ids])),
        )
      if (found.length !== new Set(ids).size)
        errors['details.subgroups'] = [translate('catalogue.unknownSubgroup', lang)]
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

/** What the `details` column keeps: the definition's fields, or nothing. */
const detailsOf = (definition: CatalogueDefinition, body: CatalogueEntryInput) =>
  definition.details && body.details ? { ...body.details } : null

/**
 * Writes a value's items as sent, in the order sent: sent ids keep their row, new ones get an id,
 * and those left out are removed softly (records keep pointing at them). Removed ones go first so
 * that a name moved from a removed item to a new one does not meet itself in the unique index.
 */
async function writeItems(
  tx: Tx,
  definition: CatalogueDefinition,
  entry: EntryRow,
  items: CatalogueEntryInput['items'],
  userId: string,
) {
  if (definition.children.kind !== 'items') return
  const current = await itemsOf(tx, definition, [entry.id])
  const kept = new Set(items.flatMap((item) => (item.id ? [item.id] : [])))
  const now = new Date().toISOString()
  const gone = current.filter((item) => !kept.has(item.id)).map((item) => item.id)
  if (gone.length > 0) {
    await tx
      .update(catalogueEntries)
      .set({
        deletedAt: now,
        updatedAt: now,
        updatedBy: userId,
        version: sql`${catalogueEntries.version} + 1`,
      })
      .where(inArray(catalogueEntries.id, gone))
  }
  // Renames between kept items could meet in the unique index row by row: park their keys first.
  for (const item of current.filter((row) => kept.has(row.id))) {
    await tx
      .update(catalogueEntries)
      .set({ nameKey: `${item.id}` })
      .where(eq(catalogueEntries.id, item.id))
  }
  for (const [position, item] of items.entries()) {
    const values = {
      name: item.name,
      nameKey: nameKey(item.name),
      position,
      updatedAt: now,
      updatedBy: userId,
    }
    if (item.id) {
      await tx
        .update(catalogueEntries)
        .set({ ...values, version: sql`${catalogueEntries.version} + 1` })
        .where(eq(catalogueEntries.id, item.id))
    } else {
      await tx.insert(catalogueEntries).values({
        ...values,
        tenantId: entry.tenantId,
        id: uuidv7(),
        catalogue: itemsCatalogueOf(definition),
        parentId: entry.id,
        createdBy: userId,
      })
    }
  }
}

/** The next position at the end of a catalogue: a new value goes last in the catalogue's order. */
async function nextPosition(tx: Tx, catalogue: string): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${catalogueEntries.position})` })
    .from(catalogueEntries)
    .where(inCatalogue(catalogue))
  return (row?.last ?? -1) + 1
}

export async function createEntry(
  tx: Tx,
  definition: CatalogueDefinition,
  tenantId: string,
  body: CatalogueEntryInput,
  userId: string,
  lang: Lang,
): Promise<CatalogueEntry> {
  // The version's row lock makes the tenant's writes to this catalogue wait for one another, so
  // the name check below sees every earlier save (decision 0015).
  await bumpTenantCatalogVersion(tx, tenantId, definition.name as CatalogueName)
  await checkEntry(tx, definition, body, lang, null)
  const [entry] = await guardUniqueIndexes(UNIQUE_NAME, lang, () =>
    (async () =>
      tx
        .insert(catalogueEntries)
        .values({
          tenantId,
          id: uuidv7(),
          catalogue: definition.name,
          name: body.name,
          nameKey: nameKey(body.name),
          code: definition.code === 'none' ? null : body.code || null,
          parentId: definition.children.kind === 'parent' ? body.parent_id : null,
          details: detailsOf(definition, body),
          position: await nextPosition(tx, definition.name),
          active: body.active,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning())(),
  )
  if (!entry) throw new Error('catalogue insert returned nothing')
  await writeItems(tx, definition, entry, body.items, userId)
  return showEntry(tx, definition, entry.id)
}

export async function updateEntry(
  tx: Tx,
  definition: CatalogueDefinition,
  id: string,
  body: CatalogueEntryInput,
  userId: string,
  lang: Lang,
): Promise<CatalogueEntry> {
  const current = await findEntry(tx, definition, id, true)
  await bumpTenantCatalogVersion(tx, current.tenantId, definition.name as CatalogueName)
  await checkEntry(tx, definition, body, lang, current)
  await guardUniqueIndexes(UNIQUE_NAME, lang, () =>
    tx
      .update(catalogueEntries)
      .set({
        name: body.name,
        nameKey: nameKey(body.name),
        code: definition.code === 'none' ? null : body.code || null,
        parentId: definition.children.kind === 'parent' ? body.parent_id : null,
        details: detailsOf(definition, body),
        active: body.active,
        version: sql`${catalogueEntries.version} + 1`,
        updatedAt: new Date().toISOString(),
        updatedBy: userId,
      })
      .where(eq(catalogueEntries.id, id)),
  )
  await writeItems(tx, definition, current, body.items, userId)
  return showEntry(tx, definition, id)
}

/**
 * Removes a value softly, unless a record uses it: then a 422 names where, and the user
 * deactivates it instead (an inactive value stays on old records and is not offered for new ones).
 */
export async function destroyEntry(
  tx: Tx,
  definition: CatalogueDefinition,
  id: string,
  userId: string,
  lang: Lang,
): Promise<void> {
  const current = await findEntry(tx, definition, id, true)
  const items = (await itemsOf(tx, definition, [id])).map((item) => item.id)
  const places = await usagesOf(tx, definition, id, items)
  if (places.length > 0) {
    const where = places.map((place) => translate(place, lang)).join(', ')
    // The result's message itself (SPEC §8: shown when no errors object comes): no form field is wrong.
    throw new UnprocessableError('catalogue.inUse', { where })
  }
  const now = new Date().toISOString()
  await tx
    .update(catalogueEntries)
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId, version: sql`${catalogueEntries.version} + 1` })
    .where(inArray(catalogueEntries.id, [id, ...items]))
  await bumpTenantCatalogVersion(tx, current.tenantId, definition.name as CatalogueName)
}

/**
 * 422 unless every id is a live item of one of the tenant's subgroups: a patient carries only
 * items the tenant offers (another tenant's ids are invisible under RLS, so they fail too).
 */
export async function assertSubgroupItems(tx: Tx, ids: readonly string[], lang: Lang): Promise<void> {
  if (ids.length === 0) return
  const found = await tx
    .select({ id: catalogueEntries.id })
    .from(catalogueEntries)
    .where(and(inCatalogue(itemsCatalogueOf({ name: 'subgroups' })), inArray(catalogueEntries.id, [...ids])))
  if (found.length !== new Set(ids).size) {
    throw new ValidationError({ subgroups: [translate('catalogue.unknownSubgroup', lang)] })
  }
}

/** The names of some subgroup items (deleted ones too: a patient may still carry one), by id. */
export async function subgroupItemNames(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(eq(catalogueEntries.catalogue, itemsCatalogueOf({ name: 'subgroups' })))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** 422 on `field` unless `id` is a live, active value of the catalogue (one a form may offer). */
export async function assertLiveEntry(
  tx: Tx,
  catalogue: CatalogueName,
  id: string,
  field: string,
  lang: Lang,
): Promise<void> {
  // A value that is no id (an old record's code of a shared list) is in no catalogue; asked of
  // the uuid column, it would fail the query instead.
  const [found] = isUuid(id)
    ? await tx
        .select({ id: catalogueEntries.id })
        .from(catalogueEntries)
        .where(and(eq(catalogueEntries.id, id), inCatalogue(catalogue), eq(catalogueEntries.active, true)))
    : []
  if (!found) throw new ValidationError({ [field]: [translate('catalogue.unknownParent', lang)] })
}
