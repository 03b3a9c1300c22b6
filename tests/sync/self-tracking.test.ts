import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createReading, deleteReading, updateReading } from '../../src/sync/reading-mutators'
import { insertSyncedPatient } from '../fixtures/assignments'
import { buildTenant } from '../fixtures/tenants'
import { buildUser, signIn } from '../fixtures/users'
import { differencesFromServer } from './compare'
import { type Device, openDevice } from './device'
import { type Nurse, type SyncServer, serverRecords, serverTrail, startSyncServer } from './server'

/**
 * DESIGN §8 for the self-tracking kinds (issue 7), over real HTTP: a patient signed in on their
 * phone and on the clinic's kiosk records, amends and deletes their own readings, often offline.
 */
describe('a patient’s self-tracking shared by their devices and the server', () => {
  let server: SyncServer
  let clinic: { tenantId: string; host: string }
  let patientId: string
  let patient: Nurse
  const opened: Device[] = []

  beforeAll(async () => {
    server = await startSyncServer()
    const { id: tenantId } = await buildTenant(server.database.db, { slug: 'norte' })
    clinic = { tenantId, host: 'norte.localhost' }
    patientId = (await insertSyncedPatient(server.database.db, tenantId)).id
    // A patient account: being linked to the patient grants the self-tracking permissions.
    const user = await buildUser(server.database.db, tenantId, { email: 'lucia@norte.mx', patientId })
    const session = await signIn(server.app, clinic.host, user.email)
    patient = { id: user.id, email: user.email, ...session }
  })
  afterEach(async () => {
    for (const device of opened.splice(0)) await device.close()
  })
  afterAll(() => server.close())

  const device = (name: string) => {
    const opening = openDevice(server, clinic, patient, { name })
    opened.push(opening)
    return opening
  }
  const matchesServer = async (on: Device) =>
    differencesFromServer(on, await serverRecords(server, clinic.tenantId))

  it('sends a reading created, amended and deleted offline once, and it ends deleted', async () => {
    const phone = device('phone')
    phone.network.online = false
    const reading = await createReading(phone.db, phone.ctx, 'nutrition', {
      patient_id: patientId,
      taken_at: '2026-11-22T21:00:00.000Z',
      meals: [
        { time: '08:00', description: 'Chilaquiles verdes' },
        { time: '15:00', description: 'Caldo de res' },
      ],
      water_ml: 1200,
    })
    expect(await phone.loop.runOnce()).toMatchObject({ sent: 0, stoppedBy: 'backoff' })
    await updateReading(phone.db, phone.ctx, reading.id, { water_ml: 1800 })
    await deleteReading(phone.db, phone.ctx, reading.id)
    expect(await phone.db.readings.get(reading.id)).toMatchObject({ deleted_at: expect.any(String) })

    phone.network.online = true
    phone.clock.advance(10 * 60_000)
    expect(await phone.loop.runOnce()).toEqual({ sent: 3, stoppedBy: 'idle' })
    expect(await phone.db.readings.get(reading.id)).toBeUndefined()
    expect(await phone.db.outbox.count()).toBe(0)

    const held = (await serverRecords(server, clinic.tenantId)).readings.get(reading.id)
    expect(held).toMatchObject({ kind: 'nutrition', water_ml: 1800, deleted_at: expect.any(String) })
    const { changes, keys, audit } = await serverTrail(server, clinic.tenantId)
    expect(
      changes.filter((change) => change.entityId === reading.id).map((change) => [change.op, change.version]),
    ).toEqual([
      ['upsert', 1],
      ['upsert', 2],
      ['delete', 3],
    ])
    const sent = phone.network.log.filter((exchange) => exchange.status !== null)
    expect(sent.map((exchange) => [exchange.method, exchange.status])).toEqual([
      ['POST', 200],
      ['PUT', 200],
      ['DELETE', 200],
    ])
    expect(keys.filter((key) => sent.some((exchange) => exchange.key === key.key))).toHaveLength(3)
    expect(
      audit.filter((entry) => (entry.details as { reading?: string } | null)?.reading === reading.id),
    ).toHaveLength(3)
    await phone.catchUp()
    expect(await matchesServer(phone)).toEqual([])
  })

  it('merges a somatometry amended on two devices on different fields', async () => {
    const phone = device('phone')
    const kiosk = device('kiosk')
    const reading = await createReading(phone.db, phone.ctx, 'somatometry', {
      patient_id: patientId,
      taken_at: '2026-11-23T07:30:00.000Z',
      weight_kg: 68.4,
      height_m: 1.62,
      waist_cm: 80,
      hip_cm: 96,
    })
    expect(await phone.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    await kiosk.catchUp()
    expect(await kiosk.db.readings.get(reading.id)).toMatchObject({
      kind: 'somatometry',
      weight_kg: 68.4,
      syncState: 'synced',
    })

    await updateReading(phone.db, phone.ctx, reading.id, { waist_cm: 79 })
    await updateReading(kiosk.db, kiosk.ctx, reading.id, { temperature_c: 36.8, oximetry: 97 })
    expect(await phone.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await kiosk.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    const puts = kiosk.network.log.filter((exchange) => exchange.method === 'PUT')
    expect(puts.map((exchange) => [exchange.status, exchange.ifMatch])).toEqual([
      [412, '"1"'],
      [200, '"2"'],
    ])
    expect((await serverRecords(server, clinic.tenantId)).readings.get(reading.id)).toMatchObject({
      weight_kg: 68.4,
      waist_cm: 79,
      temperature_c: 36.8,
      oximetry: 97,
      version: 3,
    })
    await phone.catchUp()
    await kiosk.catchUp()
    expect([...(await matchesServer(phone)), ...(await matchesServer(kiosk))]).toEqual([])
  })
})
