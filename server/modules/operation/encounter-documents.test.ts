import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathFor } from '../../../src/contract/endpoints/define'
import {
  downloadEncounterNote,
  downloadEncounterPrescription,
} from '../../../src/contract/endpoints/encounters'
import { consultationDocumentOf } from '../../../src/documents/consultation-document'
import { pdfText } from '../../../src/documents/pdf-text'
import { buildPrescriptionPdf } from '../../../src/documents/prescription-pdf'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { aConsultation, aLine, seedEncounterCatalog } from '../../../tests/fixtures/encounters'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog } from '../../db/schema'
import { seedReferenceLists } from '../../seed/reference-lists'

/** The line Acme's letterhead prints, from the address given to it below. */
const ACME_ADDRESS = 'Blvd. Bernardo Quintana 4100, Querétaro, Querétaro, C.P. 76090 · Tel. 442 100 2000'

const CLINICIAN = [
  'medical-consultation-create',
  'medical-consultation-edit',
  'consultation.view',
  'consultation.prescription',
  'assignments.all',
]

/**
 * The consultation's two documents from the server (SPEC §7 "Encounters", decision 0024): the
 * note and the prescription, the very bytes the device's builders make from the same input,
 * scoped, audited, refused in both languages.
 */
describe("a consultation's documents", () => {
  let t: TestApp
  let acmeId: string
  let encounterId: string
  let catalog: Awaited<ReturnType<typeof seedEncounterCatalog>>
  let patient: Awaited<ReturnType<typeof insertPatient>>
  let doctor: Record<string, string>
  let clerk: Record<string, string>
  let intruder: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    // The sex prints in words from the reference lists, as the server seeds them at its start.
    await seedReferenceLists(t.database.db)
    acmeId = (
      await buildTenant(t.database.db, {
        slug: 'acme',
        tradeName: 'Clínica Acme',
        addressStreet: 'Blvd. Bernardo Quintana 4100',
        addressCity: 'Querétaro',
        addressState: 'Querétaro',
        addressPostalCode: '76090',
        phone: '442 100 2000',
      })
    ).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedEncounterCatalog(t.database.db, acmeId)
    patient = await insertPatient(t.database.db, acmeId, { biologicalSex: 'female' })
    const sign = async (host: string, tenantId: string, permissions: string[]) =>
      (
        await signIn(
          t.app,
          host,
          (
            await buildUser(t.database.db, tenantId, {
              permissions,
              name: 'Lucía',
              professionalLicense: '12345678',
            })
          ).email,
        )
      ).headers
    doctor = await sign('acme.localhost', acmeId, CLINICIAN)
    clerk = await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])
    intruder = await sign('globex.localhost', globexId, CLINICIAN)
    encounterId = uuidv7()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operation/patients/encounter',
      headers: { ...doctor, 'idempotency-key': uuidv7() },
      payload: { id: encounterId, ...aConsultation(catalog, patient.id as string) },
    })
    expect(created.statusCode).toBe(200)
    const prescribed = await t.app.inject({
      method: 'POST',
      url: `/api/operation/patients/encounter/${encounterId}`,
      headers: { ...doctor, 'idempotency-key': uuidv7(), 'if-match': '1' },
      payload: {
        prescription: [
          aLine(catalog),
          aLine(catalog, {
            medicine_id: catalog.ibuprofenId,
            presentation_id: catalog.tablet400Id,
            medicine_name: 'Ibuprofeno',
            dose: '400 mg',
          }),
        ],
      },
    })
    expect(prescribed.statusCode).toBe(200)
  })
  afterAll(() => t.close())

  const download = (
    call: typeof downloadEncounterNote | typeof downloadEncounterPrescription,
    headers: Record<string, string>,
    query = '',
    id = encounterId,
  ) => t.app.inject({ method: 'GET', url: `${pathFor(call, { id })}${query}`, headers })

  it('gives the note as a PDF with the patient, the diagnosis and the amendment, the same file twice', async () => {
    const first = await download(downloadEncounterNote, doctor)
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('application/pdf')
    const text = pdfText(first.rawPayload).join('\n')
    expect(text).toContain('Clínica Acme')
    expect(text).toContain('J00')
    expect(text).toContain('Aparato respiratorio')
    expect(text).toContain('Lucía')
    expect(text).toMatch(/Nota modificada el/)
    const second = await download(downloadEncounterNote, doctor)
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0)
    const reads = await withTenant(t.database.db, acmeId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'encounter.note')),
    )
    expect(reads.length).toBeGreaterThanOrEqual(2)
  })

  it('gives the prescription the device would build from the same consultation, byte for byte', async () => {
    const answer = await download(downloadEncounterPrescription, doctor, '?time_zone=America/Tijuana')
    expect(answer.statusCode).toBe(200)
    const show = (
      await t.app.inject({
        method: 'GET',
        url: `/api/operation/patients/encounter/show/${encounterId}`,
        headers: doctor,
      })
    ).json().data
    const device = buildPrescriptionPdf(
      consultationDocumentOf(show, {
        language: 'es',
        timeZone: 'America/Tijuana',
        tenant: { name: 'Clínica Acme', logo: null, address: ACME_ADDRESS },
        patient: {
          name: [patient.name, patient.lastName, patient.secondLastName].filter(Boolean).join(' '),
          birth_date: patient.birthDate as string,
          sex: 'Mujer',
          curp: patient.curp as string,
        },
        reason: 'Enfermedad general',
        systems: new Map([[catalog.respiratoryId, 'Aparato respiratorio']]),
      }),
    )
    expect(pdfText(answer.rawPayload)).toEqual(pdfText(device.bytes))
    expect(Buffer.compare(answer.rawPayload, Buffer.from(device.bytes))).toBe(0)
    const text = pdfText(answer.rawPayload).join('\n')
    // The letterhead: the tenant's address and phone under its name.
    expect(text).toContain(ACME_ADDRESS)
    expect(text).toContain('1 tableta vía oral cada 8 horas por 5 días')
    expect(text).toContain('Ibuprofeno')
    expect(text).toContain('12345678')
  })

  it('refuses without a session (401), without the view permission (403), another tenant (404), a bad zone (422)', async () => {
    expect((await download(downloadEncounterNote, { host: 'acme.localhost' })).statusCode).toBe(401)
    expect((await download(downloadEncounterNote, clerk)).statusCode).toBe(403)
    expect((await download(downloadEncounterPrescription, intruder)).statusCode).toBe(404)
    expect((await download(downloadEncounterNote, doctor, '', uuidv7())).statusCode).toBe(404)
    const refused = await download(
      downloadEncounterNote,
      { ...doctor, 'accept-language': 'en' },
      '?time_zone=Mars/Olympus',
    )
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.time_zone).toBeDefined()
  })
})
