import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nameKey } from '../../../src/contract/schemas/catalogue-definitions'
import { PICKER_PAGE } from '../../../src/contract/schemas/patient-picker'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import {
  auditLog,
  catalogueEntries,
  patientAssignments,
  recordSections,
  roles,
  specialLabels,
  specialSublabels,
} from '../../db/schema'

/**
 * The patient calls of SPEC §7 decision 0036 interprets: `{id}/user-information`,
 * `list/{patientName}/{patientId}` and `/practitioners/{id}`, through the real routes.
 */
describe('user-information, the patient picker and practitioners', () => {
  let t: TestApp
  let acmeId: string
  let admin: Record<string, string>
  let doctor: Record<string, string>
  let doctorId: string
  let covidNurse: Record<string, string>
  let nobody: Record<string, string>
  let globex: Record<string, string>
  let patientHeaders: Record<string, string>
  let patientUserId: string
  let maria: Awaited<ReturnType<typeof insertPatient>>
  let other: Awaited<ReturnType<typeof insertPatient>>
  let gone: Awaited<ReturnType<typeof insertPatient>>
  let theirs: Awaited<ReturnType<typeof insertPatient>>
  let sublabelId: string
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (host: string, tenantId: string, options: Parameters<typeof buildUser>[2]) => {
      const user = await buildUser(t.database.db, tenantId, options)
      return { id: user.id, roleId: user.roleId, headers: (await signIn(t.app, host, user.email)).headers }
    }
    sublabelId = uuidv7()
    maria = await insertPatient(t.database.db, acmeId, {
      specialSublabelIds: [sublabelId],
      name: 'María José',
      lastName: 'Núñez',
      secondLastName: 'Peña',
      payrollNumber: 'N-77',
      birthDate: '1990-05-17',
      biologicalSex: 'female',
      bloodType: 'O+',
    })
    other = await insertPatient(t.database.db, acmeId, { name: 'Mario', lastName: 'Abarca' })
    gone = await insertPatient(t.database.db, acmeId, {
      name: 'María',
      lastName: 'Borrada',
      deletedAt: '2026-01-01T00:00:00Z',
    })
    theirs = await insertPatient(t.database.db, globexId, { name: 'María', lastName: 'Ajena' })
    const titleId = uuidv7()
    const labelId = uuidv7()
    await withTenant(t.database.db, acmeId, async (tx) => {
      await tx.insert(catalogueEntries).values({
        tenantId: acmeId,
        id: titleId,
        catalogue: 'practitioner-titles',
        name: 'Dra.',
        nameKey: nameKey('Dra.'),
      })
      await tx
        .insert(specialLabels)
        .values({ tenantId: acmeId, id: labelId, name: 'Crónicos', color: 'orange', icon: 'heart' })
      await tx
        .insert(specialSublabels)
        .values({ tenantId: acmeId, id: sublabelId, specialLabelId: labelId, name: 'Diabetes', position: 0 })
      const section = (name: string, description: string, deletedAt: string | null = null) => ({
        tenantId: acmeId,
        id: uuidv7(),
        patientId: maria.id as string,
        section: name,
        description,
        deletedAt,
      })
      await tx
        .insert(recordSections)
        .values([
          section('allergies-tolerances', 'Penicilina'),
          section('allergies-tolerances', 'Látex', '2026-01-01T00:00:00Z'),
          section('alerts-and-special-needs', 'Usa silla de ruedas'),
        ])
    })
    admin = (
      await sign('acme.localhost', acmeId, {
        permissions: ['patients-index', 'covid-create', 'assignments.all'],
      })
    ).headers
    const professional = await sign('acme.localhost', acmeId, {
      permissions: ['patients-index', 'medical-consultation-create'],
      name: 'Ana',
      lastName: 'Ruiz',
      titleId,
      professionalLicense: '1234567',
    })
    doctor = professional.headers
    doctorId = professional.id
    await withTenant(t.database.db, acmeId, async (tx) => {
      await tx.update(roles).set({ roleType: 'health_professional' }).where(eq(roles.id, professional.roleId))
      await tx.insert(patientAssignments).values({
        tenantId: acmeId,
        id: uuidv7(),
        patientId: maria.id as string,
        userId: doctorId,
      })
    })
    covidNurse = (await sign('acme.localhost', acmeId, { permissions: ['covid-create', 'assignments.all'] }))
      .headers
    nobody = (await sign('acme.localhost', acmeId, {})).headers
    globex = (
      await sign('globex.localhost', globexId, {
        permissions: ['patients-index', 'covid-create', 'assignments.all'],
      })
    ).headers
    const own = await sign('acme.localhost', acmeId, { patientId: maria.id as string })
    patientHeaders = own.headers
    patientUserId = own.id
  })
  afterAll(() => t.close())

  const get = async (headers: Record<string, string>, url: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers })
    return { status: answer.statusCode, body: answer.json() }
  }
  const auditOf = (action: string) =>
    withTenant(t.database.db, acmeId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, acmeId), eq(auditLog.action, action))),
    )
  const information = (id: string, query: string) => `/api/operation/patients/${id}/user-information?${query}`

  describe('user-information', () => {
    it('answers the head of the module’s screen, audited with the module that asked', async () => {
      const found = await get(doctor, information(maria.id as string, 'module=medical-consultation'))
      expect(found.status).toBe(200)
      expect(found.body.data).toMatchObject({
        patient_id: maria.id,
        user_id: patientUserId,
        module: 'medical-consultation',
        full_name: 'María José Núñez Peña',
        curp: maria.curp,
        payroll_number: 'N-77',
        birth_date: '1990-05-17',
        biological_sex: 'female',
        blood_type: 'O+',
        // The deleted allergy is not shown.
        allergies: ['Penicilina'],
        alerts: ['Usa silla de ruedas'],
        special_labels: [
          expect.objectContaining({
            sublabel_id: sublabelId,
            name: 'Diabetes',
            special_label_name: 'Crónicos',
          }),
        ],
        assigned_professionals: [{ id: doctorId, name: 'Ana Ruiz' }],
      })
      expect(found.body.data.age).toBeGreaterThanOrEqual(35)
      const entries = await auditOf('patient.information')
      expect(entries).toContainEqual(
        expect.objectContaining({ entityId: maria.id, details: { module: 'medical-consultation' } }),
      )
    })

    it('finds the patient by their account’s id with is_patient_id=0', async () => {
      const found = await get(admin, information(patientUserId, 'module=covid&is_patient_id=0'))
      expect(found.status).toBe(200)
      expect(found.body.data.patient_id).toBe(maria.id)
      // The same id read as a patient's id names nobody.
      expect((await get(admin, information(patientUserId, 'module=covid&is_patient_id=1'))).status).toBe(404)
    })

    it('lets a patient read their own head in a patient-mode module, and only their own', async () => {
      const own = await get(
        patientHeaders,
        information(patientUserId, 'module=patient/glucose&is_patient_id=false'),
      )
      expect(own.status).toBe(200)
      expect(own.body.data.patient_id).toBe(maria.id)
      expect(
        (await get(patientHeaders, information(other.id as string, 'module=patient/glucose'))).status,
      ).toBe(404)
      // A staff module needs the staff permission.
      expect((await get(patientHeaders, information(maria.id as string, 'module=patients'))).status).toBe(403)
      // Staff holding no patient-mode link read no patient-mode head, not even with all-assignments.
      expect((await get(covidNurse, information(maria.id as string, 'module=patient/covid'))).status).toBe(
        403,
      )
    })

    it('asks for the named module’s permission (403), the patient in care (404)', async () => {
      expect((await get(covidNurse, information(maria.id as string, 'module=covid'))).status).toBe(200)
      expect((await get(covidNurse, information(maria.id as string, 'module=patients'))).status).toBe(403)
      expect((await get(doctor, information(other.id as string, 'module=medical-consultation'))).status).toBe(
        404,
      )
      expect((await get(admin, information(gone.id as string, 'module=patients'))).status).toBe(404)
    })

    it('hides another tenant’s patient (404); refuses no session (401), no permission (403)', async () => {
      expect((await get(admin, information(theirs.id as string, 'module=patients'))).status).toBe(404)
      expect((await get(globex, information(maria.id as string, 'module=patients'))).status).toBe(404)
      expect((await get(anonymous, information(maria.id as string, 'module=patients'))).status).toBe(401)
      expect((await get(nobody, information(maria.id as string, 'module=patients'))).status).toBe(403)
    })

    it('refuses an unknown module, a bad flag or id (422) and records nothing', async () => {
      const before = (await auditOf('patient.information')).length
      const unknown = await get(admin, information(maria.id as string, 'module=sideways'))
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors)).toEqual(['module'])
      expect(
        (await get(admin, information(maria.id as string, 'module=patients&is_patient_id=yes'))).status,
      ).toBe(422)
      expect((await get(admin, information(maria.id as string, ''))).status).toBe(422)
      expect((await get(admin, information('not-an-id', 'module=patients'))).status).toBe(422)
      expect(await auditOf('patient.information')).toHaveLength(before)
    })
  })

  describe('list/{patientName}/{patientId}', () => {
    const picker = (name: string, chosen = '0') =>
      `/api/operation/patients/list/${encodeURIComponent(name)}/${chosen}`

    it('finds live patients by the words of their name, accents and case aside, audited', async () => {
      const found = await get(admin, picker('maria nunez'))
      expect(found.status).toBe(200)
      expect(found.body.data).toEqual({
        data: [
          {
            id: maria.id,
            full_name: 'María José Núñez Peña',
            payroll_number: 'N-77',
            birth_date: '1990-05-17',
            chosen: false,
          },
        ],
        more: false,
      })
      // "mari" matches María and Mario; the deleted María and another tenant's are not offered.
      const ids = (await get(admin, picker('MARI'))).body.data.data.map((row: { id: string }) => row.id)
      expect(ids).toEqual([other.id, maria.id])
      expect((await get(admin, picker('n-77'))).body.data.data.map((row: { id: string }) => row.id)).toEqual([
        maria.id,
      ])
      const entries = await auditOf('patient.list')
      expect(entries).toContainEqual(
        expect.objectContaining({ details: { patients: [maria.id], search: 'maria nunez' } }),
      )
    })

    it('answers the chosen patient first, matching or not, and never twice', async () => {
      const found = await get(admin, picker('mari', other.id as string))
      expect(
        found.body.data.data.map((row: { id: string; chosen: boolean }) => [row.id, row.chosen]),
      ).toEqual([
        [other.id, true],
        [maria.id, false],
      ])
      const unmatched = await get(admin, picker('zzz', maria.id as string))
      expect(unmatched.body.data.data.map((row: { id: string }) => row.id)).toEqual([maria.id])
      // A chosen patient the caller may not see (deleted, another tenant's) is not answered.
      expect((await get(admin, picker('zzz', gone.id as string))).body.data.data).toEqual([])
      expect((await get(admin, picker('zzz', theirs.id as string))).body.data.data).toEqual([])
    })

    it('keeps a professional to their patients and a page to its bound', async () => {
      const mine = await get(doctor, picker('mari', other.id as string))
      expect(mine.body.data.data.map((row: { id: string }) => row.id)).toEqual([maria.id])
      const many = Array.from({ length: PICKER_PAGE + 2 }, (_, index) =>
        insertPatient(t.database.db, acmeId, { name: 'Zacarías', lastName: `Serie ${index}` }),
      )
      await Promise.all(many)
      const page = await get(admin, picker('zacarias'))
      expect(page.body.data.data).toHaveLength(PICKER_PAGE)
      expect(page.body.data.more).toBe(true)
    })

    it('hides another tenant’s patients; refuses no session (401), no permission (403), bad input (422)', async () => {
      expect(
        (await get(globex, picker('maria'))).body.data.data.map((row: { id: string }) => row.id),
      ).toEqual([theirs.id])
      expect((await get(anonymous, picker('maria'))).status).toBe(401)
      expect((await get(covidNurse, picker('maria'))).status).toBe(403)
      const bad = await get(admin, picker('maria', 'nope'))
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors)).toEqual(['patientId'])
      expect((await get(admin, picker('x'.repeat(81)))).status).toBe(422)
      expect((await get(admin, picker('   '))).status).toBe(422)
    })
  })

  describe('practitioners/{id}', () => {
    it('answers a professional as documents print them, to any signed-in user, the patient too', async () => {
      for (const caller of [admin, nobody, patientHeaders]) {
        const found = await get(caller, `/api/operation/practitioners/${doctorId}`)
        expect(found.status).toBe(200)
        expect(found.body.data).toEqual({
          id: doctorId,
          name: 'Ana Ruiz',
          title: 'Dra.',
          professional_license: '1234567',
        })
      }
    })

    it('answers 404 for an account that is not a professional, or another tenant’s', async () => {
      expect((await get(admin, `/api/operation/practitioners/${patientUserId}`)).status).toBe(404)
      expect((await get(globex, `/api/operation/practitioners/${doctorId}`)).status).toBe(404)
      expect((await get(admin, `/api/operation/practitioners/${uuidv7()}`)).status).toBe(404)
    })

    it('refuses no session (401) and a malformed id (422)', async () => {
      expect((await get(anonymous, `/api/operation/practitioners/${doctorId}`)).status).toBe(401)
      expect((await get(admin, '/api/operation/practitioners/nope')).status).toBe(422)
    })
  })
})
