import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const ADMIN = [
  'special-labels-index',
  'special-labels-create',
  'special-labels-edit',
  'catalogues.delete',
  'catalogues.export',
  'patients-index',
  'patients-edit',
  'assignments.all',
  'assignments.bulk-request',
]

const aLabel = (overrides: Record<string, unknown> = {}) => ({
  name: 'Embarazo',
  color: 'purple',
  icon: 'pregnancy',
  sublabels: [{ name: 'Primer trimestre' }, { name: 'Segundo trimestre' }],
  ...overrides,
})

/** The tenant's special labels (SPEC §3, §7) and the patients that carry them. */
describe('special labels', () => {
  let t: TestApp
  let acmeId: string
  let admin: Record<string, string>
  let reader: Record<string, string>
  let nobody: Record<string, string>
  let globex: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    admin = (
      await signIn(
        t.app,
        'acme.localhost',
        (
          await buildUser(t.database.db, acmeId, { permissions: ADMIN })
        ).email,
      )
    ).headers
    reader = (
      await signIn(
        t.app,
        'acme.localhost',
        (
          await buildUser(t.database.db, acmeId, { permissions: ['patients-index'] })
        ).email,
      )
    ).headers
    nobody = (await signIn(t.app, 'acme.localhost', (await buildUser(t.database.db, acmeId)).email)).headers
    globex = (
      await signIn(
        t.app,
        'globex.localhost',
        (
          await buildUser(t.database.db, globexId, { permissions: ADMIN })
        ).email,
      )
    ).headers
  })
  afterAll(() => t.close())

  const send = async (headers: Record<string, string> | null, options: InjectOptions) => {
    const host = headers ? {} : { host: 'acme.localhost' }
    const answer = await t.app.inject({ ...options, headers: { ...host, ...headers, ...options.headers } })
    const json = answer.headers['content-type']?.toString().includes('json') ? answer.json() : null
    return { status: answer.statusCode, body: json, raw: answer }
  }
  const create = (headers: Record<string, string> | null, payload: object) =>
    send(headers, { method: 'POST', url: '/api/catalogs/catalog/specialLabels/create', payload })
  const versionOf = async (headers: Record<string, string>) => {
    const answer = await send(headers, { method: 'GET', url: '/api/catalogs/catalog/versions' })
    return (answer.body.data as { catalog: string; version: number }[]).find(
      (v) => v.catalog === 'special-labels',
    )?.version
  }

  it('creates a label with its sublabels and moves the catalogue version', async () => {
    const before = await versionOf(admin)
    const created = await create(admin, aLabel())
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      name: 'Embarazo',
      color: 'purple',
      icon: 'pregnancy',
      sublabels: [{ name: 'Primer trimestre' }, { name: 'Segundo trimestre' }],
    })
    expect(await versionOf(admin)).toBe((before ?? 0) + 1)
  })

  it('refuses a label without sublabels, naming the field', async () => {
    const refused = await create(admin, aLabel({ sublabels: [] }))
    expect(refused.status).toBe(422)
    expect(refused.body.errors.sublabels).toEqual(['La etiqueta especial necesita al menos una subetiqueta.'])
    const unnamed = await create(admin, aLabel({ sublabels: [{ name: ' ' }] }))
    expect(unnamed.status).toBe(422)
    expect(Object.keys(unnamed.body.errors)).toEqual(['sublabels.0.name'])
  })

  it('asks for a session and for the permission', async () => {
    expect((await create(null, aLabel())).status).toBe(401)
    expect((await create(nobody, aLabel())).status).toBe(403)
    expect((await create(reader, aLabel())).status).toBe(403)
  })

  it('updates the label: renames, adds and removes sublabels', async () => {
    const label = (await create(admin, aLabel({ name: 'Discapacidad' }))).body.data
    const [first] = label.sublabels
    const updated = await send(admin, {
      method: 'POST',
      url: `/api/catalogs/catalog/specialLabels/${label.id}`,
      payload: aLabel({
        name: 'Discapacidad motriz',
        sublabels: [{ id: first.id, name: 'Silla de ruedas' }, { name: 'Bastón' }],
      }),
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data.name).toBe('Discapacidad motriz')
    expect(updated.body.data.sublabels.map((s: { name: string }) => s.name)).toEqual([
      'Silla de ruedas',
      'Bastón',
    ])
    expect(updated.body.data.sublabels[0].id).toBe(first.id)
    const shown = await send(admin, {
      method: 'GET',
      url: `/api/catalogs/catalog/specialLabels/show/${label.id}`,
    })
    expect(shown.body.data).toEqual(updated.body.data)
  })

  it('refuses a sublabel id of another label', async () => {
    const one = (await create(admin, aLabel({ name: 'Uno' }))).body.data
    const other = (await create(admin, aLabel({ name: 'Otro' }))).body.data
    const refused = await send(admin, {
      method: 'POST',
      url: `/api/catalogs/catalog/specialLabels/${one.id}`,
      payload: aLabel({ sublabels: [{ id: other.sublabels[0].id, name: 'X' }] }),
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors['sublabels.0.id']).toEqual(['La subetiqueta especial no existe.'])
  })

  it('hides a tenant’s labels from another tenant', async () => {
    const label = (await create(admin, aLabel({ name: 'Sólo Acme' }))).body.data
    const url = `/api/catalogs/catalog/specialLabels/show/${label.id}`
    expect((await send(globex, { method: 'GET', url })).status).toBe(404)
    const update = {
      method: 'POST' as const,
      url: `/api/catalogs/catalog/specialLabels/${label.id}`,
      payload: aLabel(),
    }
    expect((await send(globex, update)).status).toBe(404)
    const destroy = {
      method: 'DELETE' as const,
      url: `/api/catalogs/catalog/specialLabels/destroy/${label.id}`,
    }
    expect((await send(globex, destroy)).status).toBe(404)
    const theirs = await send(globex, {
      method: 'GET',
      url: '/api/catalogs/special-labels/list-special-labels',
    })
    expect(theirs.body.data).toEqual([])
    expect(await versionOf(globex)).toBe(0)
  })

  it('deletes a label: it leaves the lists', async () => {
    const label = (await create(admin, aLabel({ name: 'Temporal' }))).body.data
    const url = `/api/catalogs/catalog/specialLabels/destroy/${label.id}`
    expect((await send(reader, { method: 'DELETE', url })).status).toBe(403)
    expect((await send(admin, { method: 'DELETE', url })).status).toBe(200)
    const list = await send(reader, {
      method: 'GET',
      url: '/api/catalogs/special-labels/list-special-labels',
    })
    expect(list.body.data.map((l: { name: string }) => l.name)).not.toContain('Temporal')
    const shown = await send(admin, {
      method: 'GET',
      url: `/api/catalogs/catalog/specialLabels/show/${label.id}`,
    })
    expect(shown.status).toBe(404)
  })

  it('offers the colours and icons', async () => {
    const colors = await send(reader, { method: 'GET', url: '/api/catalogs/catalog/specialLabels/colors' })
    expect(colors.body.data).toContainEqual({ code: 'red', hex: '#c62828' })
    const icons = await send(reader, { method: 'GET', url: '/api/catalogs/catalog/specialLabels/icons' })
    expect(icons.body.data).toContainEqual({ code: 'star', glyph: '★' })
  })

  it('downloads the labels as a spreadsheet', async () => {
    await create(admin, aLabel({ name: 'Hoja' }))
    const url = '/api/catalogs/catalog/specialLabels/download'
    expect((await send(reader, { method: 'GET', url })).status).toBe(403)
    const file = await send(admin, { method: 'GET', url })
    expect(file.status).toBe(200)
    const book = XLSX.read(file.raw.rawPayload)
    const rows = XLSX.utils.sheet_to_json<string[]>(
      book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
      {
        header: 1,
      },
    )
    expect(rows[0]).toEqual(['Etiqueta especial', 'Color', 'Icono', 'Subetiquetas'])
    expect(rows.some((row) => row[0] === 'Hoja')).toBe(true)
  })

  it('lists the sublabels of some labels, or of all with 0', async () => {
    const label = (await create(admin, aLabel({ name: 'Filtro' }))).body.data
    const some = await send(reader, {
      method: 'GET',
      url: `/api/operation/get-filters/subspecial-labels/${label.id}`,
    })
    expect(some.body.data.map((s: { name: string }) => s.name)).toEqual([
      'Primer trimestre',
      'Segundo trimestre',
    ])
    expect(some.body.data[0].special_label_name).toBe('Filtro')
    const all = await send(reader, { method: 'GET', url: '/api/operation/get-filters/subspecial-labels/0' })
    expect(all.body.data.length).toBeGreaterThan(2)
    const bad = await send(reader, {
      method: 'GET',
      url: '/api/operation/get-filters/subspecial-labels/nope',
    })
    expect(bad.status).toBe(422)
    expect(
      (await send(nobody, { method: 'GET', url: '/api/operation/get-filters/subspecial-labels/0' })).status,
    ).toBe(403)
  })

  describe('on patients', () => {
    it('labels a patient, filters the table by the sublabel and offers it as a filter', async () => {
      const label = (await create(admin, aLabel({ name: 'Vigilancia' }))).body.data
      const sublabel = label.sublabels[0].id
      const patient = await insertPatient(t.database.db, acmeId, { name: 'Rosaura' })
      await insertPatient(t.database.db, acmeId, { name: 'Sin etiqueta' })
      const labelled = await send(admin, {
        method: 'PUT',
        url: `/api/operation/patients/update/${patient.id}`,
        headers: { 'idempotency-key': crypto.randomUUID(), 'if-match': '"1"' },
        payload: { special_sublabel_ids: [sublabel] },
      })
      expect(labelled.status).toBe(200)
      expect(labelled.body.data.special_sublabel_ids).toEqual([sublabel])

      const filters = encodeURIComponent(JSON.stringify({ special_sublabel: sublabel }))
      const table = await send(admin, {
        method: 'POST',
        url: `/api/operation/patients/list?filters=${filters}`,
      })
      expect(table.status).toBe(200)
      expect(table.body.data.data.map((p: { id: string }) => p.id)).toEqual([patient.id])
      const file = await send(admin, {
        method: 'GET',
        url: `/api/operation/patients/download?filters=${filters}`,
      })
      const book = XLSX.read(file.raw.rawPayload)
      const rows = XLSX.utils.sheet_to_json<string[]>(
        book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
        {
          header: 1,
        },
      )
      expect(rows).toHaveLength(2)
      expect(rows[1]).toContain('Vigilancia: Primer trimestre')

      // The massive assignment's count picks by the same filter.
      const notAssigned = await send(admin, {
        method: 'GET',
        url: `/api/operation/patients/not-assignment/total?special_sublabel=${sublabel}`,
      })
      expect(notAssigned.body.data).toEqual({ total: 1 })

      const offered = await send(admin, { method: 'GET', url: '/api/operation/get-filters/patients' })
      expect(offered.body.data.special_sublabels).toContainEqual(
        expect.objectContaining({ id: sublabel, special_label_name: 'Vigilancia' }),
      )
    })

    it('refuses a sublabel the tenant does not have', async () => {
      const theirs = (await create(globex, aLabel({ name: 'De Globex' }))).body.data
      const patient = await insertPatient(t.database.db, acmeId)
      const refused = await send(admin, {
        method: 'PUT',
        url: `/api/operation/patients/update/${patient.id}`,
        headers: { 'idempotency-key': crypto.randomUUID(), 'if-match': '"1"' },
        payload: { special_sublabel_ids: [theirs.sublabels[0].id] },
      })
      expect(refused.status).toBe(422)
      expect(refused.body.errors.special_sublabel_ids).toEqual(['La subetiqueta especial no existe.'])
    })
  })
})
