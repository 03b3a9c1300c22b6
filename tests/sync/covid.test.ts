import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { triageConsultations, triageReclassifications } from '../../server/db/schema'
import { COVID_LISTS } from '../../server/seed/covid-lists'
import { seedReferenceLists } from '../../server/seed/reference-lists'
import { currentClassification, reclassificationsOf, triageHistory } from '../../src/db/covid'
import type { CachedListName } from '../../src/db/local-db'
import { pdfText } from '../../src/documents/pdf-text'
import { triageDocumentFromDevice } from '../../src/reports/triage-document'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import {
  createTriageConsultation,
  type NewTriageConsultation,
  reclassifyTriage,
} from '../../src/sync/covid-mutators'
import { createPatient } from '../../src/sync/mutators'
import { type Device, openDevice } from './device'
import { cacheDocumentContext } from './document-cache'
import { newPatient } from './people'
import { type Clinic, nurseOf, openClinic, type SyncServer, serverTrail, startSyncServer } from './server'

const TRIAGE_STAFF = ['covid-index', 'covid-history', 'covid-create']

const aTriage = (
  patientId: string,
  overrides: Partial<NewTriageConsultation> = {},
): NewTriageConsultation => ({
  patient_id: patientId,
  consulted_at: '2026-11-24T15:30:00.000Z',
  status: 'suspicious',
  covid_case: 'suspected',
  symptoms: ['fever', 'cough'],
  temperature_c: 38.6,
  oximetry: 95,
  systolic: 122,
  diastolic: 80,
  heart_rate: 98,
  respiratory_rate: 20,
  supplemental_oxygen: 'room-air',
  consciousness: 'alert',
  notes: 'Fiebre y tos seca desde ayer; aislamiento en casa.',
  classification: 'low',
  ...overrides,
})

/**
 * DESIGN §9.5 for the COVID triage (issue 20), over real HTTP: a triage recorded offline for a
 * patient also registered offline reaches the server once and in order; two tablets that
 * reclassify offline while a third records a consultation end with one value, the server's, on
 * every device; and the note the device prints is the server's download, byte for byte.
 */
describe('COVID triage recorded offline', () => {
  let server: SyncServer
  let clinic: Clinic
  const opened: Device[] = []

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'covid', 3, TRIAGE_STAFF)
    // The lists the server checks the codes against, and names in its note.
    await seedReferenceLists(server.database.db)
  })
  afterEach(async () => {
    for (const device of opened.splice(0)) await device.close()
  })
  afterAll(() => server.close())

  const tablet = (nurse: number) => {
    const device = openDevice(server, clinic, nurseOf(clinic, nurse))
    opened.push(device)
    return device
  }
  const later = (device: Device) => device.clock.advance(MAX_WAIT_MS)
  const onServer = (patientId: string) =>
    withTenant(server.database.db, clinic.tenantId, async (tx) => ({
      consultations: await tx
        .select()
        .from(triageConsultations)
        .where(eq(triageConsultations.patientId, patientId)),
      reclassifications: await tx
        .select()
        .from(triageReclassifications)
        .where(eq(triageReclassifications.patientId, patientId)),
    }))

  it('reaches the server once, after its patient, with a lost answer replayed', async () => {
    const device = tablet(0)
    const patient = await createPatient(device.db, device.ctx, newPatient(7_000))
    const triage = await createTriageConsultation(device.db, device.ctx, aTriage(patient.id))
    const [patientCreate, triageCreate] = (await device.db.outbox.orderBy('seq').toArray()).map(
      (entry) => entry.mutationId,
    )
    device.network.faults.push(null, 'drop-response')
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'backoff' })
    later(device)
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    const sends = device.network.log.filter((exchange) => exchange.method !== 'GET')
    expect(sends.map((e) => [e.key, e.status, e.delivered])).toEqual([
      [patientCreate, 200, true],
      [triageCreate, 200, false],
      [triageCreate, 200, true],
    ])
    const held = await onServer(patient.id)
    expect(held.consultations.map((row) => row.id)).toEqual([triage.id])
    const { keys, changes } = await serverTrail(server, clinic.tenantId)
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
    expect(changes.filter((change) => change.entityId === triage.id)).toHaveLength(1)
    const [mine] = await triageHistory(device.db, patient.id)
    expect(mine).toMatchObject({ id: triage.id, syncState: 'synced', proposed_classification: 'low' })
  })

  it('ends two offline reclassifications and a consultation made meanwhile with one value everywhere', async () => {
    const first = tablet(0)
    const second = tablet(1)
    const third = tablet(2)
    const patient = await createPatient(first.db, first.ctx, newPatient(7_001))
    await createTriageConsultation(first.db, first.ctx, aTriage(patient.id))
    expect(await first.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    for (const device of [second, third]) await device.catchUp()

    // Offline, each on its own: two reclassify, the third records a later consultation.
    await reclassifyTriage(first.db, first.ctx, patient.id, {
      classification: 'medium',
      reason: 'Disnea nueva.',
    })
    await reclassifyTriage(second.db, second.ctx, patient.id, {
      classification: 'high',
      reason: 'Saturación en descenso.',
    })
    const later3 = await createTriageConsultation(
      third.db,
      third.ctx,
      aTriage(patient.id, { consulted_at: '2026-11-25T15:30:00.000Z', status: 'observation' }),
    )
    // They come back in this order; the server applies each to its last consultation then.
    expect(await first.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    expect(await third.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    expect(await second.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })

    const held = await onServer(patient.id)
    expect(held.reclassifications).toHaveLength(2)
    const last = held.consultations.find((row) => row.id === later3.id)
    // The second reclassification arrived after the later consultation: it overwrote that one.
    expect(last?.classification).toBe('high')
    for (const device of [first, second, third]) {
      await device.catchUp()
      const history = await triageHistory(device.db, patient.id)
      expect(
        history.map((row) => [row.id, row.classification, row.syncState]),
        device.name,
      ).toEqual(
        held.consultations
          .sort((a, b) => String(b.consultedAt).localeCompare(String(a.consultedAt)))
          .map((row) => [row.id, row.classification, 'synced']),
      )
      expect(
        currentClassification(history[0] as never, await reclassificationsOf(device.db, patient.id)),
        device.name,
      ).toBe('high')
      expect((await reclassificationsOf(device.db, patient.id)).map((row) => row.syncState)).toEqual([
        'synced',
        'synced',
      ])
    }
  })

  it('prints on the device the same triage note the server downloads', async () => {
    const device = tablet(0)
    const patient = await createPatient(
      device.db,
      device.ctx,
      newPatient(7_002, { biological_sex: 'female' }),
    )
    const triage = await createTriageConsultation(
      device.db,
      device.ctx,
      aTriage(patient.id, {
        respiratory_rate: 26,
        oximetry: 90,
        temperature_c: 39.4,
        classification: 'medium',
        override_reason: 'Mejora en reposo.',
        quarantine_start_date: '2026-11-24',
        quarantine_end_date: '2026-12-08',
      }),
    )
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    await device.catchUp()
    // What the device caches for its documents: the letterhead and the lists, as the server names them.
    const auth = await cacheDocumentContext(device)
    await device.db.catalogItems.bulkPut(
      Object.entries(COVID_LISTS).flatMap(([list, items]) =>
        items.map(([code, name], position) => ({
          list: list as CachedListName,
          code,
          position,
          data: { code, name },
        })),
      ),
    )
    const row = await device.db.covidConsultations.get(triage.id)
    const timeZone = 'America/Mexico_City'
    const onDevice = await triageDocumentFromDevice(device.db, row as never, 'es', timeZone)
    const answer = await device.network.fetch(
      `/api/covid/medic-consultation/pdf?id=${triage.id}&time_zone=${encodeURIComponent(timeZone)}`,
      { headers: auth },
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain(onDevice.fileName)
    const fromServer = new Uint8Array(await answer.arrayBuffer())
    expect(pdfText(onDevice.bytes)).toEqual(
      expect.arrayContaining(['Riesgo alto', 'Riesgo medio', 'Mejora en reposo.']),
    )
    expect(pdfText(onDevice.bytes)).toEqual(pdfText(fromServer))
    expect(Buffer.from(onDevice.bytes).equals(Buffer.from(fromServer))).toBe(true)
  })
})
