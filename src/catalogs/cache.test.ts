import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { referenceLists } from '../contract/endpoints/catalogs'
import { covidLists } from '../contract/endpoints/covid'
import { fullPath } from '../contract/endpoints/define'
import { REFERENCE_LIST_NAMES, TENANT_CATALOG_NAMES } from '../contract/schemas/catalogs'
import type { CatalogueEntry } from '../contract/schemas/catalogue-definitions'
import { COVID_LIST_NAMES } from '../contract/schemas/covid'
import type { SpecialLabel } from '../contract/schemas/special-labels'
import { activateLanguage } from '../i18n/language'
import { aDevice } from '../sync/test-fixtures'
import { heldVersion, refreshCatalogs, refreshOptionsFor } from './cache'
import { activeCatalogueEntries } from './catalogue-entries'
import { readDisabledInputs } from './disabled-inputs'
import { readList } from './lists'
import { cacheLocalities } from './localities'
import {
  type CatalogServer,
  catalogServer,
  DIAGNOSES,
  MEDICINES,
  MUNICIPALITIES,
  SPECIAL_LABELS,
  SUBGROUPS,
} from './test-catalogs'

describe('the device’s catalog cache', () => {
  let server: CatalogServer
  beforeEach(async () => {
    await activateLanguage('es')
    server = catalogServer()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('fetches every catalog the first time and keeps each one’s version', async () => {
    const { db } = aDevice()
    const refreshed = await refreshCatalogs(db)
    expect(refreshed.sort()).toEqual(
      [
        'affected-systems',
        'blood-pressure-ranges',
        'diagnoses',
        'federal-entities',
        'localities',
        'medicines',
        'municipalities',
        'nationalities',
        'reference-lists',
        'special-labels',
        'subgroups',
        'editable-fields',
      ].sort(),
    )
    expect(await db.diagnoses.count()).toBe(DIAGNOSES.length)
    expect(await db.municipalities.count()).toBe(MUNICIPALITIES.length)
    expect(await readList(db, 'genders')).toEqual([
      { code: 'female', name: 'Femenino' },
      { code: 'male', name: 'Masculino' },
    ])
    expect((await readList(db, 'federal-entities')).map((e) => e.curp_code)).toEqual(['NL', 'QT'])
    expect(await readList(db, 'nationalities')).toEqual([
      { code: 'MEX', country: 'México', name: 'Mexicana' },
    ])
    expect(await heldVersion(db, 'diagnoses')).toEqual({ version: 1, lang: 'es' })
    expect(await readDisabledInputs(db)).toEqual(['patient.supervisor'])
  })

  it('fetches the inputs the tenant hides again when their version moves', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    server.takeRequested()
    server.data.disabledInputs = ['patient.supervisor', 'patient.phone']
    server.versions['editable-fields'] = 2
    expect(await refreshCatalogs(db)).toEqual(['editable-fields'])
    expect(server.takeRequested()).toEqual([
      '/api/catalogs/catalog/versions',
      '/api/configuration/inputs/inputs-disabled',
    ])
    expect(await readDisabledInputs(db)).toEqual(['patient.supervisor', 'patient.phone'])
  })

  it('asks only for the versions when nothing moved', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    server.takeRequested()
    expect(await refreshCatalogs(db)).toEqual([])
    expect(server.takeRequested()).toEqual(['/api/catalogs/catalog/versions'])
  })

  it('replaces a catalog whose version moved, and only that one', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    server.takeRequested()
    // An import on the server: a newer CIE-10 renames one code and drops another from its file.
    server.data.diagnoses = [
      { ...DIAGNOSES[0], description: 'Hipertensión esencial (primaria)' } as (typeof DIAGNOSES)[number],
    ]
    server.versions.diagnoses = 2
    expect(await refreshCatalogs(db)).toEqual(['diagnoses'])
    expect(server.takeRequested()).toEqual([
      '/api/catalogs/catalog/versions',
      '/api/catalogs/catalog/cie10/all',
    ])
    expect(await db.diagnoses.toArray()).toEqual([
      expect.objectContaining({ code: 'I10', description: 'Hipertensión esencial (primaria)' }),
    ])
    expect(await heldVersion(db, 'diagnoses')).toEqual({ version: 2, lang: 'es' })
  })

  it('fetches the translated lists again in the app’s new language', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    await activateLanguage('en')
    expect((await refreshCatalogs(db)).sort()).toEqual(
      ['affected-systems', 'blood-pressure-ranges', 'reference-lists'].sort(),
    )
    expect((await readList(db, 'genders')).map((g) => g.name)).toEqual(['Female', 'Male'])
    expect(await readList(db, 'affected-systems')).toEqual([{ code: 'respiratory', name: 'Respiratory' }])
  })

  it('keeps the localities searched here when the localities catalog moves', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    await cacheLocalities(db, [
      { federal_entity_code: '22', municipality_code: '014', code: '0001', name: 'Santiago de Querétaro' },
    ])
    server.versions.localities = 2
    expect(await refreshCatalogs(db)).toEqual(['localities'])
    expect(await db.localities.count()).toBe(1)
  })

  it('leaves the cache as it was when the device is offline', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(refreshCatalogs(db)).rejects.toThrow()
    expect(await db.diagnoses.count()).toBe(DIAGNOSES.length)
    expect(await heldVersion(db, 'diagnoses')).toEqual({ version: 1, lang: 'es' })
    expect(await readDisabledInputs(db)).toEqual(['patient.supervisor'])
  })

  it('leaves ICD-10 off a patient’s device, whose own screens show no diagnosis', async () => {
    const kept = ['editable-fields', 'vaccination-records', 'vaccination-scheme']
    expect(refreshOptionsFor(['patient-home', 'patient-blood-pressure'])).toEqual({
      skip: ['diagnoses', ...TENANT_CATALOG_NAMES.filter((name) => !kept.includes(name))],
    })
    expect(refreshOptionsFor(['patients-index'])).toEqual({})
    const { db } = aDevice()
    const refreshed = await refreshCatalogs(db, refreshOptionsFor(['patient-home']))
    expect(refreshed).not.toContain('diagnoses')
    expect(server.takeRequested()).not.toContain('/api/catalogs/catalog/cie10/all')
    expect(await db.diagnoses.count()).toBe(0)
    expect(await heldVersion(db, 'diagnoses')).toBeNull()
    // Their profile form honours the inputs the tenant hides; their vaccination card needs the
    // vaccines and the scheme for its due dates.
    expect(refreshed).toContain('editable-fields')
    const skipped = refreshOptionsFor(['patient-home']).skip ?? []
    expect(skipped).not.toContain('vaccination-records')
    expect(skipped).not.toContain('vaccination-scheme')
    expect(skipped).toContain('medicines')
  })

  it('fetches the tenant’s special labels and medicines again when their tenant version moves', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    expect(await db.specialLabels.toArray()).toEqual(SPECIAL_LABELS)
    expect(await db.medicines.toArray()).toEqual(MEDICINES)
    server.takeRequested()
    server.data.specialLabels = [{ ...(SPECIAL_LABELS[0] as SpecialLabel), name: 'Embarazo de riesgo' }]
    server.versions['special-labels'] = 2
    expect(await refreshCatalogs(db)).toEqual(['special-labels'])
    expect(server.takeRequested()).toEqual([
      '/api/catalogs/catalog/versions',
      '/api/catalogs/special-labels/list-special-labels',
    ])
    expect((await db.specialLabels.toArray()).map((label) => label.name)).toEqual(['Embarazo de riesgo'])
    expect(await heldVersion(db, 'special-labels')).toEqual({ version: 2, lang: 'es' })
  })

  it('fetches a simple catalogue again when its version moves, and reads its active values', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    expect((await activeCatalogueEntries(db, 'subgroups')).map((entry) => entry.name)).toEqual(['Turno'])
    server.takeRequested()
    server.data.subgroups = [{ ...(SUBGROUPS[0] as CatalogueEntry), name: 'Turno de trabajo' }]
    server.versions.subgroups = 2
    expect(await refreshCatalogs(db)).toEqual(['subgroups'])
    expect(server.takeRequested()).toEqual([
      '/api/catalogs/catalog/versions',
      '/api/catalogs/catalog/subgroups/list',
    ])
    expect(await db.catalogueEntries.count()).toBe(1)
    expect((await activeCatalogueEntries(db, 'subgroups'))[0]?.name).toBe('Turno de trabajo')
  })

  it('runs once more after the running refresh for the calls made meanwhile, shared between them', async () => {
    const { db } = aDevice()
    const first = refreshCatalogs(db)
    // A save on this device while the first refresh runs: its catalogue moved after the
    // first refresh read the versions.
    server.data.subgroups = [{ ...(SUBGROUPS[0] as CatalogueEntry), name: 'Turno de trabajo' }]
    server.versions.subgroups = 2
    const [second, third] = [refreshCatalogs(db), refreshCatalogs(db)]
    expect(third).toBe(second)
    expect(second).not.toBe(first)
    await Promise.all([first, second])
    // The second asked the versions again, after the first was done.
    expect(server.takeRequested().filter((p) => p.endsWith('/versions'))).toHaveLength(2)
    expect((await activeCatalogueEntries(db, 'subgroups'))[0]?.name).toBe('Turno de trabajo')
  })

  it('fetches at most four catalogues at a time', async () => {
    const { db } = aDevice()
    const answer = globalThis.fetch
    // One catalogue's requests: the small lists come in a dozen requests of one catalogue.
    const listPaths = new Set([
      ...REFERENCE_LIST_NAMES.map((name) => fullPath(referenceLists[name])),
      ...COVID_LIST_NAMES.map((name) => fullPath(covidLists[name])),
    ])
    let inFlight = 0
    let most = 0
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      const counted = !listPaths.has(new URL(request.url).pathname)
      if (counted) most = Math.max(most, ++inFlight)
      try {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return await answer(request)
      } finally {
        if (counted) inFlight -= 1
      }
    })
    expect((await refreshCatalogs(db)).length).toBeGreaterThan(8)
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(4)
  })
})
