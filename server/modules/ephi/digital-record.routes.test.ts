import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathFor } from '../../../src/contract/endpoints/define'
import { downloadClinicalHistory, showDigitalRecord } from '../../../src/contract/endpoints/digital-record'
import type { DigitalRecord } from '../../../src/contract/schemas/digital-record'
import { digitalRecordDocumentOf } from '../../../src/documents/digital-record-document'
import { buildDigitalRecordPdf } from '../../../src/documents/digital-record-pdf'
import { pdfPageTexts, pdfText } from '../../../src/documents/pdf-text'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aConsultation,
  aLine,
  type EncounterCatalog,
  seedEncounterCatalog,
} from '../../../tests/fixtures/encounters'
import { aShortHistory } from '../../../tests/fixtures/medical-reports'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, patientAssignments, patients } from '../../db/schema'
import { seedReferenceLists } from '../../seed/reference-lists'

type Headers = Record<string, string>

const ACME_ADDRESS = 'Blvd. Bernardo Quintana 4100, Querétaro, Querétaro, C.P. 76090'
const CLINICIAN = [
  'digital-record-index',
  'medical-consultation-create',
  'medical-consultation-edit',
  'consultation.list',
  'consultation.view',
  'consultation.prescription',
  'patients-index',
  'patients-edit',
  'clinical-history-create',
  'clinical-history-detail',
]

/**
 * SPEC §7 `digital-record` and `clinical-history download` (issue 24, decision 0031): the
 * patient's whole record as data and as one PDF, gathered as the change feed presents each row,
 * scoped to the caller's patients and kinds, audited; the PDF the shared builder makes from the
 * data the read answers, every page naming the patient and numbered.
 */
describe("a patient's digital record", () => {
  let t: TestApp
  let acmeId: string
  let catalog: EncounterCatalog
  let patientId: string
  let unassignedId: string
  let foreignPatientId: string
  let doctor: Headers
  let assigned: Headers
  let registrar: Headers
  let clerk: Headers
  let intruder: Headers

  const send = (headers: Headers, url: string, extra: Headers = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } })
  const post = async (headers: Headers, url: string, payload: object, extra: Headers = {}) => {
    const answer = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'idempotency-key': uuidv7(), ...extra },
      payload,
    })
    expect(answer.statusCode, answer.body).toBe(200)
  }
  const readOf = (id: string) => pathFor(showDigitalRecord, { id })
  const pdfOf = (id: string) => pathFor(downloadClinicalHistory, { id })
  beforeAll(async () => {
    t = await buildTestApp()
    await seedReferenceLists(t.database.db)
    acmeId = (
      await buildTenant(t.database.db, {
        slug: 'acme',
        tradeName: 'Clínica Acme',
        addressStreet: 'Blvd. Bernardo Quintana 4100',
        addressCity: 'Querétaro',
        addressState: 'Querétaro',
        addressPostalCode: '76090',
      })
    ).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedEncounterCatalog(t.database.db, acmeId)
    patientId = (
      await insertPatient(t.database.db, acmeId, {
        name: 'Rosa Elena',
        lastName: 'Quintero',
        secondLastName: 'Ávila',
        biologicalSex: 'female',
      })
    ).id as string
    unassignedId = (await insertPatient(t.database.db, acmeId)).id as string
    foreignPatientId = (await insertPatient(t.database.db, globexId)).id as string
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, {
        permissions,
        name: 'Lucía',
        professionalLicense: '12345678',
      })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [...CLINICIAN, 'assignments.all'])).headers
    const professional = await sign('acme.localhost', acmeId, CLINICIAN)
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    // Reads the record but not the consultations' notes (SPEC §6: consultation.list is its own grant).
    registrar = (
      await sign('acme.localhost', acmeId, ['digital-record-index', 'patients-index', 'assignments.all'])
    ).headers
    clerk = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, [...CLINICIAN, 'assignments.all'])).headers

    const consultationId = uuidv7()
    await post(doctor, '/api/operation/patients/encounter', {
      id: consultationId,
      ...aConsultation(catalog, patientId),
    })
    await post(
      doctor,
      `/api/operation/patients/encounter/${consultationId}`,
      { prescription: [aLine(catalog)] },
      {
        'if-match': '1',
      },
    )
    await post(doctor, '/api/operation/patients/blood-pressure', {
      id: uuidv7(),
      patient_id: patientId,
      taken_at: '2026-11-21T14:00:00.000Z',
      systolic: 132,
      diastolic: 86,
    })
    await post(doctor, '/api/operation/patients/short-medical-histories', aShortHistory(patientId))
    await post(doctor, '/api/operation/patients/allergies-tolerances', {
      id: uuidv7(),
      patient_id: patientId,
      description: 'Penicilina',
    })
  })
  afterAll(() => t.close())

  const auditOf = (action: string) =>
    withTenant(t.database.db, acmeId, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, action)))

  it('answers the patient, the sections and each kind as the feed carries them, and audits the read', async () => {
    const before = (await auditOf('digital-record.read')).length
    const answer = await send(doctor, readOf(patientId))
    expect(answer.statusCode).toBe(200)
    const record = answer.json().data as DigitalRecord
    expect(record.patient).toMatchObject({ id: patientId, name: 'Rosa Elena' })
    expect(record.sections).toMatchObject([{ section: 'allergies-tolerances', description: 'Penicilina' }])
    expect(record.records.consultation).toHaveLength(1)
    expect(record.records.consultation[0]).toMatchObject({
      patient_id: patientId,
      reason_id: catalog.reasonId,
      prescription: [{ medicine_name: 'Paracetamol' }],
      amendments: [{ version: 2 }],
    })
    // A reading carries its kind, as the device's table holds it.
    expect(record.records['self-tracking']).toMatchObject([{ kind: 'blood-pressure', systolic: 132 }])
    expect(record.records['short-history']).toMatchObject([
      { type: 'occupational', reason: 'Valoración por cambio de puesto', amendments: [] },
    ])
    expect(record.records.triage).toEqual([])
    const entries = (await auditOf('digital-record.read')).filter((entry) => entry.entityId === patientId)
    expect(entries).toHaveLength(before + 1)
    expect(entries.at(-1)?.details).toMatchObject({
      records: { consultation: 1, 'self-tracking': 1, 'short-history': 1 },
    })
  })

  it('leaves out the kinds the caller may not read, as their device never receives them', async () => {
    const answer = await send(registrar, readOf(patientId))
    expect(answer.statusCode).toBe(200)
    const record = answer.json().data as DigitalRecord
    expect(record.records.consultation).toEqual([])
    expect(record.records['short-history']).toEqual([])
    expect(record.records['self-tracking']).toHaveLength(1)
  })

  it('gives the whole record as one PDF, the same bytes the shared builder makes from the read', async () => {
    const timeZone = 'America/Mexico_City'
    const first = await send(doctor, `${pdfOf(patientId)}?time_zone=${encodeURIComponent(timeZone)}`)
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('application/pdf')
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="expediente_clinico_\d\d_\d\d_\d{4}\.pdf"$/,
    )
    const again = await send(doctor, `${pdfOf(patientId)}?time_zone=${encodeURIComponent(timeZone)}`)
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)

    const record = (await send(doctor, readOf(patientId))).json().data as DigitalRecord
    const onDevice = buildDigitalRecordPdf(
      digitalRecordDocumentOf(record, {
        language: 'es',
        timeZone,
        tenant: { name: 'Clínica Acme', logo: null, address: ACME_ADDRESS },
        names: {
          catalogue: new Map([
            [catalog.reasonId, 'Enfermedad general'],
            [catalog.respiratoryId, 'Aparato respiratorio'],
          ]),
          lists: {},
          countries: new Map(),
        },
        sex: 'Mujer',
        specialLabels: [],
        now: new Date(),
      }),
    )
    expect(pdfText(onDevice.bytes)).toEqual(pdfText(new Uint8Array(first.rawPayload)))
    expect(Buffer.from(onDevice.bytes).equals(first.rawPayload)).toBe(true)

    const text = pdfText(new Uint8Array(first.rawPayload)).join('\n')
    expect(text).toContain('Expediente clínico digital')
    expect(text).toContain('Alergias: Penicilina')
    expect(text).toContain('Enfermedad general')
    expect(text).toContain('J00 Rinofaringitis aguda')
    expect(text).toContain('2026/03/02 · Historia clínica breve · Laboral · Valoración por cambio de puesto')
    const pages = pdfPageTexts(new Uint8Array(first.rawPayload))
    pages.forEach((lines, index) => {
      expect(lines.join('\n')).toContain('Rosa Elena Quintero Ávila')
      expect(lines.join('\n')).toContain(`Página ${index + 1} de ${pages.length}`)
    })
    const audited = (await auditOf('digital-record.pdf')).filter((entry) => entry.entityId === patientId)
    expect(audited).toHaveLength(2)
  })

  it('prints in the language the request asks for', async () => {
    const answer = await send(doctor, pdfOf(patientId), { 'accept-language': 'en' })
    expect(answer.statusCode).toBe(200)
    const text = pdfText(new Uint8Array(answer.rawPayload)).join('\n')
    expect(text).toContain('Digital clinical record')
    expect(text).toContain('Allergies: Penicilina')
  })

  it('serves a professional the patients in their care, and no other', async () => {
    expect((await send(assigned, readOf(patientId))).statusCode).toBe(200)
    expect((await send(assigned, pdfOf(patientId))).statusCode).toBe(200)
    expect((await send(assigned, readOf(unassignedId))).statusCode).toBe(404)
    expect((await send(assigned, pdfOf(unassignedId))).statusCode).toBe(404)
  })

  it('refuses without a session (401) and without the permission (403)', async () => {
    for (const url of [readOf(patientId), pdfOf(patientId)]) {
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { host: 'acme.localhost' } })).statusCode,
      ).toBe(401)
      expect((await send(clerk, url)).statusCode).toBe(403)
    }
  })

  it("answers 404 for another tenant's patient, an unknown one and a deleted one", async () => {
    const deletedId = (await insertPatient(t.database.db, acmeId)).id as string
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.update(patients).set({ deletedAt: '2026-11-01T00:00:00Z' }).where(eq(patients.id, deletedId)),
    )
    for (const id of [foreignPatientId, uuidv7(), deletedId]) {
      expect((await send(doctor, readOf(id))).statusCode).toBe(404)
      expect((await send(doctor, pdfOf(id))).statusCode).toBe(404)
    }
    expect((await send(intruder, readOf(patientId))).statusCode).toBe(404)
    expect((await send(intruder, pdfOf(patientId))).statusCode).toBe(404)
  })

  it('refuses a malformed id and an unknown time zone with per-field messages in both languages', async () => {
    const badId = await send(doctor, readOf('not-a-uuid'))
    expect(badId.statusCode).toBe(422)
    expect(Object.keys(badId.json().errors)).toEqual(['id'])
    const zone = `${pdfOf(patientId)}?time_zone=Mars%2FOlympus`
    const es = await send(doctor, zone)
    expect(es.statusCode).toBe(422)
    const en = await send(doctor, zone, { 'accept-language': 'en' })
    expect(en.statusCode).toBe(422)
    expect(es.json().errors.time_zone[0]).not.toEqual(en.json().errors.time_zone[0])
  })
})
