import { referenceLists } from '../contract/endpoints/catalogs'
import { covidLists } from '../contract/endpoints/covid'
import { fullPath } from '../contract/endpoints/define'
import { type Locality, type Municipality, REFERENCE_LIST_NAMES } from '../contract/schemas/catalogs'
import type { CatalogueEntry } from '../contract/schemas/catalogue-definitions'
import { COVID_LIST_NAMES } from '../contract/schemas/covid'
import type { Medicine } from '../contract/schemas/medicines'
import type { SpecialLabel } from '../contract/schemas/special-labels'
import type { CachedListName, LocalDb } from '../db/local-db'
import { stubApi } from '../test/render'
import { type CatalogName, holdVersion } from './cache'
import { cacheLocalities } from './localities'

/**
 * A small server catalog for the cache's tests, with real INEGI, RENAPO and ICD-10 codes, and a
 * stubbed API answering it (envelopes as DESIGN §3), with versions a test can move.
 */

const ok = (data: unknown) => ({ body: { data, message: '', error: false } })

export const DIAGNOSES = [
  {
    code: 'I10',
    description: 'Hipertension esencial (primaria)',
    chapter: 'IX',
    affected_system_code: 'cardiovascular',
  },
  {
    code: 'E11',
    description: 'Diabetes mellitus no insulinodependiente',
    chapter: 'IV',
    affected_system_code: 'endocrine',
  },
  {
    code: 'E119',
    description: 'Diabetes mellitus no insulinodependiente, sin mencion de complicacion',
    chapter: 'IV',
    affected_system_code: 'endocrine',
  },
  {
    code: 'S934',
    description: 'Esguince y torcedura del tobillo',
    chapter: 'XIX',
    affected_system_code: 'musculoskeletal',
  },
  { code: 'J45', description: 'Asma', chapter: 'X', affected_system_code: 'respiratory' },
]

export const MUNICIPALITIES = [
  { federal_entity_code: '22', code: '014', name: 'Querétaro' },
  { federal_entity_code: '22', code: '006', name: 'Corregidora' },
  { federal_entity_code: '19', code: '039', name: 'Monterrey' },
]

export const FEDERAL_ENTITIES = [
  { code: '19', curp_code: 'NL', name: 'Nuevo León', abbreviation: 'NL' },
  { code: '22', curp_code: 'QT', name: 'Querétaro', abbreviation: 'Qro.' },
]

const GENDERS = {
  es: [
    { code: 'female', name: 'Femenino' },
    { code: 'male', name: 'Masculino' },
  ],
  en: [
    { code: 'female', name: 'Female' },
    { code: 'male', name: 'Male' },
  ],
}

/** A tenant's special labels as the server lists them. */
export const SPECIAL_LABELS: SpecialLabel[] = [
  {
    id: '0193b2a0-0000-7000-8000-000000000001',
    name: 'Embarazo',
    color: 'purple',
    icon: 'pregnancy',
    sublabels: [
      { id: '0193b2a0-0000-7000-8000-000000000011', name: 'Primer trimestre' },
      { id: '0193b2a0-0000-7000-8000-000000000012', name: 'Segundo trimestre' },
    ],
    updated_at: '2026-11-23T10:00:00Z',
  },
]

/** A tenant's medicines as the server lists them. */
export const MEDICINES: Medicine[] = [
  {
    id: '0193b2a0-0000-7000-8000-000000000101',
    name: 'Metformina',
    presentations: [
      {
        id: '0193b2a0-0000-7000-8000-000000000111',
        medicine_id: '0193b2a0-0000-7000-8000-000000000101',
        name: 'Tableta',
        dose: '850 mg',
        quantity: '1',
        frequency: 'cada 12 horas',
        duration: null,
        via: 'oral',
      },
    ],
    updated_at: '2026-11-23T10:00:00Z',
  },
]

/** A subgroup with its ordered items, and an inactive one (decision 0018). */
export const SUBGROUPS: CatalogueEntry[] = [
  {
    id: '0190a1b2-c3d4-7e5f-8a9b-000000000101',
    catalogue: 'subgroups',
    name: 'Turno',
    code: null,
    active: true,
    parent_id: null,
    parent_name: null,
    position: 0,
    items: [
      { id: '0190a1b2-c3d4-7e5f-8a9b-000000000111', name: 'Matutino', position: 0 },
      { id: '0190a1b2-c3d4-7e5f-8a9b-000000000112', name: 'Nocturno', position: 1 },
    ],
    updated_at: '2026-11-23T10:00:00Z',
  },
  {
    id: '0190a1b2-c3d4-7e5f-8a9b-000000000102',
    catalogue: 'subgroups',
    name: 'Planta anterior',
    code: null,
    active: false,
    parent_id: null,
    parent_name: null,
    position: 1,
    items: [{ id: '0190a1b2-c3d4-7e5f-8a9b-000000000121', name: 'Norte', position: 0 }],
    updated_at: '2026-11-23T10:00:00Z',
  },
]

export type CatalogServer = ReturnType<typeof catalogServer>

/** The stubbed catalogs API; `versions` may be changed by a test between refreshes. */
export function catalogServer() {
  const versions: Record<string, number> = {
    'reference-lists': 1,
    'blood-pressure-ranges': 1,
    nationalities: 1,
    'federal-entities': 1,
    municipalities: 1,
    localities: 1,
    'affected-systems': 1,
    diagnoses: 1,
    // The tenant's own catalogues (decision 0015), listed by the same call.
    'special-labels': 1,
    medicines: 1,
    subgroups: 1,
    'editable-fields': 1,
  }
  const data = {
    diagnoses: [...DIAGNOSES],
    municipalities: [...MUNICIPALITIES],
    specialLabels: [...SPECIAL_LABELS],
    medicines: [...MEDICINES],
    subgroups: [...SUBGROUPS],
    disabledInputs: ['patient.supervisor'],
  }
  const langOf = (request: Request) => (request.headers.get('accept-language') === 'en' ? 'en' : 'es')
  const routes: Parameters<typeof stubApi>[0] = {
    '/api/catalogs/catalog/versions': () =>
      ok(
        Object.entries(versions).map(([catalog, version]) => ({
          catalog,
          version,
          updated_at: '2026-11-23T10:00:00Z',
        })),
      ),
    '/api/catalogs/catalog/blood-pressure-ranges': ok([
      {
        code: 'normal',
        name: 'Normal',
        systolic_min: null,
        systolic_max: 119,
        diastolic_min: null,
        diastolic_max: 79,
        color: '#2e7d32',
        sort: 1,
      },
    ]),
    '/api/catalogs/nationalities': ok([{ code: 'MEX', country: 'México', name: 'Mexicana' }]),
    '/api/catalogs/federal-entities': ok(FEDERAL_ENTITIES),
    '/api/catalogs/municipalities': () => ok(data.municipalities),
    '/api/catalogs/catalog/cie10/affected-systems': (request) =>
      ok([{ code: 'respiratory', name: langOf(request) === 'en' ? 'Respiratory' : 'Respiratorio' }]),
    '/api/catalogs/catalog/cie10/all': () => ok(data.diagnoses),
    '/api/configuration/inputs/inputs-disabled': () => ok(data.disabledInputs),
    '/api/catalogs/special-labels/list-special-labels': () => ok(data.specialLabels),
    '/api/catalogs/catalog/medicines/catalog/list': () => ok(data.medicines),
    '/api/catalogs/catalog/subgroups/list': () => ok(data.subgroups),
    '/api/catalogs/localities': ok([
      { federal_entity_code: '22', municipality_code: '014', code: '0001', name: 'Santiago de Querétaro' },
      { federal_entity_code: '22', municipality_code: '014', code: '0045', name: 'El Pueblito' },
    ]),
  }
  for (const name of REFERENCE_LIST_NAMES) {
    routes[fullPath(referenceLists[name])] = (request) =>
      ok(
        name === 'genders'
          ? GENDERS[langOf(request)]
          : [{ code: `${name}-1`, name: `${name} (${langOf(request)})` }],
      )
  }
  for (const name of COVID_LIST_NAMES) {
    routes[fullPath(covidLists[name])] = (request) =>
      ok([{ code: `${name}-1`, name: `${name} (${langOf(request)})` }])
  }
  const api = stubApi(routes)
  /** The paths requested since the last call, in order. */
  const takeRequested = () => api.requests.splice(0).map((r) => new URL(r.url).pathname)
  return { versions, data, takeRequested }
}

/**
 * Puts catalogs straight into a device's cache, as a refresh would leave them, for screens'
 * tests that need a few lists and not the whole catalogs service.
 */
export async function holdCatalogs(
  db: LocalDb,
  catalogs: {
    lists?: Partial<Record<CachedListName, ReadonlyArray<{ code: string; [field: string]: unknown }>>>
    municipalities?: readonly Municipality[]
    localities?: readonly Locality[]
    /** The tenant's simple catalogues' values (decision 0018), each catalogue then held. */
    catalogues?: readonly CatalogueEntry[]
  },
): Promise<void> {
  const items = Object.entries(catalogs.lists ?? {}).flatMap(([list, rows]) =>
    (rows ?? []).map((data, position) => ({
      list: list as CachedListName,
      code: data.code,
      position,
      data: { ...data },
    })),
  )
  await db.catalogItems.bulkPut(items)
  await db.municipalities.bulkPut([...(catalogs.municipalities ?? [])])
  await cacheLocalities(db, catalogs.localities ?? [])
  const catalogues = catalogs.catalogues ?? []
  await db.catalogueEntries.bulkPut([...catalogues])
  for (const name of new Set(catalogues.map((entry) => entry.catalogue))) {
    await holdVersion(db, name as CatalogName, { version: 1, lang: 'es' })
  }
}
