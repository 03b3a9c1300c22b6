import type { InjectOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const ADMIN = [
  'medicines-index',
  'medicines-create',
  'medicines-edit',
  'catalogues.delete',
  'patients-index',
  'patients-edit',
  'assignments.all',
]
const BASE = '/api/catalogs/catalog/medicines'

const tablet = (dose: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Tableta',
  dose,
  quantity: '1 tableta',
  frequency: 'cada 8 horas',
  duration: '7 días',
  via: 'oral',
  ...overrides,
})

/** The tenant's medicines and presentations (SPEC §3, §7, §8) and the active medications that name them. */
describe('medicines', () => {
  let t: TestApp
  let acmeId: string
  let admin: Record<string, string>
  let reader: Record<string, string>
  let globex: Record<string, string>
  let serial = 0

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (host: string, tenantId: string, permissions: string[]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, { permissions })).email)).headers
    admin = await sign('acme.localhost', acmeId, ADMIN)
    reader = await sign('acme.localhost', acmeId, ['patients-index'])
    globex = await sign('globex.localhost', globexId, ADMIN)
  })
  afterAll(() => t.close())

  const send = async (headers: Record<string, string> | null, options: InjectOptions) => {
    const answer = await t.app.inject({
      ...options,
      headers: { ...(headers ?? { host: 'acme.localhost' }), ...options.headers },
    })
    return { status: answer.statusCode, body: answer.json() }
  }
  const aMedicine = (overrides: Record<string, unknown> = {}) => ({
    name: `Paracetamol ${++serial}`,
    presentations: [tablet('500 mg'), tablet('750 mg')],
    ...overrides,
  })
  const create = (headers: Record<string, string> | null, payload: object) =>
    send(headers, { method: 'POST', url: `${BASE}/catalog`, payload })

  it('creates a medicine with its presentations', async () => {
    const created = await create(admin, aMedicine({ name: 'Ibuprofeno' }))
    expect(created.status).toBe(200)
    expect(created.body.data.name).toBe('Ibuprofeno')
    expect(created.body.data.presentations.map((p: { dose: string }) => p.dose)).toEqual(['500 mg', '750 mg'])
    const shown = await send(admin, { method: 'GET', url: `${BASE}/catalog/${created.body.data.id}` })
    expect(shown.body.data).toEqual(created.body.data)
  })

  it('asks for a session and for the permission', async () => {
    expect((await create(null, aMedicine())).status).toBe(401)
    expect((await create(reader, aMedicine())).status).toBe(403)
  })

  it('refuses a medicine whose name the catalogue has (SPEC §8)', async () => {
    await create(admin, aMedicine({ name: 'Amoxicilina' }))
    const again = await create(admin, aMedicine({ name: 'amoxicilina' }))
    expect(again.status).toBe(422)
    expect(again.body.errors.name).toEqual([
      'El medicamento que intenta agregar ya existe en el catálogo de medicamentos.',
    ])
  })

  it('refuses a dose the medicine has in that form (SPEC §8)', async () => {
    const twice = await create(admin, aMedicine({ presentations: [tablet('5 mg'), tablet('5 MG')] }))
    expect(twice.status).toBe(422)
    expect(twice.body.errors.presentations).toEqual(['Una presentación con esta dosis ya existe.'])

    const medicine = (await create(admin, aMedicine())).body.data
    const added = await send(admin, {
      method: 'POST',
      url: `${BASE}/catalog/${medicine.id}`,
      payload: { name: medicine.name, presentations: [tablet('500 mg')] },
    })
    expect(added.status).toBe(422)
    expect(added.body.errors['presentations.0.dose']).toEqual(['Una presentación con esta dosis ya existe.'])
  })

  it('updates the medicine and its presentations, and removes one presentation', async () => {
    const medicine = (await create(admin, aMedicine())).body.data
    const [first, second] = medicine.presentations
    const updated = await send(admin, {
      method: 'POST',
      url: `${BASE}/catalog/${medicine.id}`,
      payload: {
        name: `${medicine.name} forte`,
        presentations: [
          { ...tablet('1 g'), id: first.id },
          { name: 'Jarabe', dose: '120 mg/5 ml', via: 'oral' },
        ],
      },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data.name).toBe(`${medicine.name} forte`)
    expect(updated.body.data.presentations.map((p: { dose: string }) => p.dose)).toEqual([
      '1 g',
      '750 mg',
      '120 mg/5 ml',
    ])
    const removed = await send(admin, { method: 'DELETE', url: `${BASE}/presentation/${second.id}` })
    expect(removed.status).toBe(200)
    const listed = await send(reader, { method: 'GET', url: `${BASE}/presentation/list/${medicine.id}` })
    expect(listed.body.data.map((p: { dose: string }) => p.dose)).toEqual(['1 g', '120 mg/5 ml'])
    const doses = await send(reader, {
      method: 'GET',
      url: `${BASE}/catalog/doses/list/${medicine.id}/${first.id}`,
    })
    expect(doses.body.data.map((p: { dose: string }) => p.dose)).toEqual(['1 g'])
  })

  it('lists the catalogue and deletes a medicine', async () => {
    const medicine = (await create(admin, aMedicine({ name: 'Zzz temporal' }))).body.data
    const names = async () =>
      (await send(reader, { method: 'GET', url: `${BASE}/list` })).body.data.map(
        (m: { name: string }) => m.name,
      )
    expect(await names()).toContain('Zzz temporal')
    const whole = await send(reader, { method: 'GET', url: `${BASE}/catalog/list` })
    expect(whole.body.data.find((m: { id: string }) => m.id === medicine.id).presentations).toHaveLength(2)
    expect((await send(reader, { method: 'DELETE', url: `${BASE}/catalog/${medicine.id}` })).status).toBe(403)
    expect((await send(admin, { method: 'DELETE', url: `${BASE}/catalog/${medicine.id}` })).status).toBe(200)
    expect(await names()).not.toContain('Zzz temporal')
    // Its name is free again.
    expect((await create(admin, aMedicine({ name: 'Zzz temporal' }))).status).toBe(200)
  })

  it('hides a tenant’s medicines from another tenant', async () => {
    const medicine = (await create(admin, aMedicine())).body.data
    expect((await send(globex, { method: 'GET', url: `${BASE}/catalog/${medicine.id}` })).status).toBe(404)
    const update = { method: 'POST' as const, url: `${BASE}/catalog/${medicine.id}`, payload: aMedicine() }
    expect((await send(globex, update)).status).toBe(404)
    expect((await send(globex, { method: 'DELETE', url: `${BASE}/catalog/${medicine.id}` })).status).toBe(404)
    const presentation = medicine.presentations[0].id
    expect(
      (await send(globex, { method: 'DELETE', url: `${BASE}/presentation/${presentation}` })).status,
    ).toBe(404)
    expect((await send(globex, { method: 'GET', url: `${BASE}/catalog/list` })).body.data).toEqual([])
    // The same name is free in another tenant.
    expect((await create(globex, aMedicine({ name: medicine.name }))).status).toBe(200)
  })

  describe('active medications', () => {
    const medicate = async (headers: Record<string, string>, medicineId: string | null) => {
      const patient = await insertPatient(t.database.db, acmeId)
      return send(headers, {
        method: 'POST',
        url: '/api/operation/patients/active-medications',
        headers: { 'idempotency-key': uuidv7() },
        payload: {
          id: uuidv7(),
          patient_id: patient.id,
          medicine: 'Metformina 850 mg',
          medicine_id: medicineId,
        },
      })
    }

    it('takes a medicine of the tenant’s catalogue', async () => {
      const medicine = (await create(admin, aMedicine())).body.data
      const entry = await medicate(admin, medicine.id)
      expect(entry.status).toBe(200)
      expect(entry.body.data.medicine_id).toBe(medicine.id)
    })

    it('refuses an unknown medicine, or another tenant’s', async () => {
      const theirs = (await create(globex, aMedicine())).body.data
      for (const id of [uuidv7(), theirs.id]) {
        const refused = await medicate(admin, id)
        expect(refused.status).toBe(422)
        expect(refused.body.errors.medicine_id).toEqual([
          'El medicamento no existe en el catálogo de medicamentos.',
        ])
      }
    })
  })
})
