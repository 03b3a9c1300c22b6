import * as v from 'valibot'
import {
  CATALOGUE_DEFINITIONS,
  type CatalogueDefinition,
  CatalogueEntry,
  CatalogueIdParams,
  type CatalogueName,
  CatalogueRow,
  entrySchema,
  permissionsOfCatalogue,
} from '../schemas/catalogue-definitions'
import { DataTableQuery, paginated } from '../schemas/data-table'
import { endpoint } from './define'

/**
 * The calls of every simple tenant catalogue (SPEC §7 "Catalogues"), made from its definition:
 * create, show, update, destroy and download at SPEC's paths, the data table of its screen, and
 * the whole list a device caches (SPEC's list call where it names one). Reading the whole list
 * is open to any signed-in user of the tenant: every device picks from it offline.
 */
function catalogueEndpoints(definition: CatalogueDefinition) {
  const base = definition.home?.base ?? `/catalog/${definition.name}`
  const service = definition.home?.service ?? 'catalogs'
  const resource = definition.paths !== 'pattern'
  const showPath = definition.paths === 'resource' ? `${base}/:id` : `${base}/show/:id`
  const can = permissionsOfCatalogue(definition)
  const body = entrySchema(definition)
  return {
    create: endpoint({
      service,
      method: 'POST',
      path: resource ? base : `${base}/create`,
      access: can.create,
      body,
      response: CatalogueEntry,
    }),
    show: endpoint({
      service,
      method: 'GET',
      path: showPath,
      access: can.list,
      params: CatalogueIdParams,
      response: CatalogueEntry,
    }),
    update: endpoint({
      service,
      method: 'POST',
      path: `${base}/:id`,
      access: can.edit,
      params: CatalogueIdParams,
      body,
      response: CatalogueEntry,
    }),
    destroy: endpoint({
      service,
      method: 'DELETE',
      path: resource ? `${base}/:id` : `${base}/destroy/:id`,
      access: can.delete,
      params: CatalogueIdParams,
    }),
    /** An .xlsx file, not an envelope. */
    download: endpoint({
      service,
      method: 'GET',
      path: `${base}/download`,
      access: can.export,
    }),
    /** The screen's data table (SPEC §7 "Data table": a POST of the table's query). */
    table: endpoint({
      service,
      method: 'POST',
      path: `${base}/list`,
      reads: true,
      access: can.list,
      query: DataTableQuery,
      response: paginated(CatalogueRow),
    }),
    /** Every live value, inactive ones too (old records name them), in the catalogue's order. */
    all: endpoint({
      service,
      method: 'GET',
      path: definition.listPath,
      access: 'authenticated',
      response: v.array(CatalogueEntry),
    }),
  }
}

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>

/** Each catalogue's calls, by its SPEC name. */
export const catalogueCalls = Object.fromEntries(
  CATALOGUE_DEFINITIONS.map((definition) => [definition.name, catalogueEndpoints(definition)]),
) as Record<CatalogueName, CatalogueEndpoints> // fromEntries forgets the keys

const activeList = <const P extends string>(path: P) =>
  endpoint({
    service: 'catalogs',
    method: 'GET',
    path,
    access: 'authenticated',
    response: v.array(CatalogueEntry),
  })

/**
 * SPEC §7's list calls that pickers of a tenant value read (decision 0018): the tenant's
 * catalogues, active values only, in the catalogue's order. (The whole lists a device caches,
 * inactive values too, are each catalogue's `all`.)
 */
export const tenantLists = {
  /** The tenant's affected systems. */
  affectedSystems: activeList('/catalog/affected_system/getAffectedSystems'),
  /** The tenant's diagnoses, each with its affected system (`parent_id`, `parent_name`). */
  diagnostics: activeList('/catalog/diagnostics'),
  /** The tenant's diagnoses filed under one of its affected systems (404 for one it does not hold). */
  diagnosticsOfSystem: endpoint({
    service: 'catalogs',
    method: 'GET',
    path: '/catalog/diagnostics/affected-system/:id',
    access: 'authenticated',
    params: CatalogueIdParams,
    response: v.array(CatalogueEntry),
  }),
  /** The tenant's medical conditions. */
  medicalConditions: activeList('/catalog/medical-conditions'),
}
