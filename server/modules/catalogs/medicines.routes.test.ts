import type { InjectOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const ADMIN = [
  'medicines-index',
  'medicines-create',
  'medicines-edit',
  'catalogues.delete',
  'catalogues.export',
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

  it('answers 422 and changes nothing when an edit swaps two doses, or two saves race for a name', async () => {
    const medicine = (await create(admin, aMedicine())).body.data
    const [first, second] = medicine.presentations
    const swapped = await send(admin, {
      method: 'POST',
      url: `${BASE}/catalog/${medicine.id}`,
      payload: {
        name: `${medicine.name} nuevo`,
        presentations: [
          { ...tablet('750 mg'), id: first.id },
          { ...tablet('500 mg'), id: second.id },
        ],
      },
    })
    expect(swapped.status).toBe(422)
    expect(swapped.body.errors.presentations).toEqual(['Una presentación con esta dosis ya existe.'])
    const kept = await send(admin, { method: 'GET', url: `${BASE}/catalog/${medicine.id}` })
    expect(kept.body.data.name).toBe(medicine.name)
    expect(kept.body.data.presentations.map((p: { dose: string }) => p.dose)).toEqual(['500 mg', '750 mg'])

    const racing = await Promise.all([
      create(admin, aMedicine({ name: 'Diclofenaco' })),
      create(admin, aMedicine({ name: 'Diclofenaco' })),
    ])
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 422])
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

  describe('the spreadsheet', () => {
    /** A multipart/form-data body with one .xlsx file, as the screen's FormData sends it. */
    const upload = (book: Buffer) => {
      const boundary = '----salud-medicamentos'
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="medicamentos.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        book,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
    }
    const sheet = (rows: unknown[][]) => {
      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Medicamentos')
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer // SheetJS answers a Buffer for 'buffer'
    }

    it('downloads the catalogue, one presentation per row', async () => {
      const medicine = (await create(admin, aMedicine({ name: 'Ketorolaco' }))).body.data
      const answer = await t.app.inject({ method: 'GET', url: `${BASE}/catalog/excel`, headers: admin })
      expect(answer.statusCode).toBe(200)
      const book = XLSX.read(answer.rawPayload)
      const rows = XLSX.utils.sheet_to_json<string[]>(
        book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
        {
          header: 1,
        },
      )
      expect(rows[0]).toEqual([
        'Medicamento',
        'Presentación',
        'Dosis',
        'Cantidad',
        'Frecuencia',
        'Duración',
        'Vía',
      ])
      expect(rows.filter((row) => row[0] === medicine.name).map((row) => row[2])).toEqual([
        '500 mg',
        '750 mg',
      ])
      const refused = await t.app.inject({ method: 'GET', url: `${BASE}/catalog/excel`, headers: reader })
      expect(refused.statusCode).toBe(403)
    })

    it('imports medicines and presentations, reports bad rows, and changes nothing the second time', async () => {
      const book = sheet([
        ['Medicamento', 'Presentación', 'Dosis', 'Cantidad', 'Frecuencia', 'Duración', 'Vía'],
        ['Naproxeno', 'Tableta', '250 mg', '1 tableta', 'cada 12 horas', '5 días', 'oral'],
        ['naproxeno', 'Tableta', '500 mg', null, null, null, 'oral'],
        [null, 'Tableta', '1 g'],
        ['Omeprazol', 'Cápsula'],
        ['Loratadina'],
      ])
      const first = await send(admin, { method: 'POST', url: `${BASE}/catalog/excel`, ...upload(book) })
      expect(first.status).toBe(200)
      expect(first.body.data).toMatchObject({
        medicines_added: 2,
        presentations_added: 2,
        unchanged: 0,
        rejected: 2,
      })
      expect(first.body.data.rejections.map((r: { line: number }) => r.line)).toEqual([4, 5])
      const again = await send(admin, { method: 'POST', url: `${BASE}/catalog/excel`, ...upload(book) })
      expect(again.body.data).toMatchObject({
        medicines_added: 0,
        presentations_added: 0,
        unchanged: 3,
        rejected: 2,
      })
      const whole = (await send(reader, { method: 'GET', url: `${BASE}/catalog/list` })).body.data
      const naproxeno = whole.find((m: { name: string }) => m.name === 'Naproxeno')
      expect(naproxeno.presentations.map((p: { dose: string }) => p.dose)).toEqual(['250 mg', '500 mg'])
      const refused = await send(reader, { method: 'POST', url: `${BASE}/catalog/excel`, ...upload(book) })
      expect(refused.status).toBe(403)
    })
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
