import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referenceLists } from '../../../src/contract/endpoints/catalogs'
import { fullPath } from '../../../src/contract/endpoints/define'
import { REFERENCE_LIST_NAMES } from '../../../src/contract/schemas/catalogs'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { catalogFixture } from '../../../tests/fixtures/catalog-files'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { seedReferenceLists } from '../../seed/reference-lists'
import { importCatalogs } from './import'

const host = 'acme.localhost'

describe('the reference lists and places', () => {
  let t: TestApp
  let headers: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    await seedReferenceLists(t.database.db)
    await importCatalogs(t.database.db, [
      catalogFixture('inegi-municipios.csv'),
      catalogFixture('inegi-localidades.csv'),
    ])
    const acme = await buildTenant(t.database.db, { slug: 'acme' })
    // A nurse's profile, with nothing about catalogs: reading them needs only a session.
    const nurse = await buildUser(t.database.db, acme.id, {
      email: 'enfermera@acme.mx',
      permissions: ['patients-index'],
    })
    headers = (await signIn(t.app, host, nurse.email)).headers
  })
  afterAll(() => t.close())

  const get = (url: string, lang = 'es') =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } })

  describe('the small reference lists', () => {
    it('answers each, in Spanish by default and in English when asked', async () => {
      for (const name of REFERENCE_LIST_NAMES) {
        const es = await get(fullPath(referenceLists[name]))
        expect(es.statusCode, name).toBe(200)
        expect(es.json().error).toBe(false)
        expect(es.json().data.length, name).toBeGreaterThan(1)
        const en = await get(fullPath(referenceLists[name]), 'en')
        expect(en.json().data.map((i: { code: string }) => i.code)).toEqual(
          es.json().data.map((i: { code: string }) => i.code),
        )
      }
      const statuses = await get('/api/catalogs/catalog/administrative-statuses', 'en')
      expect(statuses.json().data).toEqual(expect.arrayContaining([{ code: 'candidate', name: 'Candidate' }]))
      const covid = await get('/api/catalogs/catalog/covid-statuses')
      expect(covid.json().data.map((i: { code: string }) => i.code)).toEqual(
        expect.arrayContaining(['observation', 'patient_contact', 'out_of_tracking']),
      )
    })

    it('refuses them without a session', async () => {
      for (const name of REFERENCE_LIST_NAMES) {
        const res = await t.app.inject({
          method: 'GET',
          url: fullPath(referenceLists[name]),
          headers: { host },
        })
        expect(res.statusCode, name).toBe(401)
      }
    })
  })

  describe('blood-pressure ranges', () => {
    it('gives the five categories with their bounds and colours', async () => {
      const res = await get('/api/catalogs/catalog/blood-pressure-ranges', 'en')
      expect(res.statusCode).toBe(200)
      const ranges = res.json().data
      expect(ranges.map((r: { name: string }) => r.name)).toEqual([
        'Normal',
        'Elevated',
        'Hypertension stage 1',
        'Hypertension stage 2',
        'Hypertensive crisis',
      ])
      expect(ranges[2]).toMatchObject({
        systolic_min: 130,
        systolic_max: 139,
        diastolic_min: 80,
        diastolic_max: 89,
      })
      expect(ranges.every((r: { color: string }) => /^#[0-9a-f]{6}$/.test(r.color))).toBe(true)
    })

    it('refuses them without a session', async () => {
      const res = await t.app.inject({
        url: '/api/catalogs/catalog/blood-pressure-ranges',
        headers: { host },
      })
      expect(res.statusCode).toBe(401)
    })
  })

  describe('nationalities and federal entities', () => {
    it('lists nationalities with Mexican first', async () => {
      const res = await get('/api/catalogs/nationalities')
      expect(res.statusCode).toBe(200)
      expect(res.json().data[0]).toEqual({ code: 'MEX', country: 'MÉXICO', name: 'MEXICANA' })
    })

    it('lists the 32 federal entities and NE with their CURP codes', async () => {
      const res = await get('/api/catalogs/federal-entities')
      expect(res.statusCode).toBe(200)
      const entities = res.json().data
      expect(entities).toHaveLength(33)
      expect(entities).toEqual(
        expect.arrayContaining([
          { code: '09', curp_code: 'DF', name: 'Ciudad de México', abbreviation: 'CDMX' },
          { code: 'NE', curp_code: 'NE', name: 'Nacido en el extranjero', abbreviation: 'NE' },
        ]),
      )
    })

    it('refuses both without a session', async () => {
      for (const url of ['/api/catalogs/nationalities', '/api/catalogs/federal-entities']) {
        expect((await t.app.inject({ url, headers: { host } })).statusCode, url).toBe(401)
      }
    })
  })

  describe('municipalities', () => {
    it('lists a federal entity’s municipalities', async () => {
      const res = await get('/api/catalogs/municipalities?federal_entity_code=19')
      expect(res.statusCode).toBe(200)
      expect(res.json().data.map((m: { name: string }) => m.name)).toEqual([
        'Apodaca',
        'Guadalupe',
        'Monterrey',
        'San Nicolás de los Garza',
      ])
    })

    it('lists them all without a filter', async () => {
      const res = await get('/api/catalogs/municipalities')
      expect(res.json().data.length).toBeGreaterThan(30)
    })

    it('answers 422 for a code that is not an entity’s, and 401 without a session', async () => {
      const bad = await get('/api/catalogs/municipalities?federal_entity_code=Nuevo%20Le%C3%B3n')
      expect(bad.statusCode).toBe(422)
      expect(bad.json().errors).toHaveProperty('federal_entity_code')
      const anonymous = await t.app.inject({ url: '/api/catalogs/municipalities', headers: { host } })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('the locality search', () => {
    const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((l) => l.name)

    it('finds localities whatever the accents and capitals typed', async () => {
      const res = await get('/api/catalogs/localities?search=PENUELAS')
      expect(res.statusCode).toBe(200)
      expect(names(res)).toEqual([
        'Peñuelas (El Cienegal)',
        'Buenavista de Peñuelas',
        'El Refugio de Peñuelas',
        'San Antonio de Peñuelas',
      ])
      expect(res.json().data[0]).toEqual({
        federal_entity_code: '01',
        municipality_code: '001',
        code: '0315',
        name: 'Peñuelas (El Cienegal)',
      })
    })

    it('narrows to a municipality and to a limit', async () => {
      const inAsientos = await get('/api/catalogs/localities?federal_entity_code=01&municipality_code=002')
      expect(names(inAsientos)).toEqual(['Asientos', 'Villa Juarez'])
      const two = await get('/api/catalogs/localities?federal_entity_code=01&limit=2')
      expect(two.json().data).toHaveLength(2)
      const words = await get('/api/catalogs/localities?search=san%20nicol%C3%A1s%20garza')
      expect(names(words)).toEqual(['San Nicolas de los Garza'])
    })

    it('ignores punctuation, so LIKE wildcards match nothing special', async () => {
      const res = await get('/api/catalogs/localities?search=%25pe%C3%B1uelas%20(el%20cienegal)_')
      expect(names(res)).toEqual(['Peñuelas (El Cienegal)'])
    })

    it('answers 422 for a bad limit, a bad code, or a municipality without its entity', async () => {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=1000', 'limit'],
        ['limit=diez', 'limit'],
        ['federal_entity_code=1', 'federal_entity_code'],
        ['federal_entity_code=01&municipality_code=2', 'municipality_code'],
        ['municipality_code=002', 'federal_entity_code'],
        [`search=${'a'.repeat(101)}`, 'search'],
      ] as const) {
        const res = await get(`/api/catalogs/localities?${query}`)
        expect(res.statusCode, query).toBe(422)
        expect(res.json().errors, query).toHaveProperty(field)
      }
    })

    it('refuses the search without a session', async () => {
      const res = await t.app.inject({ url: '/api/catalogs/localities?search=monterrey', headers: { host } })
      expect(res.statusCode).toBe(401)
    })
  })
})
