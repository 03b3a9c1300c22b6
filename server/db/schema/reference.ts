import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * Official reference catalogs shared by every tenant (reference tables under Citus).
 * Codes are the agencies' own: INEGI for places, RENAPO for nationalities.
 */
export const federalEntities = pgTable('federal_entities', {
  code: text('code').primaryKey(), // INEGI two digits; 'NE' for born abroad
  curpCode: text('curp_code').notNull().unique(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull(),
})

export const municipalities = pgTable(
  'municipalities',
  {
    federalEntityCode: text('federal_entity_code').notNull(),
    code: text('code').notNull(), // INEGI three digits within the entity
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.federalEntityCode, t.code] })],
)

export const localities = pgTable(
  'localities',
  {
    federalEntityCode: text('federal_entity_code').notNull(),
    municipalityCode: text('municipality_code').notNull(),
    code: text('code').notNull(), // INEGI four digits within the municipality
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.federalEntityCode, t.municipalityCode, t.code] })],
)

export const nationalities = pgTable('nationalities', {
  code: text('code').primaryKey(), // RENAPO three letters
  country: text('country').notNull(),
  name: text('name').notNull(),
})

/** The small fixed lists of SPEC §7 "Reference lists" (genders, marital statuses…), one row per item. */
export const referenceItems = pgTable(
  'reference_items',
  {
    list: text('list').notNull(),
    code: text('code').notNull(),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.code] })],
)
