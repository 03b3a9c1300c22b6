import type { InjectOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { catalogueCalls } from '../../../src/contract/endpoints/catalogues'
import { fullPath, pathFor } from '../../../src/contract/endpoints/define'
import {
  CATALOGUE_DEFINITIONS,
  type CatalogueDefinition,
  type CatalogueName,
  catalogueNamed,
  permissionsOfCatalogue,
} from '../../../src/contract/schemas/catalogue-definitions'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { vaccinationRecords } from '../../db/schema'
import { isMessageKey } from '../../platform/messages'

const EVERY_PERMISSION: string[] = CATALOGUE_DEFINITIONS.flatMap((definition): string[] => {
  const can = permissionsOfCatalogue(definition)
  return [can.list, can.create, can.edit]
}).concat(['catalogues.delete', 'catalogues.export'])

/** A vaccine's and a scheme entry's fields every test value carries (issue 21). */
const DETAILS = {
  vaccine: {
    disease: 'Hepatitis B',
    doses: 2,
    interval_days: 28,
    booster_interval_days: null,
    route: 'intramuscular',
  },
  'vaccination-scheme': {
    doses: null,
    age_from: 18,
    age_to: null,
    sex: null,
    subgroups: [],
    risks: ['biological'],
  },
} as const

/** Every simple catalogue (issue 18) on its one mechanism: routes, rules, tenants. */
describe('tenant catalogues', () => {
  let t: TestApp
  let admin: Record<string, string>
  let reader: Record<string, string>
  let globex: Record<string, string>
  let acme: string

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    const acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    acme = acmeId
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const headersOf = async (host: string, tenantId: string, permissions: string[]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, { permissions })).email)).headers
    admin = await headersOf('acme.localhost', acmeId, EVERY_PERMISSION)
    reader = await headersOf('acme.localhost', acmeId, ['subgroups-index'])
    globex = await headersOf('globex.localhost', globexId, EVERY_PERMISSION)
  })
  afterAll(() => t.close())

  const send = async (headers: Record<string, string> | null, options: InjectOptions) => {
    const host = headers ? {} : { host: 'acme.localhost' }
    const answer = await t.app.inject({ ...options, headers: { ...host, ...headers, ...options.headers } })
    const json = answer.headers['content-type']?.toString().includes('json') ? answer.json() : null
    return { status: answer.statusCode, body: json, raw: answer }
  }
  const calls = (name: CatalogueName) => catalogueCalls[name]
  const create = (headers: Record<string, string> | null, name: CatalogueName, payload: object) =>
    send(headers, { method: 'POST', url: fullPath(calls(name).create), payload })
  const update = (name: CatalogueName, id: string, payload: object) =>
    send(admin, { method: 'POST', url: pathFor(calls(name).update, { id }), payload })
  const destroy = (headers: Record<string, string>, name: CatalogueName, id: string) =>
    send(headers, { method: 'DELETE', url: pathFor(calls(name).destroy, { id }) })
  const all = async (name: CatalogueName) =>
    (await send(admin, { method: 'GET', url: fullPath(calls(name).all) })).body.data as {
      id: string
      name: string
      active: boolean
      items: { name: string }[]
    }[]

  /** A value every catalogue accepts: a parent where it needs one, a code where it needs one. */
  let counter = 0
  const aValueOf = async (definition: CatalogueDefinition, headers = admin) => {
    counter += 1
    const parentCatalogue =
      definition.children.kind === 'parent'
        ? catalogueNamed(definition.children.catalogue as CatalogueName)
        : null
    const parent = parentCatalogue
      ? (
          await create(headers, parentCatalogue.name as CatalogueName, {
            name: `Padre ${counter}`,
            ...(parentCatalogue.code === 'none' ? {} : { code: 'P1' }),
            ...(parentCatalogue.details ? { details: DETAILS[parentCatalogue.details] } : {}),
          })
        ).body.data.id
      : null
    return {
      name: `Valor ${counter}`,
      ...(definition.code === 'none' ? {} : { code: `C${counter}` }),
      ...(parent ? { parent_id: parent } : {}),
      ...(definition.children.kind === 'items' ? { items: [{ name: 'Uno' }] } : {}),
      ...(definition.details ? { details: DETAILS[definition.details] } : {}),
    }
  }

  describe.each(CATALOGUE_DEFINITIONS.map((definition) => [definition.name, definition] as const))(
    '%s',
    (name, definition) => {
      it('creates, shows, updates, lists and deletes a value, moving the catalogue version', async () => {
        const versionOf = async () =>
          (
            (await send(admin, { method: 'GET', url: '/api/catalogs/catalog/versions' })).body.data as {
              catalog: string
              version: number
            }[]
          ).find((row) => row.catalog === name)?.version ?? 0
        const before = await versionOf()
        const value = await aValueOf(definition)
        const created = await create(admin, name, value)
        expect(created.status, JSON.stringify(created.body)).toBe(200)
        const id = created.body.data.id as string
        expect(await versionOf()).toBeGreaterThan(before)
        const shown = await send(admin, { method: 'GET', url: pathFor(calls(name).show, { id }) })
        expect(shown.body.data.name).toBe(value.name)
        const changed = await update(name, id, { ...value, name: `${value.name} bis`, active: false })
        expect(changed.status, JSON.stringify(changed.body)).toBe(200)
        expect(changed.body.data).toMatchObject({ name: `${value.name} bis`, active: false })
        expect((await all(name)).find((entry) => entry.id === id)?.active).toBe(false)
        const table = await send(admin, {
          method: 'POST',
          url: `${fullPath(calls(name).table)}?search=${encodeURIComponent('bis')}&sortBy=name`,
        })
        expect(table.body.data.data.map((row: { id: string }) => row.id)).toContain(id)
        expect((await destroy(admin, name, id)).status).toBe(200)
        expect((await all(name)).some((entry) => entry.id === id)).toBe(false)
        expect((await send(admin, { method: 'GET', url: pathFor(calls(name).show, { id }) })).status).toBe(
          404,
        )
      })

      it('refuses a name the catalogue holds, whatever its case and accents', async () => {
        const value = await aValueOf(definition)
        expect((await create(admin, name, { ...value, name: 'Ñandú Médico' })).status).toBe(200)
        const again = await create(admin, name, { ...value, name: '  ñandu  medico ' })
        expect(again.status).toBe(422)
        expect(Object.keys(again.body.errors)).toEqual(['name'])
      })

      it('refuses anonymous callers, callers without the permission and other tenants', async () => {
        const value = await aValueOf(definition)
        expect((await create(null, name, value)).status).toBe(401)
        expect((await create(reader, name, value)).status).toBe(403)
        const id = (await create(admin, name, value)).body.data.id as string
        expect((await send(globex, { method: 'GET', url: pathFor(calls(name).show, { id }) })).status).toBe(
          404,
        )
        expect((await destroy(globex, name, id)).status).toBe(404)
        expect((await create(admin, name, { ...value, name: '' })).status).toBe(422)
      })

      it('downloads the catalogue as a spreadsheet dated DD_MM_YYYY', async () => {
        const value = await aValueOf(definition)
        await create(admin, name, value)
        const url = fullPath(calls(name).download)
        expect((await send(reader, { method: 'GET', url })).status).toBe(403)
        const file = await send(admin, { method: 'GET', url })
        expect(file.status).toBe(200)
        expect(file.raw.headers['content-disposition']).toMatch(
          new RegExp(`${definition.fileName}_\\d{2}_\\d{2}_\\d{4}\\.xlsx`),
        )
        const book = XLSX.read(file.raw.rawPayload)
        const rows = XLSX.utils.sheet_to_json<string[]>(
          book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
          { header: 1 },
        )
        expect(rows.some((row) => row.includes(value.name))).toBe(true)
      })
    },
  )

  it('keeps a subgroup’s items in the order sent, each named', async () => {
    const created = await create(admin, 'subgroups', {
      name: 'Turno',
      items: [{ name: 'Matutino' }, { name: 'Vespertino' }, { name: 'Nocturno' }],
    })
    expect(created.body.data.items.map((item: { name: string }) => item.name)).toEqual([
      'Matutino',
      'Vespertino',
      'Nocturno',
    ])
    const [first, second, third] = created.body.data.items as { id: string; name: string }[]
    const reordered = await update('subgroups', created.body.data.id, {
      name: 'Turno',
      items: [third, first, { id: second?.id, name: 'Vespertino largo' }],
    })
    expect(reordered.body.data.items.map((item: { name: string }) => item.name)).toEqual([
      'Nocturno',
      'Matutino',
      'Vespertino largo',
    ])
    const unnamed = await create(admin, 'subgroups', { name: 'Área', items: [{ name: ' ' }] })
    expect(Object.keys(unnamed.body.errors)).toEqual(['items.0.name'])
    const twice = await create(admin, 'subgroups', { name: 'Área', items: [{ name: 'A' }, { name: 'a' }] })
    expect(Object.keys(twice.body.errors)).toEqual(['items.1.name'])
  })

  it('links a diagnosis to an affected system, and keeps a system in use from deletion', async () => {
    const system = (await create(admin, 'affected_system', { name: 'Auditivo', code: 'auditivo' })).body.data
    const diagnosis = await create(admin, 'diagnostics', {
      name: 'Hipoacusia inducida por ruido',
      code: 'H833',
      parent_id: system.id,
    })
    expect(diagnosis.body.data).toMatchObject({ parent_id: system.id, parent_name: 'Auditivo' })
    const refused = await destroy(admin, 'affected_system', system.id)
    expect(refused.status).toBe(422)
    expect(refused.body.message).toContain('diagnósticos CIE-10')
    const unknown = await create(admin, 'diagnostics', {
      name: 'Otro',
      code: 'H834',
      parent_id: diagnosis.body.data.id,
    })
    expect(Object.keys(unknown.body.errors)).toEqual(['parent_id'])
    expect((await create(admin, 'diagnostics', { name: 'Sin sistema', code: 'H835' })).status).toBe(422)
  })

  it('keeps a classification with sub-classifications from deletion, naming where', async () => {
    const classification = (await create(admin, 'clasifications', { name: 'Riesgo físico' })).body.data
    await create(admin, 'subclasifications', { name: 'Ruido', parent_id: classification.id })
    const refused = await send(
      { ...admin, 'accept-language': 'en' },
      { method: 'DELETE', url: pathFor(calls('clasifications').destroy, { id: classification.id }) },
    )
    expect(refused.status).toBe(422)
    expect(refused.body.message).toContain('sub-classifications')
  })

  it('names every place of use with a message the API has', () => {
    for (const definition of CATALOGUE_DEFINITIONS) {
      if (definition.children.kind === 'parent') {
        expect(isMessageKey(`catalogue.usedBy.${definition.name}`), definition.name).toBe(true)
      }
    }
  })

  describe('vaccines and the vaccination scheme (issue 21)', () => {
    it('keeps a vaccine’s doses, intervals and route, and refuses them out of range per field', async () => {
      const vaccine = await create(admin, 'vaccination-records', {
        name: 'Td',
        details: {
          disease: 'Tétanos y difteria',
          doses: 3,
          interval_days: 28,
          booster_interval_days: 3650,
          route: 'intramuscular',
        },
      })
      expect(vaccine.status, JSON.stringify(vaccine.body)).toBe(200)
      expect(vaccine.body.data.details).toEqual({
        disease: 'Tétanos y difteria',
        doses: 3,
        interval_days: 28,
        booster_interval_days: 3650,
        route: 'intramuscular',
      })
      const wrong = await create(admin, 'vaccination-records', {
        name: 'Otra',
        details: { disease: '', doses: 0, interval_days: -1, booster_interval_days: 0, route: 'rectal' },
      })
      const file = await send(admin, { method: 'GET', url: fullPath(calls('vaccination-records').download) })
      const book = XLSX.read(file.raw.rawPayload)
      const rows = XLSX.utils.sheet_to_json<unknown[]>(
        book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
        { header: 1 },
      )
      expect(rows[0]).toEqual([
        'Nombre',
        'Enfermedad',
        'Dosis',
        'Intervalo entre dosis (días)',
        'Intervalo del refuerzo (días)',
        'Vía',
        'Activo',
      ])
      expect(rows.find((row) => row[0] === 'Td')).toEqual([
        'Td',
        'Tétanos y difteria',
        '3',
        '28',
        '3650',
        'intramuscular',
        'Sí',
      ])
      expect(wrong.status).toBe(422)
      expect(Object.keys(wrong.body.errors).sort()).toEqual(
        [
          'details.booster_interval_days',
          'details.disease',
          'details.doses',
          'details.interval_days',
          'details.route',
        ].sort(),
      )
      expect((await create(admin, 'vaccination-records', { name: 'Sin datos' })).status).toBe(422)
      expect((await all('vaccination-records')).some((entry) => entry.name === 'Otra')).toBe(false)
    })

    it('schedules a vaccine for whom it applies, refusing unknown subgroups and reversed ages', async () => {
      const vaccine = (
        await create(admin, 'vaccination-records', {
          name: 'Hepatitis B adulto',
          details: {
            disease: 'Hepatitis B',
            doses: 2,
            interval_days: 28,
            booster_interval_days: null,
            route: 'intramuscular',
          },
        })
      ).body.data
      const staff = (await create(admin, 'subgroups', { name: 'Área vacunas', items: [{ name: 'Salud' }] }))
        .body.data
      const itemId = staff.items[0].id as string
      const entry = await create(admin, 'vaccination-scheme', {
        name: 'Hepatitis B — personal de salud',
        parent_id: vaccine.id,
        details: {
          doses: null,
          age_from: 18,
          age_to: 64,
          sex: null,
          subgroups: [itemId],
          risks: ['biological'],
        },
      })
      expect(entry.status, JSON.stringify(entry.body)).toBe(200)
      expect(entry.body.data).toMatchObject({
        parent_id: vaccine.id,
        parent_name: 'Hepatitis B adulto',
        details: { age_from: 18, age_to: 64, subgroups: [itemId], risks: ['biological'] },
      })
      expect(fullPath(calls('vaccination-scheme').create)).toBe('/api/vaccination/vaccination-scheme')
      expect(calls('vaccination-scheme').show.path).toBe('/vaccination-scheme/show/:id')

      const reversed = await create(admin, 'vaccination-scheme', {
        name: 'Al revés',
        parent_id: vaccine.id,
        details: { ...DETAILS['vaccination-scheme'], age_from: 65, age_to: 18 },
      })
      expect(Object.keys(reversed.body.errors)).toEqual(['details.age_to'])
      const unknown = await create(admin, 'vaccination-scheme', {
        name: 'Subgrupo ajeno',
        parent_id: vaccine.id,
        details: { ...DETAILS['vaccination-scheme'], subgroups: [staff.id] },
      })
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors)).toEqual(['details.subgroups'])
      const riskless = await create(admin, 'vaccination-scheme', {
        name: 'Riesgo inventado',
        parent_id: vaccine.id,
        details: { ...DETAILS['vaccination-scheme'], risks: ['boredom'] },
      })
      expect(Object.keys(riskless.body.errors)).toEqual(['details.risks.0'])

      const refused = await destroy(admin, 'vaccination-records', vaccine.id)
      expect(refused.status).toBe(422)
      expect(refused.body.message).toContain('esquema de vacunación')
      // Another tenant cannot schedule this tenant's vaccine.
      const foreign = await create(globex, 'vaccination-scheme', {
        name: 'Ajena',
        parent_id: vaccine.id,
        details: DETAILS['vaccination-scheme'],
      })
      expect(Object.keys(foreign.body.errors)).toEqual(['parent_id'])
    })

    it('keeps a vaccine a patient’s record names from deletion, naming where', async () => {
      const vaccine = (
        await create(admin, 'vaccination-records', { name: 'Influenza aplicada', details: DETAILS.vaccine })
      ).body.data
      const patient = await insertPatient(t.database.db, acme)
      await withTenant(t.database.db, acme, (tx) =>
        tx.insert(vaccinationRecords).values({
          tenantId: acme,
          id: uuidv7(),
          patientId: patient.id,
          vaccineId: vaccine.id,
          doseNumber: 1,
          appliedOn: '2026-10-01',
        }),
      )
      const refused = await destroy(admin, 'vaccination-records', vaccine.id)
      expect(refused.status).toBe(422)
      expect(refused.body.message).toContain('registros de vacunación')
      expect((await all('vaccination-records')).some((entry) => entry.id === vaccine.id)).toBe(true)
    })
  })
})
