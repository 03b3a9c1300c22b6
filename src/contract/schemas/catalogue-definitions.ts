import * as v from 'valibot'
import type { CatalogueScreenName } from '../rules/permissions'
import { list, optionalText, orNull, requiredText, wholeIn } from './bounded'
import { OCCUPATIONAL_RISKS, type OccupationalRisk } from './occupational-risks'

export { OCCUPATIONAL_RISKS, type OccupationalRisk }

/**
 * The tenant's simple catalogues of SPEC §3 "Catalogue entities" (issue 18), each one definition:
 * the server's routes, the screens and the device's cache all follow from it, so a new simple
 * catalogue is a definition here, not a copy of another (docs/decisions/0018-catalogues.md).
 * Every catalogue keeps named values (with an optional code), active or not; some have ordered
 * items edited in their form (subgroups) or a parent in another catalogue (a diagnosis's system).
 */

/** What a catalogue's values carry besides their name (a parent catalogue is named by its `name`). */
export type CatalogueChildren =
  | { kind: 'none' }
  /** Ordered named items, edited in the value's form (a subgroup's items). */
  | { kind: 'items' }
  /** A value of another catalogue each value belongs to (a sub-classification's classification). */
  | { kind: 'parent'; catalogue: string }

export interface CatalogueDefinition {
  /** SPEC §7's `{name}` path segment. */
  name: string
  /** SPEC §2's screen: its path and the base of its permission names (`<screen>-index`…). */
  screen: CatalogueScreenName
  /**
   * `pattern`: SPEC §7's `/catalog/{name}/create`, `show/{id}`, `{id}`, `destroy/{id}`;
   * `resource`: medical conditions' `POST /catalog/{name}` and `GET|POST|DELETE /catalog/{name}/{id}`.
   */
  paths: 'pattern' | 'resource' | 'scheme'
  /**
   * Where its calls live when not at `/catalog/{name}` of the catalogs service: the vaccination
   * scheme's SPEC §7 calls are `/vaccination-scheme…` of the vaccination service (`scheme` paths:
   * `POST` base, `GET show/{id}`, `POST {id}`, `DELETE {id}`).
   */
  home?: { service: 'vaccination'; base: string }
  /** Fields only this catalogue's values carry (`details`), by kind; none when absent. */
  details?: 'vaccine' | 'vaccination-scheme'
  /** The call a device reads the whole catalogue with: SPEC §7's list call where it names one. */
  listPath: string
  /** Whether a value carries a code (a CIE-10 code must be given; others are optional). */
  code: 'none' | 'optional' | 'required'
  children: CatalogueChildren
  /** The download's file name before its date (SPEC §9 DD_MM_YYYY). */
  fileName: string
}

const define = <const D extends CatalogueDefinition>(definition: D) => definition

export const CATALOGUE_DEFINITIONS = [
  define({
    name: 'consultReason',
    screen: 'reason-for-consultation',
    paths: 'pattern',
    listPath: '/catalog/consultReason',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'motivos_de_consulta',
  }),
  define({
    name: 'affected_system',
    screen: 'affected-systems',
    paths: 'pattern',
    listPath: '/catalog/affected_system/list',
    code: 'optional',
    children: { kind: 'none' },
    fileName: 'aparatos_y_sistemas',
  }),
  define({
    name: 'diagnostics',
    screen: 'cie-diagnostics',
    paths: 'pattern',
    listPath: '/catalog/diagnostics/list',
    code: 'required',
    children: { kind: 'parent', catalogue: 'affected_system' },
    fileName: 'diagnosticos_cie',
  }),
  define({
    name: 'incapacityType',
    screen: 'disability-types',
    paths: 'pattern',
    listPath: '/catalog/incapacityType/list',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'tipos_de_incapacidad',
  }),
  define({
    name: 'incapacityStatus',
    screen: 'disability-status',
    paths: 'pattern',
    listPath: '/catalog/incapacityStatus/list',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'estatus_de_incapacidad',
  }),
  define({
    name: 'clinicalExam',
    screen: 'clinical-exams',
    paths: 'pattern',
    listPath: '/catalog/clinicalExam/list',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'examenes_clinicos',
  }),
  define({
    name: 'subgroups',
    screen: 'subgroups',
    paths: 'pattern',
    listPath: '/catalog/subgroups/list',
    code: 'none',
    children: { kind: 'items' },
    fileName: 'subgrupos',
  }),
  define({
    name: 'medical-conditions',
    screen: 'medical-conditions',
    paths: 'resource',
    listPath: '/catalog/medical-conditions/list',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'condiciones_medicas',
  }),
  define({
    name: 'clasifications',
    screen: 'classifications',
    paths: 'pattern',
    listPath: '/catalog/clasifications/get-list',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'clasificaciones',
  }),
  define({
    name: 'subclasifications',
    screen: 'sub-classifications',
    paths: 'pattern',
    listPath: '/catalog/subclasifications/get-list',
    code: 'none',
    children: { kind: 'parent', catalogue: 'clasifications' },
    fileName: 'subclasificaciones',
  }),
  define({
    name: 'collaboratorType',
    screen: 'collaborator-types',
    paths: 'pattern',
    listPath: '/catalog/collaboratorType/list',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'tipos_de_colaborador',
  }),
  define({
    name: 'vaccination-records',
    screen: 'vaccinations-records',
    paths: 'pattern',
    listPath: '/catalog/vaccination-records/list',
    code: 'none',
    children: { kind: 'none' },
    details: 'vaccine',
    fileName: 'vacunas',
  }),
  define({
    name: 'vaccination-scheme',
    screen: 'vaccinations-scheme',
    paths: 'scheme',
    home: { service: 'vaccination', base: '/vaccination-scheme' },
    listPath: '/vaccination-scheme',
    code: 'none',
    // Each entry belongs to the vaccine it schedules.
    children: { kind: 'parent', catalogue: 'vaccination-records' },
    details: 'vaccination-scheme',
    fileName: 'esquema_de_vacunacion',
  }),
  define({
    name: 'practitioner-titles',
    screen: 'practitioner-titles',
    paths: 'pattern',
    listPath: '/catalog/practitioner-titles',
    code: 'none',
    children: { kind: 'none' },
    fileName: 'titulos_profesionales',
  }),
] as const

export type CatalogueName = (typeof CATALOGUE_DEFINITIONS)[number]['name']
export type CatalogueScreen = (typeof CATALOGUE_DEFINITIONS)[number]['screen']
export const CATALOGUE_NAMES = CATALOGUE_DEFINITIONS.map((definition) => definition.name)

export function catalogueNamed(name: CatalogueName): CatalogueDefinition {
  const definition = CATALOGUE_DEFINITIONS.find((candidate) => candidate.name === name)
  if (!definition) throw new Error(`Unknown catalogue ${name}`)
  return definition
}

export function catalogueOfScreen(screen: CatalogueScreenName): CatalogueDefinition | undefined {
  return CATALOGUE_DEFINITIONS.find((candidate) => candidate.screen === screen)
}

/** The permissions of a catalogue's calls (SPEC §6 catalogue family, and its screen's names). */
export const permissionsOfCatalogue = (definition: Pick<CatalogueDefinition, 'screen'>) =>
  ({
    list: `${definition.screen}-index`,
    create: `${definition.screen}-create`,
    edit: `${definition.screen}-edit`,
    export: 'catalogues.export',
    delete: 'catalogues.delete',
  }) as const

/** A catalogue's column keys for its table, in order (the screen names their titles). */
export function columnsOf(definition: CatalogueDefinition): CatalogueColumn[] {
  return [
    ...(definition.code === 'none' ? [] : (['code'] as const)),
    'name',
    ...(definition.children.kind === 'parent' ? (['parent_name'] as const) : []),
    ...(definition.children.kind === 'items' ? (['items_label'] as const) : []),
    'active',
  ]
}
export type CatalogueColumn = 'code' | 'name' | 'parent_name' | 'items_label' | 'active'

/** Limits of a catalogue value. */
export const CATALOGUE_LIMITS = { name: 200, code: 20, items: 100 } as const

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/** An ordered item as the form sends it: an id when it exists already, none when it is new. */
export const CatalogueItemInput = v.object({
  id: v.optional(Id),
  // SPEC §5: "a subgroup item needs a name".
  name: requiredText(CATALOGUE_LIMITS.name),
})
export type CatalogueItemInput = v.InferOutput<typeof CatalogueItemInput>

/** The routes a vaccine is given by. */
export const VACCINE_ROUTES = ['intramuscular', 'subcutaneous', 'intradermal', 'oral', 'intranasal'] as const
export type VaccineRoute = (typeof VACCINE_ROUTES)[number]

/** What a vaccine of `vaccination-records` carries besides its name (issue 21). */
export const VaccineDetails = v.object({
  disease: requiredText(CATALOGUE_LIMITS.name),
  /** Doses of the primary series. */
  doses: wholeIn({ min: 1, max: 10 }),
  /** The minimum days between two doses of the series (0: no minimum). */
  interval_days: wholeIn({ min: 0, max: 3650 }),
  /** Days from the last dose to the next booster; null when there is none. */
  booster_interval_days: orNull(wholeIn({ min: 1, max: 36500 })),
  route: v.picklist(VACCINE_ROUTES, 'field.picklist'),
})
export type VaccineDetails = v.InferOutput<typeof VaccineDetails>

/**
 * What an entry of `vaccination-scheme` carries besides its name and its vaccine (`parent_id`):
 * the doses for this group and whom it applies to. Each condition set must hold; an empty list
 * or a null bound sets none (`src/contract/rules/vaccination-due.ts` reads them).
 */
export const VaccinationSchemeDetails = v.pipe(
  v.object({
    /** Doses of the series for this group; null takes the vaccine's number. */
    doses: orNull(wholeIn({ min: 1, max: 10 })),
    /** Completed years, both inclusive. */
    age_from: orNull(wholeIn({ min: 0, max: 130 })),
    age_to: orNull(wholeIn({ min: 0, max: 130 })),
    /** A biological sex code of the reference list; null for anyone. */
    sex: optionalText(30),
    /** Items of the tenant's subgroups (a patient in any of them). */
    subgroups: v.optional(list(v.pipe(v.string(), v.uuid('field.uuid')), 30), []),
    risks: v.optional(list(v.picklist(OCCUPATIONAL_RISKS, 'field.picklist'), OCCUPATIONAL_RISKS.length), []),
  }),
  v.forward(
    v.check((d) => d.age_from === null || d.age_to === null || d.age_to >= d.age_from, 'field.minValue'),
    ['age_to'],
  ),
)
export type VaccinationSchemeDetails = v.InferOutput<typeof VaccinationSchemeDetails>

const DETAILS = {
  vaccine: VaccineDetails,
  'vaccination-scheme': VaccinationSchemeDetails,
} as const

const code = {
  none: v.optional(v.null(), null),
  optional: optionalText(CATALOGUE_LIMITS.code),
  required: requiredText(CATALOGUE_LIMITS.code),
} as const

/**
 * The value a catalogue's form, the create and the update calls carry (the update sends it whole):
 * the fields its definition gives it, and no other.
 */
export function entrySchema(definition: CatalogueDefinition) {
  return v.object({
    name: requiredText(CATALOGUE_LIMITS.name),
    code: code[definition.code],
    active: v.optional(v.boolean('field.type'), true),
    parent_id:
      definition.children.kind === 'parent'
        ? v.pipe(v.string('field.required'), v.uuid('field.required'))
        : v.optional(v.null(), null),
    items:
      definition.children.kind === 'items'
        ? v.optional(list(CatalogueItemInput, CATALOGUE_LIMITS.items), [])
        : v.optional(v.pipe(v.array(v.never()), v.maxLength(0)), []),
    details: definition.details ? DETAILS[definition.details] : v.optional(v.null(), null),
  })
}

/** What any catalogue's form sends, whichever fields its definition uses. */
export interface CatalogueEntryInput {
  name: string
  code: string | null
  active: boolean
  parent_id: string | null
  items: CatalogueItemInput[]
  /** The fields of a catalogue with `details` (null for the others). */
  details: VaccineDetails | VaccinationSchemeDetails | null
}

export const CatalogueIdParams = v.object({ id: Id })

export const CatalogueItem = v.object({ id: v.string(), name: v.string(), position: v.number() })
export type CatalogueItem = v.InferOutput<typeof CatalogueItem>

/** A catalogue value as the server answers it (inactive ones too: old records still name them). */
export const CatalogueEntry = v.object({
  id: v.string(),
  catalogue: v.string(),
  name: v.string(),
  code: v.nullable(v.string()),
  active: v.boolean(),
  parent_id: v.nullable(v.string()),
  parent_name: v.nullable(v.string()),
  /** Its place in the catalogue's order (pickers list by it, then by name). */
  position: v.number(),
  items: v.array(CatalogueItem),
  /** The fields of a catalogue with `details` (a vaccine's, a scheme entry's); null for the others. */
  details: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  updated_at: v.string(),
})
export type CatalogueEntry = v.InferOutput<typeof CatalogueEntry>

/** A row of a catalogue's data table: the value with its items as one text. */
export const CatalogueRow = v.object({ ...CatalogueEntry.entries, items_label: v.string() })
export type CatalogueRow = v.InferOutput<typeof CatalogueRow>

/**
 * The key uniqueness is judged on: lower case, without accents or repeated spaces, so that
 * "Audiometría" and "audiometria " are one name (worked out here, not in SQL, so that PGlite and
 * PostgreSQL agree and no extension is needed).
 */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}
