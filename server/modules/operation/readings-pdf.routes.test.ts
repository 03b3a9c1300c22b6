import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { pdfText } from '../../../src/documents/pdf-text'
import { buildReadingsPdf, DOCUMENT_TIME_ZONE, type KindLog } from '../../../src/documents/self-tracking-pdf'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, bloodPressureRanges } from '../../db/schema'
import { diskFileStore } from '../../platform/files'
import { BLOOD_PRESSURE_RANGES } from '../../seed/blood-pressure-ranges'

/** A 4×1 PNG: the tenant's logo in the server's file store. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAABCAIAAAB2XpiaAAAAEUlEQVR4nGNgiNvx//9/CAkALd8IJ966XVoAAAAASUVORK5CYII=',
  'base64',
)
const HOST = 'acme.localhost'

describe('the self-tracking logs as PDFs (GET …/pdf)', () => {
  let t: TestApp
  let tenantId: string
  let patient: { id: string; name: string; lastName: string; secondLastName?: string | null; curp: string }
  let otherPatientId: string
  let globexPatientId: string
  const as: Record<
    'patient' | 'nurse' | 'stranger' | 'unassigned' | 'globex',
    Record<string, string>
  > = {} as never // filled in beforeAll, before any test reads it

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    await db.insert(bloodPressureRanges).values(BLOOD_PRESSURE_RANGES).onConflictDoNothing()
    const logo = await diskFileStore(t.config.dataDir).put(LOGO_PNG)
    tenantId = (
      await buildTenant(db, {
        slug: 'acme',
        tradeName: 'Industrias Acme del Bajío',
        logoUrl: `/files/${logo.hash}`,
      })
    ).id
    const globexId = (await buildTenant(db, { slug: 'globex' })).id
    patient = (await insertPatient(db, tenantId, {
      name: 'María Guadalupe',
      lastName: 'Hernández',
      secondLastName: 'Núñez',
    })) as typeof patient
    otherPatientId = (await insertPatient(db, tenantId)).id as string
    globexPatientId = (await insertPatient(db, globexId)).id as string
    const signedIn = async (host: string, permissions: string[], extra: Record<string, unknown> = {}) => {
      const user = await buildUser(db, host === HOST ? tenantId : globexId, { permissions, ...extra })
      return (await signIn(t.app, host, user.email)).headers
    }
    as.patient = await signedIn(HOST, ['patient-blood-pressure', 'patient-glucose'], {
      patientId: patient.id,
    })
    as.nurse = await signedIn(HOST, ['patients-index', 'patients-edit', 'assignments.all'])
    as.unassigned = await signedIn(HOST, ['patients-index', 'patients-edit'])
    as.stranger = await signedIn(HOST, [])
    as.globex = await signedIn('globex.localhost', ['patients-index', 'patients-edit', 'assignments.all'])

    const record = async (path: string, body: Record<string, unknown>) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/operation/patients/${path}`,
        headers: { ...as.nurse, 'idempotency-key': uuidv7() },
        payload: { id: uuidv7(), patient_id: patient.id, ...body },
      })
      expect(answer.statusCode).toBe(200)
      return answer.json().data as { id: string }
    }
    await record('blood-pressure', {
      taken_at: '2026-11-20T14:30:00.000Z',
      systolic: 134,
      diastolic: 82,
      heart_rate: 76,
      note: 'Después de correr',
    })
    await record('blood-pressure', { taken_at: '2026-11-10T13:00:00.000Z', systolic: 115, diastolic: 75 })
    // 23:30 of 30 Oct in central Mexico: outside a log from 1 Nov, although it is 31 Oct in UTC.
    await record('blood-pressure', { taken_at: '2026-10-31T05:30:00.000Z', systolic: 190, diastolic: 125 })
    const deleted = await record('blood-pressure', {
      taken_at: '2026-11-12T13:00:00.000Z',
      systolic: 171,
      diastolic: 99,
    })
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/operation/patients/blood-pressure/${deleted.id}`,
      headers: { ...as.nurse, 'idempotency-key': uuidv7() },
    })
    expect(removal.statusCode).toBe(200)
    await record('glucose', { taken_at: '2026-11-05T13:00:00.000Z', glucose: 98, moment: 'fasting' })
  })
  afterAll(() => t.close())
  afterEach(() => vi.useRealTimers())

  const pdf = (kind: string, query: Record<string, string>, headers: Record<string, string> = as.patient) =>
    t.app.inject({
      method: 'GET',
      url: `/api/operation/patients/${kind}/pdf`,
      query: { patient_id: patient.id, ...query },
      headers,
    })
  const november = { from: '2026-11-01', to: '2026-11-30' }

  it('answers the patient’s log of the period as a PDF download', async () => {
    const answer = await pdf('blood-pressure', november)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="presion_arterial_\d{2}_\d{2}_\d{4}\.pdf"$/,
    )
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(answer.rawPayload)
    expect(text).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Registro de presión arterial',
        'Paciente: María Guadalupe Hernández Núñez',
        `CURP: ${patient.curp}`,
        'Periodo: del 01/11/2026 al 30/11/2026',
        '134/82',
        'Hipertensión etapa 1',
        'Después de correr',
        '115/75',
        'Normal',
      ]),
    )
    expect(text).not.toContain('190/125')
    expect(text).not.toContain('171/99')
    expect(answer.rawPayload.toString('latin1')).toContain('/Subtype /Image')

    const audit = await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'blood-pressure.pdf'), eq(auditLog.entityId, patient.id))),
    )
    expect(audit).toMatchObject([{ entity: 'patient', details: november }])
  })

  it('is the document the device builds from the same readings at the same moment', async () => {
    const english = { 'accept-language': 'en' }
    const rows = (
      await t.app.inject({
        method: 'GET',
        url: '/api/operation/patients/blood-pressure',
        query: { patient_id: patient.id },
        headers: as.patient,
      })
    ).json().data
    const ranges = (
      await t.app.inject({
        method: 'GET',
        url: '/api/catalogs/catalog/blood-pressure-ranges',
        headers: { ...as.patient, ...english },
      })
    ).json().data
    // The server stamps the document with its clock: hold the clock so the device can use the same moment.
    const generatedAt = new Date()
    vi.useFakeTimers({ toFake: ['Date'], now: generatedAt })
    const answer = await pdf('blood-pressure', november, { ...as.patient, ...english })
    expect(answer.statusCode).toBe(200)

    const device = buildReadingsPdf({
      ...({ kind: 'blood-pressure', rows } as KindLog),
      ...november,
      tenant: {
        name: 'Industrias Acme del Bajío',
        logo: `data:image/png;base64,${LOGO_PNG.toString('base64')}`,
      },
      patient: { name: 'María Guadalupe Hernández Núñez', curp: patient.curp },
      language: 'en',
      bloodPressureRanges: ranges,
      generatedAt,
      timeZone: DOCUMENT_TIME_ZONE,
    })
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${device.fileName}"`)
    expect(Buffer.from(device.bytes).equals(answer.rawPayload)).toBe(true)
    expect(pdfText(answer.rawPayload)).toEqual(
      expect.arrayContaining(['Blood pressure log', 'Hypertension stage 1']),
    )
  })

  it('reads the days and times in the time zone asked for, as a device does in its own', async () => {
    // 05:30 UTC of 31 Oct is 23:30 of 30 Oct in central Mexico: the day depends on the zone.
    const day = { from: '2026-10-31', to: '2026-10-31' }
    expect(pdfText((await pdf('blood-pressure', day)).rawPayload)).not.toContain('190/125')
    const rows = (
      await t.app.inject({
        method: 'GET',
        url: '/api/operation/patients/blood-pressure',
        query: { patient_id: patient.id },
        headers: as.patient,
      })
    ).json().data
    const ranges = (
      await t.app.inject({
        method: 'GET',
        url: '/api/catalogs/catalog/blood-pressure-ranges',
        headers: as.patient,
      })
    ).json().data
    const generatedAt = new Date()
    vi.useFakeTimers({ toFake: ['Date'], now: generatedAt })
    const answer = await pdf('blood-pressure', { ...day, time_zone: 'UTC' })
    expect(answer.statusCode).toBe(200)
    expect(pdfText(answer.rawPayload)).toContain('190/125')
    const device = buildReadingsPdf({
      ...({ kind: 'blood-pressure', rows } as KindLog),
      ...day,
      tenant: {
        name: 'Industrias Acme del Bajío',
        logo: `data:image/png;base64,${LOGO_PNG.toString('base64')}`,
      },
      patient: { name: 'María Guadalupe Hernández Núñez', curp: patient.curp },
      language: 'es',
      bloodPressureRanges: ranges,
      generatedAt,
      timeZone: 'UTC',
    })
    expect(Buffer.from(device.bytes).equals(answer.rawPayload)).toBe(true)
  })

  it('says there are no entries in a period without readings', async () => {
    const answer = await pdf('glucose', { from: '2026-12-01', to: '2026-12-31' })
    expect(answer.statusCode).toBe(200)
    expect(pdfText(answer.rawPayload)).toEqual(expect.arrayContaining(['No hay registros en este periodo.']))
  })

  it('gives staff in their scope the log of any kind', async () => {
    const answer = await pdf('glucose', november, as.nurse)
    expect(answer.statusCode).toBe(200)
    expect(pdfText(answer.rawPayload)).toEqual(
      expect.arrayContaining(['Registro de glucosa', '98', 'En ayunas']),
    )
  })

  it('asks for a session (401)', async () => {
    expect((await pdf('blood-pressure', november, { host: HOST })).statusCode).toBe(401)
  })

  it('refuses a user who is neither staff nor the patient (403)', async () => {
    expect((await pdf('blood-pressure', november, as.stranger)).statusCode).toBe(403)
    expect((await pdf('glucose', november, as.stranger)).statusCode).toBe(403)
  })

  it('refuses a period that ends before it starts, a day that does not exist or an unknown time zone (422)', async () => {
    const reversed = await pdf('blood-pressure', { from: '2026-11-30', to: '2026-11-01' })
    expect(reversed.statusCode).toBe(422)
    const badDay = await pdf('blood-pressure', { from: '2026-11-01', to: '2026-13-40' })
    expect(badDay.statusCode).toBe(422)
    expect(Object.keys(badDay.json().errors)).toEqual(['to'])
    const badZone = await pdf('blood-pressure', { ...november, time_zone: 'Mars/Olympus_Mons' })
    expect(badZone.statusCode).toBe(422)
    expect(badZone.json().errors).toEqual({ time_zone: ['La zona horaria no existe.'] })
  })

  it('never gives a patient another patient’s log', async () => {
    const answer = await pdf('blood-pressure', { ...november, patient_id: otherPatientId })
    expect(answer.statusCode).toBe(403)
    expect(answer.headers['content-type']).not.toBe('application/pdf')
  })

  it('hides a patient out of a professional’s scope and another tenant’s patients (404)', async () => {
    expect((await pdf('blood-pressure', november, as.unassigned)).statusCode).toBe(404)
    expect((await pdf('blood-pressure', november, as.globex)).statusCode).toBe(404)
    expect(
      (await pdf('blood-pressure', { ...november, patient_id: globexPatientId }, as.nurse)).statusCode,
    ).toBe(404)
  })
})
