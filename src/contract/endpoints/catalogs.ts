import * as v from 'valibot'
import { CatalogImportReport, CatalogImportRequest } from '../schemas/catalog-import'
import {
  AffectedSystem,
  AffectedSystemParams,
  BloodPressureRange,
  CatalogVersion,
  DiagnosesOfSystemQuery,
  DiagnosesQuery,
  Diagnosis,
  FederalEntity,
  LocalitiesQuery,
  Locality,
  MunicipalitiesQuery,
  Municipality,
  Nationality,
  REFERENCE_LIST_NAMES,
  ReferenceItem,
  type ReferenceListName,
} from '../schemas/catalogs'
import { endpoint } from './define'

/**
 * SPEC §7 "Catalogues", the reference lists and the ICD-10 lists, under `/api/catalogs`. Every
 * signed-in user reads them (each screen that shows a patient needs them); only the provider
 * changes them, by importing the agencies' files.
 */

const list = <S extends v.GenericSchema>(path: string, item: S) =>
  endpoint({ service: 'catalogs', method: 'GET', path, access: 'authenticated', response: v.array(item) })

/** GET /catalog/<name> for each small list, named in the request's language. */
export const referenceLists = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((name) => [name, list(`/catalog/${name}`, ReferenceItem)]),
) as Record<ReferenceListName, ReturnType<typeof list<typeof ReferenceItem>>> // fromEntries forgets the keys

export const bloodPressureRanges = list('/catalog/blood-pressure-ranges', BloodPressureRange)
export const nationalities = list('/nationalities', Nationality)
export const federalEntities = list('/federal-entities', FederalEntity)

export const municipalities = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/municipalities',
  access: 'authenticated',
  query: MunicipalitiesQuery,
  response: v.array(Municipality),
})

/** Searched on the server (accent-insensitive), at most `limit` rows: the catalog is too big to send. */
export const localities = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/localities',
  access: 'authenticated',
  query: LocalitiesQuery,
  response: v.array(Locality),
})

export const affectedSystems = list('/catalog/affected_system/getAffectedSystems', AffectedSystem)

/** ICD-10 by code prefix or by words of the description, accent-insensitive. */
export const diagnostics = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/diagnostics',
  access: 'authenticated',
  query: DiagnosesQuery,
  response: v.array(Diagnosis),
})

export const diagnosticsOfSystem = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/diagnostics/affected-system/:id',
  access: 'authenticated',
  params: AffectedSystemParams,
  query: DiagnosesOfSystemQuery,
  response: v.array(Diagnosis),
})

/**
 * The whole ICD-10 catalog in code order, for the device's offline search (about 14 000 rows,
 * fetched again only when the catalog's version moves): the search above answers at most
 * MAX_SEARCH_RESULTS rows, so a cache cannot be filled through it.
 */
export const allDiagnostics = list('/catalog/diagnostics/all', Diagnosis)

/** Each cached catalog's version: a device refreshes the ones that moved. */
export const catalogVersions = list('/catalog/versions', CatalogVersion)

/** The provider's superuser loads an agency file (form data) into the shared catalogs. */
export const importCatalog = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/import',
  access: 'catalogs.import',
  body: CatalogImportRequest,
  response: CatalogImportReport,
})
