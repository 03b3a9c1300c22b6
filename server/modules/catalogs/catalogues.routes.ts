import type { FastifyInstance } from 'fastify'
import { catalogueCalls, tenantLists } from '../../../src/contract/endpoints/catalogues'
import { fullPath } from '../../../src/contract/endpoints/define'
import {
  CATALOGUE_DEFINITIONS,
  type CatalogueDefinition,
  catalogueNamed,
} from '../../../src/contract/schemas/catalogue-definitions'
import type { Lang } from '../../platform/language'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { callerIdOf, tenantIdOf } from '../configuration/tenant-scope'
import * as catalogue from './catalogues'

const HEADERS: Record<Lang, Record<'code' | 'name' | 'parent' | 'items' | 'active', string>> = {
  es: { code: 'Código', name: 'Nombre', parent: 'Pertenece a', items: 'Elementos', active: 'Activo' },
  en: { code: 'Code', name: 'Name', parent: 'Belongs to', items: 'Items', active: 'Active' },
}
const YES_NO: Record<Lang, [string, string]> = { es: ['Sí', 'No'], en: ['Yes', 'No'] }

const DETAIL_HEADERS: Record<Lang, Record<string, string>> = {
  es: {
    disease: 'Enfermedad',
    doses: 'Dosis',
    interval_days: 'Intervalo entre dosis (días)',
    booster_interval_days: 'Intervalo del refuerzo (días)',
    route: 'Vía',
    age_from: 'Desde la edad',
    age_to: 'Hasta la edad',
    sex: 'Sexo',
    risks: 'Riesgos laborales',
  },
  en: {
    disease: 'Disease',
    doses: 'Doses',
    interval_days: 'Interval between doses (days)',
    booster_interval_days: 'Booster interval (days)',
    route: 'Route',
    age_from: 'From age',
    age_to: 'To age',
    sex: 'Sex',
    risks: 'Occupational risks',
  },
}
const DETAIL_KEYS = {
  vaccine: ['disease', 'doses', 'interval_days', 'booster_interval_days', 'route'],
  'vaccination-scheme': ['doses', 'age_from', 'age_to', 'sex', 'risks'],
} as const

/** The columns of a catalogue's details (a vaccine's doses and intervals…), as stored. */
function detailColumns(definition: CatalogueDefinition, lang: Lang) {
  if (!definition.details) return []
  return DETAIL_KEYS[definition.details].map(
    (key) =>
      [
        DETAIL_HEADERS[lang][key] ?? key,
        (e: { details?: Record<string, unknown> | null | undefined }) => {
          const value = e.details?.[key]
          return Array.isArray(value) ? value.join(', ') : value == null ? '' : String(value)
        },
      ] as const,
  )
}

/** The spreadsheet of a catalogue: the columns its definition gives it, in its order. */
function sheetOf(
  definition: CatalogueDefinition,
  lang: Lang,
  entries: Awaited<ReturnType<typeof catalogue.listEntries>>,
) {
  const h = HEADERS[lang]
  const columns = [
    ...(definition.code === 'none' ? [] : [[h.code, (e: (typeof entries)[number]) => e.code ?? ''] as const]),
    [h.name, (e: (typeof entries)[number]) => e.name] as const,
    ...(definition.children.kind === 'parent'
      ? [[h.parent, (e: (typeof entries)[number]) => e.parent_name ?? ''] as const]
      : []),
    ...(definition.children.kind === 'items'
      ? [[h.items, (e: (typeof entries)[number]) => e.items.map((item) => item.name).join(', ')] as const]
      : []),
    ...detailColumns(definition, lang),
    [h.active, (e: (typeof entries)[number]) => YES_NO[lang][e.active ? 0 : 1]] as const,
  ]
  return workbookOf(
    definition.fileName.slice(0, 31),
    columns.map(([title]) => title),
    entries.map((entry) => columns.map(([, cell]) => cell(entry) ?? '')),
  )
}

/**
 * Every simple tenant catalogue's calls (issue 18), registered from its definition: each change
 * moves the catalogue's version in its transaction and is audited.
 */
export async function catalogueRoutes(app: FastifyInstance) {
  await definitionRoutes(app, 'catalogs')

  // SPEC's list calls of the affected systems, diagnoses and medical conditions: the tenant's
  // active values (decision 0018).
  const systems = catalogueNamed('affected_system')
  const diagnoses = catalogueNamed('diagnostics')
  route(app, tenantLists.affectedSystems, async (_input, req) =>
    req.withTenant((tx) => catalogue.activeEntries(tx, systems)),
  )
  route(app, tenantLists.diagnostics, async (_input, req) =>
    req.withTenant((tx) => catalogue.activeEntries(tx, diagnoses)),
  )
  route(app, tenantLists.diagnosticsOfSystem, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      // 404 for a system the tenant does not hold (another tenant's is invisible here).
      await catalogue.showEntry(tx, systems, params.id)
      return catalogue.activeEntries(tx, diagnoses, params.id)
    }),
  )
  route(app, tenantLists.medicalConditions, async (_input, req) =>
    req.withTenant((tx) => catalogue.activeEntries(tx, catalogueNamed('medical-conditions'))),
  )
}

/**
 * The calls of the catalogues that live in `service` (the vaccination scheme's are the
 * vaccination service's, SPEC §7), registered from their definitions: each change moves the
 * catalogue's version in its transaction and is audited.
 */
export async function definitionRoutes(app: FastifyInstance, service: 'catalogs' | 'vaccination') {
  for (const definition of CATALOGUE_DEFINITIONS) {
    const home = (definition as CatalogueDefinition).home
    if ((home?.service ?? 'catalogs') !== service) continue
    const calls = catalogueCalls[definition.name]
    const entity = `catalogue.${definition.name}`

    route(app, calls.all, async (_input, req) =>
      req.withTenant((tx) => catalogue.listEntries(tx, definition)),
    )

    route(app, calls.table, async ({ query }, req) =>
      req.withTenant((tx) => catalogue.entriesPage(tx, definition, query, fullPath(calls.table))),
    )

    route(app, calls.show, async ({ params }, req) =>
      req.withTenant((tx) => catalogue.showEntry(tx, definition, params.id)),
    )

    route(app, calls.create, async ({ body }, req) =>
      req.withTenant(async (tx) => {
        const entry = await catalogue.createEntry(
          tx,
          definition,
          tenantIdOf(req),
          body,
          callerIdOf(req),
          req.lang,
        )
        await req.audit(tx, { action: `${entity}.create`, entity, entityId: entry.id, details: { ...body } })
        return entry
      }),
    )

    route(app, calls.update, async ({ params, body }, req) =>
      req.withTenant(async (tx) => {
        const entry = await catalogue.updateEntry(tx, definition, params.id, body, callerIdOf(req), req.lang)
        await req.audit(tx, { action: `${entity}.update`, entity, entityId: entry.id, details: { ...body } })
        return entry
      }),
    )

    route(app, calls.destroy, async ({ params }, req) => {
      await req.withTenant(async (tx) => {
        await catalogue.destroyEntry(tx, definition, params.id, callerIdOf(req), req.lang)
        await req.audit(tx, { action: `${entity}.delete`, entity, entityId: params.id })
      })
      return null
    })

    route(app, calls.download, async (_input, req, reply) => {
      const entries = await req.withTenant((tx) => catalogue.listEntries(tx, definition))
      await sendWorkbook(reply, downloadName(definition.fileName), sheetOf(definition, req.lang, entries))
    })
  }
}
