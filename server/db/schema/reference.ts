import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

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
    /** The name folded by the contract's `foldText`, for accent-insensitive search. */
    searchText: text('search_text').notNull(),
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

/**
 * The blood-pressure categories a reading is shown in (SPEC §7 "blood-pressure-ranges"). A reading
 * belongs to the most severe category whose systolic or diastolic range holds it; a null bound is
 * open, and a category with no diastolic range is reached by its systolic range alone.
 */
export const bloodPressureRanges = pgTable('blood_pressure_ranges', {
  code: text('code').primaryKey(),
  nameEs: text('name_es').notNull(),
  nameEn: text('name_en').notNull(),
  systolicMin: integer('systolic_min'),
  systolicMax: integer('systolic_max'),
  diastolicMin: integer('diastolic_min'),
  diastolicMax: integer('diastolic_max'),
  /** A CSS colour (#rrggbb) for badges and charts. */
  color: text('color').notNull(),
  /** Severity order: 0 is the mildest. */
  sort: integer('sort').notNull(),
})

/** The review-of-systems list a diagnosis is filed under (SPEC §3 "affected system"). */
export const affectedSystems = pgTable('affected_systems', {
  code: text('code').primaryKey(),
  nameEs: text('name_es').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** ICD-10 (CIE-10) in Spanish, linked to an affected system by its chapter. */
export const diagnoses = pgTable(
  'diagnoses',
  {
    code: text('code').primaryKey(), // without the dot or DGIS's X: A000, I10
    description: text('description').notNull(),
    chapter: text('chapter').notNull(), // Roman numeral, I–XXII
    affectedSystemCode: text('affected_system_code')
      .notNull()
      .references(() => affectedSystems.code),
    /** Code and description folded by the contract's `foldText`, for accent-insensitive search. */
    searchText: text('search_text').notNull(),
  },
  (t) => [index('diagnoses_affected_system_idx').on(t.affectedSystemCode)],
)

/**
 * One row per catalog: its version goes up whenever an import or a seed changes its rows, so a
 * device refreshes only the catalogs whose version moved since it last looked.
 */
export const catalogVersions = pgTable('catalog_versions', {
  catalog: text('catalog').primaryKey(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
})
