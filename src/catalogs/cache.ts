import { call } from '../api/client'
import * as endpoints from '../contract/endpoints/catalogs'
import { catalogueCalls } from '../contract/endpoints/catalogues'
import { inputsDisabled } from '../contract/endpoints/configuration'
import { covidLists } from '../contract/endpoints/covid'
import { medicinesCatalog } from '../contract/endpoints/medicines'
import { listSpecialLabels } from '../contract/endpoints/special-labels'
import { hasRoleMode } from '../contract/rules/permissions'
import type {
  CatalogVersion,
  ReferenceListName,
  CatalogName as SharedCatalogName,
  TenantCatalogName,
} from '../contract/schemas/catalogs'
import { CATALOG_NAMES, REFERENCE_LIST_NAMES, TENANT_CATALOG_NAMES } from '../contract/schemas/catalogs'
import { COVID_LIST_NAMES, type CovidListName } from '../contract/schemas/covid'
import type { CachedListName, CatalogItem, LocalDb } from '../db/local-db'
import { currentLanguage } from '../i18n/language'
import { DISABLED_INPUTS_KEY } from './disabled-inputs'

/**
 * The device's copy of the shared catalogs (issue 6, decision 0007). The catalogs live outside
 * the tenant change feed, so each pull of the feed is followed by one `GET /catalog/versions`;
 * a catalog whose version moved since it was stored (or whose names were stored in another
 * language) is fetched whole again and replaced in one Dexie transaction with its version.
 * The tenant's own catalogues (special labels, medicines; decision 0015; the simple ones of
 * decision 0018) are versioned per tenant and listed by the same call, so they refresh the same way.
 */

/** Every catalog a device caches: the shared ones and the tenant's own. */
export type CatalogName = SharedCatalogName | TenantCatalogName

/** What is held of one catalog: its version, and the language its names came in. */
export interface HeldVersion {
  version: number
  lang: string
}

const versionKey = (catalog: CatalogName) => `catalog.version.${catalog}`

/** Catalogs whose names the server gives in the request's language. */
const TRANSLATED: ReadonlySet<CatalogName> = new Set([
  'reference-lists',
  'blood-pressure-ranges',
  'affected-systems',
])

/** Notes that the device holds a catalog at a version, in a language: it has arrived. */
export const holdVersion = (db: LocalDb, catalog: CatalogName, version: HeldVersion) =>
  db.meta.put({ key: versionKey(catalog), value: version })

export async function heldVersion(db: LocalDb, catalog: CatalogName): Promise<HeldVersion | null> {
  const meta = await db.meta.get(versionKey(catalog))
  const value = meta?.value as Partial<HeldVersion> | undefined // meta holds what this file wrote
  return typeof value?.version === 'number' && typeof value.lang === 'string'
    ? { version: value.version, lang: value.lang }
    : null
}

/** Whether a catalog must be fetched again to match the server's version and the language. */
export function isStale(
  catalog: CatalogName,
  held: HeldVersion | null,
  server: CatalogVersion,
  lang: string,
) {
  if (!held || held.version !== server.version) return true
  return TRANSLATED.has(catalog) && held.lang !== lang
}

const itemsOf = (list: CachedListName, rows: readonly { code: string }[]): CatalogItem[] =>
  rows.map((row, position) => ({ list, code: row.code, position, data: { ...row } }))

/** Fetches one catalog whole and writes it with its version; the network stays outside the transaction. */
async function fetchAndStore(db: LocalDb, catalog: CatalogName, version: HeldVersion): Promise<void> {
  const tables = [
    db.catalogItems,
    db.municipalities,
    db.diagnoses,
    db.specialLabels,
    db.medicines,
    db.catalogueEntries,
    db.meta,
  ]
  const store = (write: () => Promise<unknown>) =>
    db.transaction('rw', tables, async () => {
      await write()
      await holdVersion(db, catalog, version)
    })
  const replaceLists = async (items: Map<CachedListName, CatalogItem[]>) =>
    store(async () => {
      for (const [list, rows] of items) {
        await db.catalogItems.where('list').equals(list).delete()
        await db.catalogItems.bulkPut(rows)
      }
    })
  switch (catalog) {
    case 'reference-lists': {
      const lists = await Promise.all(
        REFERENCE_LIST_NAMES.map(async (name: ReferenceListName) => {
          const rows = await call(endpoints.referenceLists[name])
          return [name, itemsOf(name, rows)] as const
        }),
      )
      // The COVID triage's lists (decision 0025) are seeded reference lists served by the covid
      // service: held with the others, under the same version, so the triage form opens offline.
      const covid = await Promise.all(
        COVID_LIST_NAMES.map(async (name: CovidListName) => {
          const rows = await call(covidLists[name])
          return [name, itemsOf(name, rows)] as const
        }),
      )
      return replaceLists(new Map([...lists, ...covid]))
    }
    case 'blood-pressure-ranges':
      return replaceLists(new Map([[catalog, itemsOf(catalog, await call(endpoints.bloodPressureRanges))]]))
    case 'nationalities':
      return replaceLists(new Map([[catalog, itemsOf(catalog, await call(endpoints.nationalities))]]))
    case 'federal-entities':
      return replaceLists(new Map([[catalog, itemsOf(catalog, await call(endpoints.federalEntities))]]))
    case 'affected-systems':
      return replaceLists(new Map([[catalog, itemsOf(catalog, await call(endpoints.cie10AffectedSystems))]]))
    case 'municipalities': {
      const rows = await call(endpoints.municipalities, { query: {} })
      return store(async () => {
        await db.municipalities.clear()
        await db.municipalities.bulkPut(rows)
      })
    }
    case 'diagnoses': {
      const rows = await call(endpoints.cie10All)
      return store(async () => {
        await db.diagnoses.clear()
        await db.diagnoses.bulkPut(rows)
      })
    }
    case 'special-labels': {
      const rows = await call(listSpecialLabels)
      return store(async () => {
        await db.specialLabels.clear()
        await db.specialLabels.bulkPut(rows)
      })
    }
    case 'medicines': {
      const rows = await call(medicinesCatalog)
      return store(async () => {
        await db.medicines.clear()
        await db.medicines.bulkPut(rows)
      })
    }
    case 'editable-fields': {
      const keys = await call(inputsDisabled)
      return store(() => db.meta.put({ key: DISABLED_INPUTS_KEY, value: keys }))
    }
    case 'localities':
      // Only the localities searched here are held, and an import never deletes a code
      // (decision 0005): they stay, and the next search online brings any renamed one.
      return store(async () => undefined)
    default: {
      // A simple catalogue (decision 0018): its values replace the ones held, inactive ones too.
      const rows = await call(catalogueCalls[catalog].all)
      return store(async () => {
        await db.catalogueEntries.where('catalogue').equals(catalog).delete()
        await db.catalogueEntries.bulkPut(rows)
      })
    }
  }
}

const isCatalogName = (name: string): name is CatalogName =>
  (CATALOG_NAMES as readonly string[]).includes(name) ||
  (TENANT_CATALOG_NAMES as readonly string[]).includes(name)

export interface RefreshOptions {
  /** Catalogs this user's screens never show (a patient's device needs no ICD-10). */
  skip?: readonly CatalogName[]
}

/**
 * The tenant catalogues a patient's own screens read: their profile form honours the inputs the
 * tenant hides, and their vaccination card (`/patient/vaccination-record`) works its due dates out
 * from the vaccines and the scheme, offline.
 */
const PATIENT_TENANT_CATALOGS: readonly CatalogName[] = [
  'editable-fields',
  'vaccination-records',
  'vaccination-scheme',
]

/**
 * What a user's device refreshes: a patient's own screens (self-tracking) show no diagnosis, no
 * special label and no medicine of the catalogue; only the tenant catalogues above.
 */
export const refreshOptionsFor = (permissions: readonly string[]): RefreshOptions =>
  hasRoleMode(permissions)
    ? {}
    : {
        skip: [
          'diagnoses',
          ...TENANT_CATALOG_NAMES.filter((name) => !PATIENT_TENANT_CATALOGS.includes(name)),
        ],
      }

/**
 * How many catalogs a refresh fetches at once: a sign-in's first refresh asks for a dozen and more,
 * which one after another wait out each other's round trips; a few at a time keep the server and
 * a phone's connection from being flooded.
 */
const CONCURRENT_FETCHES = 4

/**
 * Runs `work` on every item, at most `limit` at a time. After a failure no new item starts; the
 * running ones finish, then the first failure is thrown (so nothing is still writing when the
 * refresh ends).
 */
async function eachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const failures: unknown[] = []
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const item = items[next] as T // next < items.length, checked above
      next += 1
      try {
        await work(item)
      } catch (error) {
        failures.push(error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failures.length > 0) throw failures[0]
}

const running = new WeakMap<LocalDb, Promise<CatalogName[]>>()
const following = new WeakMap<LocalDb, Promise<CatalogName[]>>()

/**
 * Brings the cached catalogs in line with the server: fetches the ones whose version moved (or
 * whose names are in another language than the app's, the language every request carries) and
 * returns their names. One refresh per database at a time. A call while one runs gets one more
 * refresh after it, shared by every such call: the running one read the versions before, and a
 * catalogue saved on this screen meanwhile must still reach this device (with a dozen
 * catalogues the sign-in's refresh outlasts a quick save). Offline it fails like any call
 * (NetworkError) and the cache stays as it was.
 */
export function refreshCatalogs(db: LocalDb, options: RefreshOptions = {}): Promise<CatalogName[]> {
  const current = running.get(db)
  if (current) {
    const queued = following.get(db)
    if (queued) return queued
    const next = current
      .catch(() => [])
      .then(() => {
        following.delete(db)
        return refreshCatalogs(db, options)
      })
    following.set(db, next)
    return next
  }
  const work = (async () => {
    const lang = currentLanguage()
    const versions = await call(endpoints.catalogVersions)
    const stale: { catalog: CatalogName; version: number }[] = []
    for (const server of versions) {
      const catalog = server.catalog
      // A catalog added on the server before this build knows it waits for the next build.
      if (!isCatalogName(catalog) || options.skip?.includes(catalog)) continue
      if (!isStale(catalog, await heldVersion(db, catalog), server, lang)) continue
      stale.push({ catalog, version: server.version })
    }
    const refreshed: CatalogName[] = []
    await eachConcurrently(stale, CONCURRENT_FETCHES, async ({ catalog, version }) => {
      await fetchAndStore(db, catalog, { version, lang })
      refreshed.push(catalog)
    })
    return refreshed
  })().finally(() => running.delete(db))
  running.set(db, work)
  return work
}
