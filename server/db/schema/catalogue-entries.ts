import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenantIsolation, timestamps } from './columns'
import { tenants } from './landlord'

/**
 * Every simple tenant catalogue in one table (issue 18, docs/decisions/0018-catalogues.md): a row
 * is a value of the catalogue its `catalogue` names (the contract's definition), or an ordered
 * item of one (a subgroup's items sit under `<catalogue>.items` with the subgroup as parent).
 * Rows are deleted softly: old records keep pointing at what they named.
 */
export const catalogueEntries = pgTable(
  'catalogue_entries',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    catalogue: text('catalogue').notNull(),
    name: text('name').notNull(),
    /** The name folded (lower case, no accents): what uniqueness is judged on, worked out in TS. */
    nameKey: text('name_key').notNull(),
    code: text('code'),
    /** A parent value (a sub-classification's classification) or the value an item belongs to. */
    parentId: uuid('parent_id'),
    position: integer('position').notNull().default(0),
    /** An inactive value stays readable on old records but is not offered for new ones. */
    active: boolean('active').notNull().default(true),
    /**
     * The fields only some catalogues' values carry (a vaccine's doses and intervals, a
     * vaccination scheme entry's conditions), as the contract's definition validates them.
     */
    details: jsonb('details').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One live value per name (case- and accent-insensitive) in a catalogue, under one parent.
    uniqueIndex('catalogue_entries_name_unique')
      .on(
        t.tenantId,
        t.catalogue,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        t.nameKey,
      )
      .where(sql`${t.deletedAt} is null`),
    index('catalogue_entries_parent_idx').on(t.tenantId, t.parentId),
    tenantIsolation(),
  ],
)
