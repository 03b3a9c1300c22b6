import * as v from 'valibot'
import { CATALOGUE_NAMES, type CatalogueName } from './catalogue-definitions'

/**
 * The small fixed lists of SPEC §7 "Reference lists", each at `GET /catalog/<name>`, and the
 * biological sexes (SPEC §3, the patient's biological sex): not a SPEC §7 list, served the same
 * way so that a device prints the sex's name in its documents from its cache, as the server does.
 */
export const REFERENCE_LIST_NAMES = [
  'administrative-statuses',
  'marital-statuses',
  'genders',
  'biological-sexes',
  'examination-frequencies',
  'covid-statuses',
  'cases-general',
  'collaborator-advancement',
  'reason-ruled-out',
  'medical-conditions',
  'initial-symptoms',
  'types-of-test',
  'results-test',
] as const
export type ReferenceListName = (typeof REFERENCE_LIST_NAMES)[number]

/**
 * The catalogs a device caches, each with its own version (`GET /catalog/versions`): the small
 * lists above travel together as `reference-lists`.
 */
export const CATALOG_NAMES = [
  'reference-lists',
  'blood-pressure-ranges',
  'nationalities',
  'federal-entities',
  'municipalities',
  'localities',
  'affected-systems',
  'diagnoses',
] as const
export type CatalogName = (typeof CATALOG_NAMES)[number]

/**
 * The catalogues each tenant keeps for itself (docs/decisions/0015-tenant-catalogs.md), versioned
 * per tenant and listed by `GET /catalog/versions` beside the shared ones.
 */
export type TenantCatalogName = 'special-labels' | 'medicines' | 'editable-fields' | CatalogueName
export const TENANT_CATALOG_NAMES: readonly TenantCatalogName[] = [
  'special-labels',
  'medicines',
  // The inputs the tenant's forms hide (`GET /inputs/inputs-disabled`; decision 0018).
  'editable-fields',
  // The simple catalogues of one definition each (docs/decisions/0018-catalogues.md).
  ...CATALOGUE_NAMES,
]

/** Search answers at most this many rows; a longer list is narrowed by typing more. */
export const MAX_SEARCH_RESULTS = 200
export const DEFAULT_SEARCH_RESULTS = 50

const FederalEntityCode = v.pipe(
  v.string(),
  v.maxLength(2, 'field.invalid'),
  v.regex(/^(\d{2}|NE)$/, 'field.invalid'),
)
const MunicipalityCode = v.pipe(
  v.string(),
  v.maxLength(3, 'field.invalid'),
  v.regex(/^\d{3}$/, 'field.invalid'),
)
const SearchText = v.pipe(v.string(), v.trim(), v.maxLength(100))
const Limit = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(10, 'field.integer'),
    v.regex(/^\d+$/, 'field.integer'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(MAX_SEARCH_RESULTS),
  ),
  String(DEFAULT_SEARCH_RESULTS),
)

/** An item of a small list, named in the request's language. */
export const ReferenceItem = v.object({ code: v.string(), name: v.string() })
export type ReferenceItem = v.InferOutput<typeof ReferenceItem>

/**
 * A blood-pressure category. A reading belongs to the most severe category (highest `sort`)
 * whose systolic or diastolic range holds it; a null bound is open, and a category without a
 * diastolic range is reached by its systolic range alone.
 */
export const BloodPressureRange = v.object({
  code: v.string(),
  name: v.string(),
  systolic_min: v.nullable(v.number()),
  systolic_max: v.nullable(v.number()),
  diastolic_min: v.nullable(v.number()),
  diastolic_max: v.nullable(v.number()),
  color: v.string(),
  sort: v.number(),
})
export type BloodPressureRange = v.InferOutput<typeof BloodPressureRange>

/** RENAPO's nationality code (MEX), its country and the nationality's name. */
export const Nationality = v.object({ code: v.string(), country: v.string(), name: v.string() })
export type Nationality = v.InferOutput<typeof Nationality>

/** INEGI's two digits (or NE, born abroad) and RENAPO's CURP letters. */
export const FederalEntity = v.object({
  code: v.string(),
  curp_code: v.string(),
  name: v.string(),
  abbreviation: v.string(),
})
export type FederalEntity = v.InferOutput<typeof FederalEntity>

export const MunicipalitiesQuery = v.object({ federal_entity_code: v.optional(FederalEntityCode) })
export const Municipality = v.object({ federal_entity_code: v.string(), code: v.string(), name: v.string() })
export type Municipality = v.InferOutput<typeof Municipality>

/**
 * GET /localities?search&federal_entity_code&municipality_code: a municipality's code means
 * something only within its federal entity, so it comes with one.
 */
export const LocalitiesQuery = v.pipe(
  v.object({
    search: v.optional(SearchText),
    federal_entity_code: v.optional(FederalEntityCode),
    municipality_code: v.optional(MunicipalityCode),
    limit: Limit,
  }),
  v.forward(
    v.check(
      (query) => query.municipality_code === undefined || query.federal_entity_code !== undefined,
      'field.required',
    ),
    ['federal_entity_code'],
  ),
)
export const Locality = v.object({
  federal_entity_code: v.string(),
  municipality_code: v.string(),
  code: v.string(),
  name: v.string(),
})
export type Locality = v.InferOutput<typeof Locality>

export const AffectedSystem = v.object({ code: v.string(), name: v.string() })
export type AffectedSystem = v.InferOutput<typeof AffectedSystem>

const AffectedSystemCode = v.pipe(
  v.string(),
  v.maxLength(40, 'field.invalid'),
  v.regex(/^[a-z][a-z-]{1,39}$/, 'field.invalid'),
)

/** GET /catalog/cie10: by code prefix (I10, A00.9) or by words of the description. */
export const DiagnosesQuery = v.object({
  search: v.optional(SearchText),
  affected_system: v.optional(AffectedSystemCode),
  limit: Limit,
})

export const Diagnosis = v.object({
  code: v.string(),
  description: v.string(),
  chapter: v.string(),
  affected_system_code: v.string(),
})
export type Diagnosis = v.InferOutput<typeof Diagnosis>

export const CatalogVersion = v.object({
  catalog: v.string(),
  version: v.number(),
  updated_at: v.string(),
})
export type CatalogVersion = v.InferOutput<typeof CatalogVersion>
