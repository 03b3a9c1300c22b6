import * as v from 'valibot'
import { CatalogImportReport, CatalogImportRequest } from '../schemas/catalog-import'
import {
  AffectedSystem,
  BloodPressureRange,
  CatalogVersion,
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

/**
 * Where a small list is read. SPEC's `GET /catalog/medical-conditions` answers the tenant's
 * medical-conditions catalogue (decision 0018), so the shared list of that name, which old record
 * sections still name their codes from, is read at `/catalog/reference/medical-conditions`.
 */
const referenceListPath = (name: ReferenceListName) =>
  name === 'medical-conditions' ? `/catalog/reference/${name}` : `/catalog/${name}`

/** GET /catalog/<name> for each small list, named in the request's language. */
export const referenceLists = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((name) => [name, list(referenceListPath(name), ReferenceItem)]),
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

/*
 * The shared CIE-10 (ICD-10) reference and the review-of-systems list its codes are filed under
 * (decisions 0005, 0007), under `/catalog/cie10…`: the diagnoses catalogue's CIE-10 picker
 * searches the whole classification here. SPEC's `getAffectedSystems` and `diagnostics` calls
 * answer the tenant's own catalogues (`tenantLists` in catalogues.ts; decision 0018).
 */

/** The review-of-systems list a CIE-10 code is filed under, in the request's language. */
export const cie10AffectedSystems = list('/catalog/cie10/affected-systems', AffectedSystem)

/** CIE-10 by code prefix or by words of the description, accent-insensitive. */
export const cie10Search = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/cie10',
  access: 'authenticated',
  query: DiagnosesQuery,
  response: v.array(Diagnosis),
})

/**
 * The whole CIE-10 in code order, for the device's offline search (about 14 000 rows, fetched
 * again only when the catalog's version moves): the search above answers at most
 * MAX_SEARCH_RESULTS rows, so a cache cannot be filled through it.
 */
export const cie10All = list('/catalog/cie10/all', Diagnosis)

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
