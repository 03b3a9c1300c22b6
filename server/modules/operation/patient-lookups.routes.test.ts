import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { insertSubgroup } from '../../../tests/fixtures/subgroups'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog } from '../../db/schema'
import { seedReferenceLists } from '../../seed/reference-lists'

/** The patient look-ups of SPEC §7: validate-curp, show/{nomina}, get-filters, the table and its download. */
describe('patient look-ups', () => {
  let t: TestApp
  let acmeId: string
  let staff: Record<string, string>
  let doctor: Record<string, string>
  let registrar: Record<string, string>
  let nobody: Record<string, string>
  let globex: Record<string, string>
  let active: Awaited<ReturnType<typeof insertPatient>>
  let candidate: Awaited<ReturnType<typeof insertPatient>>
  let theirs: Awaited<ReturnType<typeof insertPatient>>
  /** The ids of acme's subgroup items, by name. */
  let subgroupItems: Record<'Planta 2' | 'Almacén', string>

  beforeAll(async () => {
    t = await buildTestApp()
    await seedReferenceLists(t.database.db)
    acmeId = (await buildTenant(t.database.db, { slug: 'acme', availableAdministrativeStatuses: [] })).id
    subgroupItems = await insertSubgroup(t.database.db, acmeId, 'Ubicación', ['Planta 2', 'Almacén'])
    const globexId = (
      await buildTenant(t.database.db, {
        slug: 'globex',
        availableAdministrativeStatuses: ['active', 'inactive'],
      })
    ).id
    const nurse = await buildUser(t.database.db, acmeId, {
      permissions: ['patients-index', 'patients-create', 'patients-edit', 'assignments.all'],
    })
    // A professional bounded by assignments (none yet), and a registrar who cannot list patients.
    const professional = await buildUser(t.database.db, acmeId, {
      permissions: ['patients-index', 'patients-create', 'patients-edit'],
    })
    const registration = await buildUser(t.database.db, acmeId, { permissions: ['patients-create'] })
    const plain = await buildUser(t.database.db, acmeId)
    const other = await buildUser(t.database.db, globexId, {
      permissions: ['patients-index', 'patients-create', 'patients-edit', 'assignments.all'],
    })
    staff = (await signIn(t.app, 'acme.localhost', nurse.email)).headers
    doctor = (await signIn(t.app, 'acme.localhost', professional.email)).headers
    registrar = (await signIn(t.app, 'acme.localhost', registration.email)).headers
    nobody = (await signIn(t.app, 'acme.localhost', plain.email)).headers
    globex = (await signIn(t.app, 'globex.localhost', other.email)).headers
    active = await insertPatient(t.database.db, acmeId, {
      name: 'Verónica',
      lastName: 'Zamudio',
      administrativeStatus: 'active',
      payrollNumber: 'N-1001',
      subgroups: [subgroupItems['Planta 2']],
    })
    candidate = await insertPatient(t.database.db, acmeId, {
      name: 'Óscar',
      lastName: 'Ibarra',
      administrativeStatus: 'candidate',
      payrollNumber: 'N-1002',
      subgroups: [subgroupItems.Almacén, subgroupItems['Planta 2']],
    })
    theirs = await insertPatient(t.database.db, globexId, { payrollNumber: 'G-1' })
  })
  afterAll(() => t.close())

  const get = async (headers: Record<string, string>, url: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers })
    return { status: answer.statusCode, body: answer.json(), raw: answer }
  }
  const auditOf = (action: string) =>
    withTenant(t.database.db, acmeId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, acmeId), eq(auditLog.action, action))),
    )

  describe('validate-curp', () => {
    it('answers a free CURP as available', async () => {
      const free = await get(staff, `/api/operation/patients/validate-curp/${theirs.curp}`)
      expect(free.status).toBe(200)
      // Another tenant's patient does not take the CURP here.
      expect(free.body.data).toEqual({ available: true, patient_id: null, active: false, message: null })
    })

    it('names the active patient who holds it, with the redirect message, and audits the look-up', async () => {
      const held = await get(staff, `/api/operation/patients/validate-curp/${active.curp?.toLowerCase()}`)
      expect(held.body.data).toEqual({
        available: false,
        patient_id: active.id,
        active: true,
        message: 'El usuario ya se encuentra activo, te redireccionaremos a la edición del paciente.',
      })
      const inactive = await get(staff, `/api/operation/patients/validate-curp/${candidate.curp}`)
      expect(inactive.body.data).toMatchObject({ available: false, active: false, patient_id: candidate.id })
      expect((await auditOf('patient.lookup')).map((entry) => entry.entityId)).toEqual(
        expect.arrayContaining([active.id, candidate.id]),
      )
    })

    it('tells a caller who may not see the holder only that the CURP is taken: no id, no status', async () => {
      for (const caller of [doctor, registrar]) {
        const held = await get(caller, `/api/operation/patients/validate-curp/${active.curp}`)
        expect(held.status).toBe(200)
        expect(held.body.data).toEqual({
          available: false,
          patient_id: null,
          active: null,
          message: 'Ya existe un paciente con esta CURP.',
        })
      }
      const editing = await get(
        doctor,
        `/api/operation/patients/validate-curp/${candidate.curp}/${active.id}`,
      )
      expect(editing.body.data).toMatchObject({ available: false, patient_id: null, active: null })
    })

    it('leaves the edited patient’s own CURP available', async () => {
      const own = await get(staff, `/api/operation/patients/validate-curp/${active.curp}/${active.id}`)
      expect(own.body.data).toMatchObject({ available: true })
      const other = await get(staff, `/api/operation/patients/validate-curp/${active.curp}/${candidate.id}`)
      expect(other.body.data).toMatchObject({ available: false, patient_id: active.id })
    })

    it('refuses an invalid CURP (422), no session (401), no permission (403)', async () => {
      const invalid = await get(staff, '/api/operation/patients/validate-curp/LOOA531113HTCPBN08')
      expect(invalid.status).toBe(422)
      expect(invalid.body.errors).toEqual({ curp: ['La CURP no es válida'] })
      expect(
        (await get({ host: 'acme.localhost' }, `/api/operation/patients/validate-curp/${active.curp}`))
          .status,
      ).toBe(401)
      expect((await get(nobody, `/api/operation/patients/validate-curp/${active.curp}`)).status).toBe(403)
    })
  })

  describe('show/{nomina}', () => {
    it('answers the patient with the payroll number, audited as a read', async () => {
      const found = await get(staff, '/api/operation/patients/show/N-1001')
      expect(found.status).toBe(200)
      expect(found.body.data).toMatchObject({ id: active.id, payroll_number: 'N-1001', name: 'Verónica' })
      expect((await auditOf('patient.read')).some((entry) => entry.entityId === active.id)).toBe(true)
    })

    it('says none was found (404), also for another tenant’s payroll number', async () => {
      const none = await get(staff, '/api/operation/patients/show/N-9999')
      expect(none.status).toBe(404)
      expect(none.body.message).toBe('No se encontró información con el número de nómina proporcionado')
      expect((await get(staff, '/api/operation/patients/show/G-1')).status).toBe(404)
      expect((await get(globex, '/api/operation/patients/show/N-1001')).status).toBe(404)
    })

    it('refuses an over-long number (422), no session (401), no permission (403)', async () => {
      expect((await get(staff, `/api/operation/patients/show/${'9'.repeat(51)}`)).status).toBe(422)
      expect((await get({ host: 'acme.localhost' }, '/api/operation/patients/show/N-1001')).status).toBe(401)
      expect((await get(nobody, '/api/operation/patients/show/N-1001')).status).toBe(403)
    })
  })

  describe('get-filters/patients', () => {
    it('offers the tenant’s statuses by name and the subgroups its patients carry', async () => {
      const filters = await get(staff, '/api/operation/get-filters/patients')
      expect(filters.status).toBe(200)
      expect(filters.body.data.administrative_statuses.map((s: { code: string }) => s.code)).toEqual([
        'active',
        'inactive',
        'candidate',
        'suspended',
        'leave',
      ])
      expect(filters.body.data.administrative_statuses[0]).toEqual({ code: 'active', name: 'Activo' })
      // The seeded list names every status the contract allows.
      for (const status of filters.body.data.administrative_statuses)
        expect(status.name).not.toBe(status.code)
      expect(filters.body.data.subgroups).toEqual(
        expect.arrayContaining([subgroupItems.Almacén, subgroupItems['Planta 2']]),
      )
      // Another tenant sees its own narrowed statuses and none of these subgroups.
      const other = await get(globex, '/api/operation/get-filters/patients')
      expect(other.body.data.administrative_statuses.map((s: { code: string }) => s.code)).toEqual([
        'active',
        'inactive',
      ])
      expect(other.body.data.subgroups).not.toContain(subgroupItems.Almacén)
    })

    it('needs a session (401) and the index permission (403)', async () => {
      expect((await get({ host: 'acme.localhost' }, '/api/operation/get-filters/patients')).status).toBe(401)
      expect((await get(nobody, '/api/operation/get-filters/patients')).status).toBe(403)
    })
  })

  describe('the server-mode table', () => {
    const page = async (headers: Record<string, string>, query: Record<string, string>) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/operation/patients/list?${new URLSearchParams(query)}`,
        headers,
      })
      return { status: answer.statusCode, body: answer.json() }
    }

    it('searches by name, CURP and payroll number', async () => {
      const byName = await page(staff, { search: 'zamudio' })
      expect(byName.body.data.data.map((p: { id: string }) => p.id)).toEqual([active.id])
      const byCurp = await page(staff, { search: String(candidate.curp).slice(0, 10) })
      expect(byCurp.body.data.data.map((p: { id: string }) => p.id)).toContain(candidate.id)
      const byPayroll = await page(staff, { search: 'N-1002' })
      expect(byPayroll.body.data).toMatchObject({ total: 1, from: 1, to: 1 })
    })

    it('filters by administrative status and by subgroup, and audits which patients it showed', async () => {
      const candidates = await page(staff, {
        filters: JSON.stringify({ administrative_status: 'candidate' }),
      })
      expect(candidates.body.data.data.map((p: { id: string }) => p.id)).toEqual([candidate.id])
      const warehouse = await page(staff, { filters: JSON.stringify({ subgroup: subgroupItems.Almacén }) })
      expect(warehouse.body.data.data.map((p: { id: string }) => p.id)).toEqual([candidate.id])
      const lists = await auditOf('patient.list')
      expect(lists.at(-1)?.details).toEqual({ patients: [candidate.id] })
    })

    it('shows only the tenant’s patients, refuses bad input (422), and needs a session and the permission', async () => {
      const theirsPage = await page(globex, {})
      expect(theirsPage.body.data.data.map((p: { id: string }) => p.id)).toEqual([theirs.id])
      expect((await page(staff, { pageLength: '7' })).status).toBe(422)
      expect((await page({ host: 'acme.localhost' }, {})).status).toBe(401)
      expect((await page(nobody, {})).status).toBe(403)
    })
  })

  describe('download', () => {
    it('sends the filtered patients as pacientes_DD_MM_YYYY.xlsx and audits it', async () => {
      const filters = encodeURIComponent(JSON.stringify({ subgroup: subgroupItems['Planta 2'] }))
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/operation/patients/download?filters=${filters}&sortBy=payroll_number`,
        headers: staff,
      })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="pacientes_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )
      const book = XLSX.read(file.rawPayload, { type: 'buffer' })
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet)
      expect(rows.map((row) => row['Número de nómina'])).toEqual(['N-1001', 'N-1002'])
      expect(rows[1]).toMatchObject({ 'Estatus administrativo': 'Candidato', Subgrupos: 'Almacén, Planta 2' })
      const downloads = await auditOf('patient.download')
      expect(downloads.at(-1)?.details).toEqual({ patients: [active.id, candidate.id] })
    })

    it('refuses bad filters (422), no session (401), no permission (403)', async () => {
      expect((await get(staff, '/api/operation/patients/download?filters=%5B1%5D')).status).toBe(422)
      expect((await get({ host: 'acme.localhost' }, '/api/operation/patients/download')).status).toBe(401)
      expect((await get(nobody, '/api/operation/patients/download')).status).toBe(403)
    })
  })
})
