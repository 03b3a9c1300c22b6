import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { auditLog } from '../../server/db/schema'
import { seedReferenceLists } from '../../server/seed/reference-lists'
import type { CatalogueEntry } from '../../src/contract/schemas/catalogue-definitions'
import { readDigitalRecord } from '../../src/db/digital-record'
import { pdfPageTexts, pdfText } from '../../src/documents/pdf-text'
import { digitalRecordDocument } from '../../src/reports/digital-record-document'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { createEncounter, savePrescription } from '../../src/sync/encounter-mutators'
import { SHORT_HISTORY } from '../../src/sync/medical-report-kinds'
import { createReport } from '../../src/sync/medical-report-mutators'
import { aShortHistory } from '../../src/sync/medical-report-test-data'
import { createPatient } from '../../src/sync/mutators'
import { createReading } from '../../src/sync/reading-mutators'
import { noteOfflineOpening } from '../../src/sync/record-opening-mutator'
import { createRecordSection } from '../../src/sync/record-section-mutators'
import { aConsultation, aLine, type EncounterCatalog, seedEncounterCatalog } from '../fixtures/encounters'
import { cacheDocumentContext } from './document-cache'
import { newPatient } from './people'
import { type Clinic, openClinic, type SyncServer, startSyncServer } from './server'
import { clinicTablets } from './tablets'

const CLINICIAN = [
  'digital-record-index',
  'medical-consultation-create',
  'medical-consultation-edit',
  'consultation.list',
  'consultation.view',
  'consultation.prescription',
  'clinical-history-create',
  'clinical-history-detail',
]

/** A catalogue value as the device caches it (the server's seed of the same id and name). */
const catalogueEntry = (id: string, catalogue: string, name: string): CatalogueEntry => ({
  id,
  catalogue,
  name,
  code: null,
  active: true,
  parent_id: null,
  parent_name: null,
  position: 0,
  items: [],
  updated_at: '2026-11-23T10:00:00Z',
})

/**
 * The digital record (issue 24) over real HTTP: a worker registered offline with a consultation
 * and its prescription, a blood pressure, an allergy and a short clinical history, all sent and
 * pulled back; the whole-record PDF the tablet builds from its cache is the very file the
 * server's `clinical-history download` gives for the same patient (decision 0010).
 */
describe('the digital record, on the tablet and on the server', () => {
  let server: SyncServer
  let clinic: Clinic
  let catalog: EncounterCatalog

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'poniente', 1, CLINICIAN)
    catalog = await seedEncounterCatalog(server.database.db, clinic.tenantId)
    // The server names the sex from its reference lists, as a seeded server does.
    await seedReferenceLists(server.database.db)
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))

  it('prints on the tablet the same whole-record PDF the server downloads', async () => {
    const device = tablet(0)
    const { db, ctx } = device
    const patient = await createPatient(db, ctx, newPatient(7_001, { biological_sex: 'female' }))
    const consultation = await createEncounter(db, ctx, aConsultation(catalog, patient.id))
    const { id: _lineId, ...line } = aLine(catalog)
    await savePrescription(db, ctx, consultation.id, [line])
    await createReading(db, ctx, 'blood-pressure', {
      patient_id: patient.id,
      taken_at: '2026-11-22T14:00:00.000Z',
      systolic: 132,
      diastolic: 86,
    })
    await createRecordSection(db, ctx, 'allergies-tolerances', {
      patient_id: patient.id,
      description: 'Sulfas',
    })
    await createReport(db, ctx, SHORT_HISTORY, aShortHistory(patient.id))
    expect(await device.loop.runOnce()).toEqual({ sent: 6, stoppedBy: 'idle' })
    await device.catchUp()

    // What the tablet caches for its documents: the letterhead, the lists and the catalogues.
    const auth = await cacheDocumentContext(device)
    await db.catalogueEntries.bulkPut([
      catalogueEntry(catalog.reasonId, 'consultReason', 'Enfermedad general'),
      catalogueEntry(catalog.respiratoryId, 'affected_system', 'Aparato respiratorio'),
    ])
    const record = await readDigitalRecord(db, patient.id)
    expect(record?.records.consultation).toHaveLength(1)
    expect(record?.records['short-history']).toHaveLength(1)
    expect(record?.records['self-tracking']).toHaveLength(1)

    const timeZone = 'America/Mexico_City'
    const onTablet = await digitalRecordDocument(db, record as NonNullable<typeof record>, 'es', timeZone)
    const answer = await device.network.fetch(
      `/api/ephi/patients/clinical-history/download/${patient.id}?time_zone=${encodeURIComponent(timeZone)}`,
      { headers: auth },
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain(onTablet.fileName)
    const fromServer = new Uint8Array(await answer.arrayBuffer())
    const text = pdfText(onTablet.bytes).join('\n')
    expect(text).toContain('Alergias: Sulfas')
    expect(text).toContain('Enfermedad general · Primera vez, presencial')
    expect(text).toContain('Historia clínica breve · Reincorporación laboral')
    expect(pdfText(onTablet.bytes)).toEqual(pdfText(fromServer))
    expect(pdfPageTexts(fromServer).length).toBeGreaterThan(0)
    expect(Buffer.from(onTablet.bytes).equals(Buffer.from(fromServer))).toBe(true)
  })

  it.each([
    { screen: 'digital-record', action: 'digital-record.read-offline', payroll: 7_002 },
    { screen: 'patient-record', action: 'patient.read-offline', payroll: 7_003 },
  ] as const)(
    'sends the note of a $screen opened offline once, even when its answer is lost, to the audit log',
    async ({ screen, action, payroll }) => {
      const device = tablet(0)
      const { db, ctx } = device
      const patient = await createPatient(db, ctx, newPatient(payroll))
      expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
      // Queued while the tablet had no network (the page does so when it opens offline).
      const opening = await noteOfflineOpening(db, ctx, patient.id, screen)
      // The server logs it; its answer never reaches the tablet, which sends it again later.
      device.network.faults.push('drop-response')
      expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'backoff' })
      await device.network.settle()
      device.clock.advance(MAX_WAIT_MS)
      expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
      expect(await db.outbox.count()).toBe(0)
      // Settled with the server's copy, the device's row still says which screen was opened.
      expect(await db.recordOpenings.get(opening.id)).toMatchObject({
        syncState: 'synced',
        version: 1,
        screen,
      })
      const logged = await withTenant(server.database.db, clinic.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, action), eq(auditLog.entityId, patient.id))),
      )
      expect(logged.map((entry) => entry.details)).toEqual([
        { opening_id: opening.id, opened_at: opening.opened_at, in_care: true },
      ])
    },
  )
})
