import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { seedReferenceLists } from '../../seed/reference-lists'

const host = 'acme.localhost'

interface Found {
  code: string
  description: string
  chapter: string
  affected_system_code: string
}

describe('the shared CIE-10 search and its affected systems, at /catalog/cie10', () => {
  let t: TestApp
  let headers: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    // The whole `cie10` package: 14 204 codes.
    await seedReferenceLists(t.database.db)
    const acme = await buildTenant(t.database.db, { slug: 'acme' })
    const doctor = await buildUser(t.database.db, acme.id, {
      email: 'medico@acme.mx',
      permissions: ['medical-consultation-create'],
    })
    headers = (await signIn(t.app, host, doctor.email)).headers
  })
  afterAll(() => t.close())

  const get = (url: string, lang = 'es') =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } })
  const found = (res: { json(): { data: Found[] } }) => res.json().data

  describe('affected systems', () => {
    it('lists the review of systems in its order, in the request’s language', async () => {
      const res = await get('/api/catalogs/catalog/cie10/affected-systems', 'en')
      expect(res.statusCode).toBe(200)
      const systems = res.json().data
      expect(systems).toHaveLength(12)
      expect(systems[0]).toEqual({ code: 'general', name: 'General' })
      expect(systems.map((s: { code: string }) => s.code)).toContain('blood-lymphatic')
    })

    it('refuses the list without a session', async () => {
      const res = await t.app.inject({
        url: '/api/catalogs/catalog/cie10/affected-systems',
        headers: { host },
      })
      expect(res.statusCode).toBe(401)
    })
  })

  describe('the diagnosis search', () => {
    it('finds by code prefix, with or without the dot or DGIS’s X', async () => {
      const exact = found(await get('/api/catalogs/catalog/cie10?search=I10X'))
      expect(exact[0]).toEqual({
        code: 'I10',
        description: 'Hipertension esencial (primaria)',
        chapter: 'IX',
        affected_system_code: 'cardiovascular',
      })
      const dotted = found(await get('/api/catalogs/catalog/cie10?search=a00.9'))
      expect(dotted[0]?.code).toBe('A009')
      const prefix = found(await get('/api/catalogs/catalog/cie10?search=E11&limit=20'))
      expect(prefix.map((d) => d.code).slice(0, 3)).toEqual(['E11', 'E110', 'E111'])
    })

    it('finds by words of the description, whatever the accents and order', async () => {
      const res = found(await get('/api/catalogs/catalog/cie10?search=tobillo%20ESGUINCE'))
      expect(res.map((d) => d.code)).toContain('S934')
      expect(res.every((d) => d.description.toLowerCase().includes('tobillo'))).toBe(true)
      const accented = found(await get('/api/catalogs/catalog/cie10?search=c%C3%B3lera'))
      expect(accented.map((d) => d.code)).toEqual(['A00', 'A000', 'A001', 'A009', 'Y582', 'Z230', 'Z270'])
    })

    it('narrows to an affected system and to a limit', async () => {
      const mental = found(await get('/api/catalogs/catalog/cie10?search=depresivo&affected_system=mental'))
      expect(mental.length).toBeGreaterThan(3)
      expect(mental.every((d) => d.affected_system_code === 'mental')).toBe(true)
      expect(found(await get('/api/catalogs/catalog/cie10?limit=5'))).toHaveLength(5)
      const skin = found(await get('/api/catalogs/catalog/cie10?affected_system=skin&search=dermatitis'))
      expect(skin.length).toBeGreaterThan(0)
      expect(skin.every((d) => d.chapter === 'XII')).toBe(true)
    })

    it('answers 422 for a bad limit or a malformed system', async () => {
      for (const [url, field] of [
        ['/api/catalogs/catalog/cie10?limit=500', 'limit'],
        ['/api/catalogs/catalog/cie10?affected_system=NERVIOSO!', 'affected_system'],
        ['/api/catalogs/catalog/cie10?affected_system=skin&limit=-1', 'limit'],
      ] as const) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(422)
        expect(res.json().errors, url).toHaveProperty(field)
      }
    })

    it('gives the whole catalog in code order for a device’s cache', async () => {
      const all = found(await get('/api/catalogs/catalog/cie10/all'))
      expect(all).toHaveLength(14_204)
      expect(all.map((d) => d.code)).toEqual(all.map((d) => d.code).sort())
      expect(all.find((d) => d.code === 'I10')).toEqual({
        code: 'I10',
        description: 'Hipertension esencial (primaria)',
        chapter: 'IX',
        affected_system_code: 'cardiovascular',
      })
    })

    it('refuses the search without a session', async () => {
      for (const url of ['/api/catalogs/catalog/cie10/all', '/api/catalogs/catalog/cie10?search=I10']) {
        expect((await t.app.inject({ url, headers: { host } })).statusCode, url).toBe(401)
      }
    })
  })
})
