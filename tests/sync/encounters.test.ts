import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { encounterAmendments, encounters } from '../../server/db/schema'
import { authorsOf, presentEncounter } from '../../server/modules/operation/encounters'
import { seedReferenceLists } from '../../server/seed/reference-lists'
import type { CatalogueEntry } from '../../src/contract/schemas/catalogue-definitions'
import { encounterHistory } from '../../src/db/encounters'
import type { LocalEncounter } from '../../src/db/local-db'
import { pdfText } from '../../src/documents/pdf-text'
import { consultationDocumentFromDevice } from '../../src/reports/consultation-documents'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { createEncounter, savePrescription, updateEncounter } from '../../src/sync/encounter-mutators'
import { sameValue } from '../../src/sync/merge'
import { createPatient } from '../../src/sync/mutators'
import { aConsultation, aLine, type EncounterCatalog, seedEncounterCatalog } from '../fixtures/encounters'
import type { Device } from './device'
import { cacheDocumentContext } from './document-cache'
import { newPatient } from './people'
import { type Clinic, openClinic, type SyncServer, serverTrail, startSyncServer } from './server'
import { clinicTablets } from './tablets'

const CLINICIAN = [
  'medical-consultation-create',
  'medical-consultation-edit',
  'consultation.list',
  'consultation.view',
  'consultation.prescription',
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
 * DESIGN §9.5 for consultations (issue 19), over real HTTP: a consultation recorded offline, with
 * its prescription, for a patient also registered offline, reaches the server once and in order
 * — patient, consultation, prescription — though the answers to the patient's and the
 * consultation's creates are lost and replayed.
 */
describe('consultations recorded offline', () => {
  let server: SyncServer
  let clinic: Clinic
  let catalog: EncounterCatalog

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'norte', 2, CLINICIAN)
    catalog = await seedEncounterCatalog(server.database.db, clinic.tenantId)
    // The server's documents name the sex from its reference lists, as a seeded server does.
    await seedReferenceLists(server.database.db)
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  /** Whatever waits, waits no longer: the clock moves past any back-off. */
  const later = (device: Device) => device.clock.advance(MAX_WAIT_MS)
  /** What the server holds of a patient's consultations, as the API answers them, and their amendments. */
  const held = (patientId: string) =>
    withTenant(server.database.db, clinic.tenantId, async (tx) => {
      const rows = await tx.select().from(encounters).where(eq(encounters.patientId, patientId))
      const authors = await authorsOf(
        tx,
        rows.map((row) => row.createdBy),
      )
      return {
        encounters: rows.map((row) => presentEncounter(row, authors.get(row.createdBy as string) ?? null)),
        amendments: await tx.select().from(encounterAmendments),
      }
    })

  it('reaches the server once, after its patient, with a lost answer replayed', async () => {
    const device = tablet(0)
    const patient = await createPatient(device.db, device.ctx, newPatient(6_000))
    const consultation = await createEncounter(device.db, device.ctx, aConsultation(catalog, patient.id))
    const { id: _lineId, ...line } = aLine(catalog)
    await savePrescription(device.db, device.ctx, consultation.id, [line])
    // In the history at once, prescription included, before any network.
    const [shown] = await encounterHistory(device.db, patient.id)
    expect(shown).toMatchObject({ id: consultation.id, syncState: 'pending', bmi: 25.7 })
    expect(shown?.prescription).toMatchObject([{ medicine_name: 'Paracetamol', dose: '500 mg' }])
    const queued = await device.db.outbox.orderBy('seq').toArray()
    const [patientCreate, encounterCreate, prescription] = queued.map((entry) => entry.mutationId)
    expect(queued.map((entry) => [entry.kind, entry.method, entry.dependsOn, entry.baseVersion])).toEqual([
      ['patient.create', 'POST', [], null],
      ['encounter.create', 'POST', [patientCreate], null],
      ['encounter.update', 'POST', [encounterCreate], null],
    ])

    // The patient's create reaches the server; its answer does not reach the tablet.
    device.network.faults.push('drop-response')
    expect(await device.loop.runOnce()).toMatchObject({ sent: 0, stoppedBy: 'backoff' })
    later(device)
    // Its replay is answered; then the consultation's create is made, and its answer lost too.
    device.network.faults.push(null, 'drop-response')
    expect(await device.loop.runOnce()).toMatchObject({ sent: 1, stoppedBy: 'backoff' })
    later(device)
    expect(await device.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })

    const sends = device.network.log.filter((exchange) => exchange.method !== 'GET')
    expect(sends.map((e) => [e.key, e.status, e.delivered, e.ifMatch])).toEqual([
      [patientCreate, 200, false, null],
      [patientCreate, 200, true, null],
      [encounterCreate, 200, false, null],
      [encounterCreate, 200, true, null],
      // The amendment waited for the create, and went with the version it answered.
      [prescription, 200, true, '"1"'],
    ])

    const onServer = await held(patient.id)
    expect(onServer.encounters).toHaveLength(1)
    const [stored] = onServer.encounters
    expect(stored).toMatchObject({ id: consultation.id, version: 2, prescription: [{ ...line }] })
    expect(onServer.amendments.filter((a) => a.encounterId === consultation.id)).toHaveLength(1)
    const { keys, changes, audit } = await serverTrail(server, clinic.tenantId)
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
    expect(
      changes
        .filter((change) => change.entityId === consultation.id)
        .map((change) => [change.op, change.version]),
    ).toEqual([
      ['upsert', 1],
      ['upsert', 2],
    ])
    expect(audit.filter((entry) => entry.action === 'encounter.create')).toHaveLength(1)

    // The tablet holds the server's copy; another tablet pulls the same into its history.
    const mine = await device.db.encounters.get(consultation.id)
    expect(mine?.syncState).toBe('synced')
    for (const [field, value] of Object.entries(stored ?? {})) {
      expect(sameValue(mine?.[field], value), field).toBe(true)
    }
    const other = tablet(1)
    await other.catchUp()
    const pulled = await encounterHistory(other.db, patient.id)
    expect(pulled).toHaveLength(1)
    for (const [field, value] of Object.entries(stored ?? {})) {
      expect(sameValue(pulled[0]?.[field], value), field).toBe(true)
    }
  })

  it('merges two tablets’ amendments of one consultation, and the server keeps each of them', async () => {
    const first = tablet(0)
    const second = tablet(1)
    const patient = await createPatient(first.db, first.ctx, newPatient(6_001))
    const consultation = await createEncounter(first.db, first.ctx, aConsultation(catalog, patient.id))
    expect(await first.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    await second.catchUp()

    // Both amend the version they hold, each a different field: the second meets a 412 and merges.
    await updateEncounter(first.db, first.ctx, consultation.id, {
      plan: 'Reposo 48 horas y control en una semana.',
    })
    await updateEncounter(second.db, second.ctx, consultation.id, { temperature_c: 38.2 })
    expect(await first.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await second.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    const amendments = second.network.log.filter((exchange) => exchange.path.endsWith(consultation.id))
    expect(amendments.map((exchange) => [exchange.method, exchange.status, exchange.ifMatch])).toEqual([
      ['POST', 412, '"1"'],
      ['POST', 200, '"2"'],
    ])

    const [stored] = (await held(patient.id)).encounters
    expect(stored).toMatchObject({
      plan: 'Reposo 48 horas y control en una semana.',
      temperature_c: 38.2,
      version: 3,
    })
    const kept = (await held(patient.id)).amendments
      .filter((amendment) => amendment.encounterId === consultation.id)
      .sort((a, b) => a.version - b.version)
    expect(kept.map((amendment) => [amendment.version, amendment.changes])).toEqual([
      [
        2,
        {
          plan: {
            before: 'Hidratación, reposo relativo y paracetamol.',
            after: 'Reposo 48 horas y control en una semana.',
          },
        },
      ],
      [3, { temperature_c: { before: 37.8, after: 38.2 } }],
    ])
    await first.catchUp()
    await second.catchUp()
    for (const device of [first, second]) {
      const row = await device.db.encounters.get(consultation.id)
      expect(row?.syncState, device.name).toBe('synced')
      for (const [field, value] of Object.entries(stored ?? {})) {
        expect(sameValue(row?.[field], value), `${device.name} ${field}`).toBe(true)
      }
    }
  })

  it('prints on the device the same note and prescription the server downloads, amendments included', async () => {
    const device = tablet(0)
    const patient = await createPatient(device.db, device.ctx, newPatient(6_002, { biological_sex: 'male' }))
    const consultation = await createEncounter(device.db, device.ctx, aConsultation(catalog, patient.id))
    const { id: _lineId, ...line } = aLine(catalog)
    await savePrescription(device.db, device.ctx, consultation.id, [line])
    expect(await device.loop.runOnce()).toEqual({ sent: 3, stoppedBy: 'idle' })
    await device.catchUp()
    // The feed brought the prescription's amendment with the consultation (decision 0024).
    const row = await device.db.encounters.get(consultation.id)
    expect(row?.amendments).toHaveLength(1)

    // What the device caches for its documents: the letterhead, the lists and the catalogues.
    const auth = await cacheDocumentContext(device)
    await device.db.catalogueEntries.bulkPut([
      catalogueEntry(catalog.reasonId, 'consultReason', 'Enfermedad general'),
      catalogueEntry(catalog.respiratoryId, 'affected_system', 'Aparato respiratorio'),
    ])

    const timeZone = 'America/Mexico_City'
    for (const [kind, path] of [
      ['note', `/api/operation/patients/encounter/download/${consultation.id}`],
      ['prescription', `/api/operation/patients/encounter/download/medical-consultation/${consultation.id}`],
    ] as const) {
      const onDevice = await consultationDocumentFromDevice(
        device.db,
        row as LocalEncounter,
        kind,
        'es',
        timeZone,
      )
      const answer = await device.network.fetch(`${path}?time_zone=${encodeURIComponent(timeZone)}`, {
        headers: auth,
      })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-disposition')).toContain(onDevice.fileName)
      const fromServer = new Uint8Array(await answer.arrayBuffer())
      expect(pdfText(onDevice.bytes).join('\n'), kind).toContain('Hombre')
      expect(pdfText(onDevice.bytes), kind).toEqual(pdfText(fromServer))
      expect(Buffer.from(onDevice.bytes).equals(Buffer.from(fromServer)), kind).toBe(true)
    }
  })
})
