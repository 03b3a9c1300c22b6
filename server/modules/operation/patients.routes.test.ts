import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCurp } from '../../../src/contract/rules/curp'
import { buildNss } from '../../../src/contract/rules/nss'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { insertSubgroup } from '../../../tests/fixtures/subgroups'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, idempotencyKeys, patients, users } from '../../db/schema'

// Registration staff see every patient (assignments.all; docs/decisions/0009-assignments.md).
const STAFF = ['patients-index', 'patients-create', 'patients-edit', 'assignments.all']
const ACCOUNT_PASSWORD = 'Paciente#2026'

/**
 * Registering and editing a patient with every field of SPEC §3, the rules the schema cannot
 * see (tenant statuses, unique CURP and e-mail) and the access account a password creates.
 */
describe('patient registration', () => {
  let t: TestApp
  let acmeId: string
  /** The ids of the tenant's subgroup items, by name. */
  let subgroupItems: Record<'Planta 2' | 'Turno nocturno' | 'Almacén', string>
  let staff: Record<string, string>
  let reader: Record<string, string>
  let globex: Record<string, string>
  let serial = 0

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    subgroupItems = await insertSubgroup(t.database.db, acmeId, 'Ubicación', [
      'Planta 2',
      'Turno nocturno',
      'Almacén',
    ])
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const nurse = await buildUser(t.database.db, acmeId, { permissions: STAFF })
    const onlyIndex = await buildUser(t.database.db, acmeId, { permissions: ['patients-index'] })
    const other = await buildUser(t.database.db, globexId, { permissions: STAFF })
    staff = (await signIn(t.app, 'acme.localhost', nurse.email)).headers
    reader = (await signIn(t.app, 'acme.localhost', onlyIndex.email)).headers
    globex = (await signIn(t.app, 'globex.localhost', other.email)).headers
  })
  afterAll(() => t.close())

  const send = async (headers: Record<string, string>, options: InjectOptions) => {
    const answer = await t.app.inject({ ...options, headers: { ...headers, ...options.headers } })
    return { status: answer.statusCode, body: answer.json(), etag: answer.headers.etag }
  }
  /** A full registration: each call a new person with a valid CURP and NSS. */
  const aPatient = (overrides: Record<string, unknown> = {}) => {
    serial++
    // Day and homoclave vary with the serial, so no two calls make the same CURP.
    const birthDate = `1991-03-${String(1 + (serial % 28)).padStart(2, '0')}`
    return {
      id: uuidv7(),
      payroll_number: `N-${7000 + serial}`,
      administrative_status: 'active',
      name: 'Marisol',
      last_name: 'Cárdenas',
      second_last_name: 'Villa',
      birth_date: birthDate,
      curp: buildCurp({
        name: 'Marisol',
        lastName: 'Cárdenas',
        secondLastName: 'Villa',
        birthDate,
        sex: 'M',
        stateCurpCode: 'QT',
        homoclave: String(Math.floor(serial / 28) % 10),
      }),
      nss: buildNss({ subdelegation: 12, registrationYear: 15, birthYear: 91, serial }),
      nationality_code: 'MEX',
      birth_state_code: '22',
      phone: '4421234567',
      address_state_code: '22',
      address_municipality_code: '014',
      address_locality_code: '0001',
      address_other: 'Av. Constituyentes 100, Col. Centro',
      emergency_contact_name: 'Ramón Cárdenas',
      emergency_contact_relationship: 'father',
      emergency_contact_phone: '4427654321',
      hire_date: '2019-08-01',
      exam_frequency: '1-year',
      subgroups: [subgroupItems['Planta 2'], subgroupItems['Turno nocturno']],
      supervisor: 'Ing. Ramón Treviño',
      blood_type: 'O+',
      occupational_risks: ['biological', 'ergonomic'],
      ...overrides,
    }
  }
  const create = (body: Record<string, unknown>, headers = staff) =>
    send(headers, {
      method: 'POST',
      url: '/api/operation/patients/create',
      headers: { 'idempotency-key': uuidv7() },
      payload: body,
    })
  const update = (id: string, version: number, body: Record<string, unknown>, headers = staff) =>
    send(headers, {
      method: 'PUT',
      url: `/api/operation/patients/update/${id}`,
      headers: { 'idempotency-key': uuidv7(), 'if-match': `"${version}"` },
      payload: body,
    })
  const stored = (id: string) =>
    withTenant(
      t.database.db,
      acmeId,
      async (tx) => (await tx.select().from(patients).where(eq(patients.id, id)))[0],
    )

  describe('create', () => {
    it('stores every field and audits the create', async () => {
      const body = aPatient()
      const created = await create(body)
      expect(created.status).toBe(200)
      const { id: _id, ...fields } = body
      expect(created.body.data).toMatchObject({ ...fields, has_account: false, version: 1 })
      const read = await send(staff, { method: 'GET', url: `/api/operation/patients/${body.id}` })
      expect(read.body.data).toEqual(created.body.data)
      const audit = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.entityId, body.id)),
      )
      expect(audit.map((entry) => entry.action)).toEqual(['patient.create', 'patient.read'])
    })

    it('creates the login account of a password, keeps only its hash, and the patient can sign in', async () => {
      const body = aPatient({ email: 'Marisol.Cardenas@Correo.mx', password: ACCOUNT_PASSWORD })
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.body.data).toMatchObject({ email: 'marisol.cardenas@correo.mx', has_account: true })
      expect(JSON.stringify(created.body)).not.toContain(ACCOUNT_PASSWORD)
      const keys = await withTenant(t.database.db, acmeId, (tx) => tx.select().from(idempotencyKeys))
      expect(JSON.stringify(keys)).not.toContain(ACCOUNT_PASSWORD)

      const session = await signIn(t.app, 'acme.localhost', 'marisol.cardenas@correo.mx', ACCOUNT_PASSWORD)
      expect(session.body.user).toMatchObject({ patient_id: body.id })
      const row = await stored(body.id)
      const [account] = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(users).where(eq(users.patientId, body.id)),
      )
      expect(row?.userId).toBe(account?.id)
      expect(account).toMatchObject({ mustChangePassword: true, email: 'marisol.cardenas@correo.mx' })
    })

    it('refuses a password without an e-mail, and an e-mail another user holds, writing nothing', async () => {
      const noEmail = aPatient({ password: ACCOUNT_PASSWORD })
      const refused = await create(noEmail)
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual({ email: ['Este campo es obligatorio.'] })
      expect(await stored(noEmail.id)).toBeUndefined()

      const someone = await buildUser(t.database.db, acmeId, { email: 'ocupado@acme.mx' })
      const taken = aPatient({ email: someone.email })
      const clash = await create(taken)
      expect(clash.status).toBe(422)
      expect(clash.body.errors).toEqual({
        email: ['Ya existe un paciente o usuario con este correo electrónico.'],
      })
      expect(await stored(taken.id)).toBeUndefined()
    })

    it('refuses a subgroup item the tenant does not have', async () => {
      const body = aPatient({ subgroups: ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'] })
      const refused = await create(body)
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual({ subgroups: ['El subgrupo no existe en el catálogo.'] })
      expect(await stored(body.id)).toBeUndefined()
    })

    it('refuses a CURP already registered with the field message', async () => {
      const first = aPatient()
      await create(first)
      const again = await create(aPatient({ curp: first.curp }))
      expect(again.status).toBe(422)
      expect(again.body.errors).toEqual({ curp: ['Ya existe un paciente con esta CURP.'] })
    })

    it('refuses bad input with per-field messages (422) and writes nothing', async () => {
      const body = aPatient({
        curp: 'LOOA531113HTCPBN08',
        nss: '12345678901',
        phone: '442-123',
        blood_type: 'C+',
        birth_date: '1899-01-01',
        emergency_contact_relationship: 'cousin',
        administrative_status: 'retired',
        occupational_risks: ['biological', 'radioactive'],
      })
      const refused = await create(body)
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toMatchObject({
        curp: ['La CURP no es válida'],
        nss: ['El número de seguridad social no es válido.'],
        phone: ['El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.'],
        blood_type: ['Valor no permitido'],
        birth_date: ['El año debe estar entre 1920 y el año actual.'],
        emergency_contact_relationship: ['Valor no permitido'],
        administrative_status: ['Valor no permitido'],
        'occupational_risks.1': ['Valor no permitido'],
      })
      expect(await stored(body.id)).toBeUndefined()
    })

    it('answers the CURP message in English', async () => {
      const refused = await send(
        { ...staff, 'accept-language': 'en' },
        { method: 'POST', url: '/api/operation/patients/create', payload: aPatient({ curp: 'X' }) },
      )
      expect(refused.body.errors.curp).toEqual(['The SSN field is invalid'])
    })

    it('limits the administrative status to the tenant’s available ones', async () => {
      const slug = 'limited'
      const limitedId = (
        await buildTenant(t.database.db, { slug, availableAdministrativeStatuses: ['active', 'inactive'] })
      ).id
      const admin = await buildUser(t.database.db, limitedId, { permissions: STAFF })
      const headers = (await signIn(t.app, `${slug}.localhost`, admin.email)).headers
      const refused = await create(aPatient({ administrative_status: 'candidate' }), headers)
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual({ administrative_status: ['Valor no permitido'] })
      // Another tenant's patient: acme's subgroups are not this tenant's.
      expect(
        (await create(aPatient({ administrative_status: 'inactive', subgroups: [] }), headers)).status,
      ).toBe(200)
    })

    it('needs a session (401) and the create permission (403)', async () => {
      const anonymous = await send(
        { host: 'acme.localhost' },
        { method: 'POST', url: '/api/operation/patients/create', payload: aPatient() },
      )
      expect(anonymous.status).toBe(401)
      const forbidden = await create(aPatient(), reader)
      expect(forbidden.status).toBe(403)
    })
  })

  describe('update', () => {
    it('changes the COVID data and the subgroups it is sent, and moves the BMI', async () => {
      const body = aPatient()
      await create(body)
      const changed = await update(body.id, 1, {
        blood_type: 'A-',
        subgroups: [subgroupItems.Almacén],
      })
      expect(changed.status).toBe(200)
      expect(changed.body.data).toMatchObject({
        version: 2,
        blood_type: 'A-',
        subgroups: [subgroupItems.Almacén],
      })
    })

    it('replaces the occupational risks the vaccination scheme applies by', async () => {
      const body = aPatient()
      await create(body)
      const changed = await update(body.id, 1, { occupational_risks: ['chemical'] })
      expect(changed.status).toBe(200)
      expect(changed.body.data).toMatchObject({ version: 2, occupational_risks: ['chemical'] })
      expect((await stored(body.id))?.occupationalRisks).toEqual(['chemical'])
      const cleared = await update(body.id, 2, { occupational_risks: [] })
      expect(cleared.body.data).toMatchObject({ version: 3, occupational_risks: [] })
    })

    it('sets and replaces the account password, the e-mail following to the account', async () => {
      const body = aPatient({ email: `p${serial}@correo.mx` })
      await create(body)
      const opened = await update(body.id, 1, { password: ACCOUNT_PASSWORD })
      expect(opened.body.data).toMatchObject({ has_account: true, version: 2 })
      const moved = await update(body.id, 2, { email: 'nuevo.correo@correo.mx', name: 'Marisela' })
      expect(moved.status).toBe(200)
      const session = await signIn(t.app, 'acme.localhost', 'nuevo.correo@correo.mx', ACCOUNT_PASSWORD)
      expect(session.body.user).toMatchObject({ name: 'Marisela', patient_id: body.id })
      const emptied = await update(body.id, 3, { email: null })
      expect(emptied.status).toBe(422)
      expect(emptied.body.errors).toEqual({ email: ['Este campo es obligatorio.'] })
    })

    it('refuses bad input (422) and changes nothing', async () => {
      const body = aPatient()
      await create(body)
      const refused = await update(body.id, 1, { phone: '12', blood_type: 'C+' })
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors).sort()).toEqual(['blood_type', 'phone'])
      expect(await stored(body.id)).toMatchObject({ version: 1, bloodType: 'O+' })
    })

    it('needs the edit permission (403), and another tenant’s patient is unknown (404)', async () => {
      const body = aPatient()
      await create(body)
      expect((await update(body.id, 1, { phone: '4420000000' }, reader)).status).toBe(403)
      expect((await update(body.id, 1, { phone: '4420000000' }, globex)).status).toBe(404)
      const read = await send(globex, { method: 'GET', url: `/api/operation/patients/${body.id}` })
      expect(read.status).toBe(404)
      expect(await stored(body.id)).toMatchObject({ version: 1, phone: '4421234567' })
    })

    it('needs a session (401)', async () => {
      const anonymous = await send(
        { host: 'acme.localhost' },
        {
          method: 'PUT',
          url: `/api/operation/patients/update/${uuidv7()}`,
          payload: { phone: '4420000000' },
        },
      )
      expect(anonymous.status).toBe(401)
    })
  })

  it('keeps an inserted patient’s lists empty, not null', async () => {
    const row = await insertPatient(t.database.db, acmeId)
    const read = await send(staff, { method: 'GET', url: `/api/operation/patients/${row.id}` })
    expect(read.body.data).toMatchObject({ subgroups: [], special_sublabel_ids: [] })
  })
})
