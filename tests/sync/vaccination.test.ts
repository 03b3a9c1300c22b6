import { createHash } from 'node:crypto'
import Dexie from 'dexie'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import {
  attachments,
  catalogueEntries,
  patients,
  vaccinationRecordAmendments,
  vaccinationRecords,
} from '../../server/db/schema'
import { vaccinationRecordFiles } from '../../src/contract/endpoints/vaccination'
import { nameKey } from '../../src/contract/schemas/catalogue-definitions'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { prepareFile } from '../../src/sync/file-mutators'
import { createPatient } from '../../src/sync/mutators'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  type NewVaccinationRecord,
} from '../../src/sync/vaccination-mutators'
import { sampleFile } from '../fixtures/file-owner'
import { newPatient } from './people'
import { type Clinic, feedEnd, openClinic, type SyncServer, serverTrail, startSyncServer } from './server'
import { clinicTablets } from './tablets'

const VACCINATION_STAFF = [
  'vaccinations-card',
  'vaccinations-register-vaccine',
  'vaccinations-register-vaccine-edit',
]
const HEPATITIS_B = '0193a7f2-0000-7000-8000-00000000b001'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const aDose = (patientId: string, over: Partial<NewVaccinationRecord> = {}): NewVaccinationRecord => ({
  patient_id: patientId,
  vaccine_id: HEPATITIS_B,
  dose_number: 1,
  folio: 'F-2026-0142',
  applied_on: '2026-10-01',
  lot: 'HB2291',
  adverse_reactions: [{ date: '2026-10-02', time: '08:30', symptoms: 'Dolor en el brazo', comments: null }],
  ...over,
})

/**
 * DESIGN §9.5 for vaccinations (issue 21), over real HTTP: a dose recorded offline, with its
 * certificate photo, for a patient also registered offline reaches the server once and in order
 * (patient, dose, photo); its amendment keeps the dose as it was (NOM-004) and comes back with
 * the feed; and a device upgraded from a version that skipped the feed's vaccination records
 * pulls them again from the start without losing what it had not sent.
 */
describe('vaccination records recorded offline', () => {
  let server: SyncServer
  let clinic: Clinic

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'vacunas', 2, VACCINATION_STAFF)
    // The vaccine the doses name, in the clinic's catalogue (a dose's vaccine must be a live one).
    await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx.insert(catalogueEntries).values({
        tenantId: clinic.tenantId,
        id: HEPATITIS_B,
        catalogue: 'vaccination-records',
        name: 'Hepatitis B',
        nameKey: nameKey('Hepatitis B'),
        details: {
          disease: 'Hepatitis B',
          doses: 3,
          interval_days: 30,
          booster_interval_days: null,
          route: 'intramuscular',
        },
      }),
    )
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const onServer = (patientId: string) =>
    withTenant(server.database.db, clinic.tenantId, async (tx) => ({
      records: await tx.select().from(vaccinationRecords).where(eq(vaccinationRecords.patientId, patientId)),
      files: await tx.select().from(attachments),
      amendments: await tx.select().from(vaccinationRecordAmendments),
    }))

  it('reaches the server once, after its patient, with its certificate, though an answer is lost', async () => {
    const device = tablet(0)
    const { db, ctx } = device
    const patient = await createPatient(db, ctx, newPatient(9_000))
    const photo = sampleFile('jpeg', 300_000, 9)
    const certificate = await prepareFile(
      new Blob([new Uint8Array(photo)]),
      'certificado.jpg',
      vaccinationRecordFiles.limits,
    )
    const record = await createVaccinationRecord(db, ctx, aDose(patient.id), certificate)
    const [patientCreate, recordCreate, upload] = (await db.outbox.orderBy('seq').toArray()).map(
      (entry) => entry.mutationId,
    )
    device.network.faults.push(null, 'drop-response')
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'backoff' })
    await device.network.settle()
    device.clock.advance(MAX_WAIT_MS)
    expect(await device.loop.runOnce()).toMatchObject({ stoppedBy: 'idle' })
    const sends = device.network.log.filter((exchange) => exchange.method !== 'GET')
    expect(sends.map((e) => [e.key, e.status, e.delivered])).toEqual([
      [patientCreate, 200, true],
      [recordCreate, 200, false],
      [recordCreate, 200, true],
      [upload, 200, true],
    ])
    const held = await onServer(patient.id)
    expect(held.records.map((row) => [row.id, row.doseNumber, row.lot])).toEqual([[record.id, 1, 'HB2291']])
    expect(held.records[0]?.adverseReactions).toEqual(aDose(patient.id).adverse_reactions)
    const stored = held.files.filter((file) => file.ownerId === record.id)
    expect(stored.map((file) => [file.id, file.mediaType, file.sha256])).toEqual([
      [certificate.id, 'image/jpeg', sha256(photo)],
    ])
    const { keys, changes } = await serverTrail(server, clinic.tenantId)
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
    expect(changes.filter((change) => change.entityId === record.id)).toHaveLength(1)
    expect(await db.vaccinationRecords.get(record.id)).toMatchObject({ syncState: 'synced', version: 1 })
  })

  it('sends an amendment that keeps the dose as it was, and brings its history to another tablet', async () => {
    const maker = tablet(0)
    const patient = await createPatient(maker.db, maker.ctx, newPatient(9_001))
    const record = await createVaccinationRecord(maker.db, maker.ctx, aDose(patient.id))
    expect((await maker.loop.runOnce()).stoppedBy).toBe('idle')
    await amendVaccinationRecord(maker.db, maker.ctx, record.id, { lot: 'HB3000' })
    expect((await maker.loop.runOnce()).stoppedBy).toBe('idle')
    const held = await onServer(patient.id)
    expect(held.records.map((row) => [row.lot, row.version])).toEqual([['HB3000', 2]])
    expect(held.amendments.filter((row) => row.recordId === record.id).map((row) => row.changes)).toEqual([
      { lot: { before: 'HB2291', after: 'HB3000' } },
    ])
    const other = tablet(1)
    await other.catchUp()
    const pulled = await other.db.vaccinationRecords.get(record.id)
    expect(pulled).toMatchObject({ lot: 'HB3000', version: 2, syncState: 'synced' })
    expect(pulled?.amendments?.map((amendment) => amendment.changes)).toEqual([
      { lot: { before: 'HB2291', after: 'HB3000' } },
    ])
  })

  it('pulls the records an older app skipped once upgraded, keeping its unsent patient', async () => {
    const other = tablet(1)
    const patient = await createPatient(other.db, other.ctx, newPatient(9_002))
    const record = await createVaccinationRecord(other.db, other.ctx, aDose(patient.id))
    expect((await other.loop.runOnce()).stoppedBy).toBe('idle')

    // An app of version 13 heard the whole feed but kept no vaccination record, and holds a
    // patient it has not sent. Its database is written before the new app first opens it.
    const upgraded = tablet(0)
    const scratch = tablet(0)
    const unsent = await createPatient(scratch.db, scratch.ctx, newPatient(9_003))
    const [entry] = await scratch.db.outbox.toArray()
    const old = new Dexie(upgraded.db.name)
    old.version(13).stores({
      patients: 'id, curp, [sortName+id]',
      meta: 'key',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      shadows: '[entity+id]',
    })
    await old.table('meta').put({ key: 'pull.cursor', value: await feedEnd(server, clinic.tenantId) })
    await old.table('patients').put(unsent)
    await old
      .table('outbox')
      .add({ ...entry, seq: undefined, userId: upgraded.ctx.userId, tenant: upgraded.ctx.tenant })
    old.close()

    await upgraded.catchUp()
    expect(await upgraded.db.vaccinationRecords.get(record.id)).toMatchObject({
      patient_id: patient.id,
      syncState: 'synced',
    })
    expect((await upgraded.loop.runOnce()).stoppedBy).toBe('idle')
    const sent = await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx.select({ id: patients.id }).from(patients).where(eq(patients.id, unsent.id)),
    )
    expect(sent).toHaveLength(1)
    expect(await upgraded.db.outbox.count()).toBe(0)
  })
})
