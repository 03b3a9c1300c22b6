import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '../i18n/language'
import { setCurrentEngine } from '../sync/current-engine'
import type { SyncEngine } from '../sync/engine'
import { aDevice } from '../sync/test-fixtures'
import { refreshCatalogs } from './cache'
import { cacheLocalities } from './localities'
import { type CatalogServer, catalogServer } from './test-catalogs'
import {
  useDiagnosisSearch,
  useFederalEntities,
  useLocalities,
  useMunicipalities,
  useNationalities,
  useReferenceList,
} from './use-catalog'

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

describe('the catalog hooks', () => {
  let server: CatalogServer
  beforeEach(async () => {
    await activateLanguage('es')
    server = catalogServer()
  })
  afterEach(() => {
    setCurrentEngine(null)
    vi.unstubAllGlobals()
  })

  /** A signed-in device whose catalogs have been refreshed once. */
  async function signedInDevice() {
    const { db } = aDevice()
    await refreshCatalogs(db)
    server.takeRequested()
    // The hooks only read the engine's database.
    setCurrentEngine({ db } as SyncEngine)
    return db
  }

  it('answer undefined signed out', () => {
    const { result } = renderHook(() => useFederalEntities(), { wrapper })
    expect(result.current).toBeUndefined()
  })

  it('give the cached lists, in the server’s order', async () => {
    await signedInDevice()
    const genders = renderHook(() => useReferenceList('genders'), { wrapper })
    await waitFor(() => expect(genders.result.current?.map((g) => g.name)).toEqual(['Femenino', 'Masculino']))
    const entities = renderHook(() => useFederalEntities(), { wrapper })
    await waitFor(() => expect(entities.result.current?.map((e) => e.code)).toEqual(['19', '22']))
    const nationalities = renderHook(() => useNationalities(), { wrapper })
    await waitFor(() => expect(nationalities.result.current?.[0]?.code).toBe('MEX'))
  })

  it('follow a change of language by fetching the named lists again', async () => {
    await signedInDevice()
    const genders = renderHook(() => useReferenceList('genders'), { wrapper })
    await waitFor(() => expect(genders.result.current?.[0]?.name).toBe('Femenino'))
    await act(() => activateLanguage('en'))
    await waitFor(() => expect(genders.result.current?.map((g) => g.name)).toEqual(['Female', 'Male']))
  })

  it('give a federal entity’s municipalities by name, and none before one is chosen', async () => {
    await signedInDevice()
    const { result, rerender } = renderHook(({ entity }) => useMunicipalities(entity), {
      wrapper,
      initialProps: { entity: null as string | null },
    })
    await waitFor(() => expect(result.current).toEqual([]))
    rerender({ entity: '22' })
    await waitFor(() => expect(result.current?.map((m) => m.name)).toEqual(['Corregidora', 'Querétaro']))
  })

  it('search localities on the server, cache them, and find them offline afterwards', async () => {
    const db = await signedInDevice()
    const online = renderHook(() => useLocalities('22', '014', 'quere'), { wrapper })
    await waitFor(() => expect(online.result.current?.map((l) => l.name)).toEqual(['Santiago de Querétaro']))
    expect(server.takeRequested()).toContain('/api/catalogs/localities')
    expect(await db.localities.count()).toBe(2)
    online.unmount()

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const offline = renderHook(() => useLocalities('22', '014', 'PUEBLITO'), { wrapper })
    await waitFor(() =>
      expect(offline.result.current).toEqual([
        { federal_entity_code: '22', municipality_code: '014', code: '0045', name: 'El Pueblito' },
      ]),
    )
  })

  it('search ICD-10 on the device and follow a refresh of the catalog', async () => {
    const db = await signedInDevice()
    const { result } = renderHook(() => useDiagnosisSearch('diabetes'), { wrapper })
    await waitFor(() => expect(result.current?.map((d) => d.code)).toEqual(['E11', 'E119']))
    expect(server.takeRequested()).toEqual([])
    server.data.diagnoses = server.data.diagnoses.filter((d) => d.code !== 'E119')
    server.versions.diagnoses = 2
    await act(() => refreshCatalogs(db))
    await waitFor(() => expect(result.current?.map((d) => d.code)).toEqual(['E11']))
  })

  it('list no localities and ask the server nothing before an entity is chosen or a word typed', async () => {
    const db = await signedInDevice()
    await cacheLocalities(db, [
      { federal_entity_code: '22', municipality_code: '014', code: '0045', name: 'El Pueblito' },
    ])
    const { result } = renderHook(() => useLocalities(null, null, ''), { wrapper })
    await waitFor(() => expect(result.current).toEqual([]))
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(server.takeRequested()).toEqual([])
  })
})
