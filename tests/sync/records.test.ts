import { IDBObjectStore } from 'fake-indexeddb'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sweepExpired } from '../../server/platform/retention'
import { isQuotaExceeded } from '../../src/db/storage'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { resolveConflicts } from '../../src/sync/conflicts'
import { createPatient, updatePatient } from '../../src/sync/mutators'
import { createReading } from '../../src/sync/reading-mutators'
import { differencesFromServer } from './compare'
import type { Device } from './device'
import { bloodPressure, glucose, newPatient } from './people'
import {
  type Clinic,
  openClinic,
  type SyncServer,
  serverRecords,
  serverTrail,
  startSyncServer,
} from './server'
import { clinicTablets } from './tablets'

/**
 * DESIGN §8: records as several tablets and the server see them — two nurses editing one patient,
 * an answer replayed after a newer version arrived, a full resync past the log's retention — and
 * local writes that must be whole or nothing: an aborted transaction, a full device.
 */
describe('records shared by tablets and the server', () => {
  let server: SyncServer
  let clinic: Clinic
  let people = 3_000

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'norte', 2)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const someone = () => newPatient(people++)
  const records = () => serverRecords(server, clinic.tenantId)
  const trail = () => serverTrail(server, clinic.tenantId)
  const updates = (device: Device) => device.network.log.filter((e) => e.method === 'PUT')
  const later = (device: Device) => device.clock.advance(MAX_WAIT_MS)
  const matchesServer = async (device: Device) => differencesFromServer(device, await records())

  /** A patient created on the first tablet, on the server, and pulled by the second. */
  async function sharedPatient(first: Device, second: Device) {
    const patient = await createPatient(first.db, first.ctx, someone())
    await first.loop.runOnce()
    await second.catchUp()
    return patient
  }

  it('merges edits of different fields from two tablets and sends the merge on the new version', async () => {
    const first = tablet(0)
    const second = tablet(1)
    const patient = await sharedPatient(first, second)
    await updatePatient(first.db, first.ctx, patient.id, { phone: '3311112222' })
    await updatePatient(second.db, second.ctx, patient.id, { supervisor: 'Dra. Leticia Zamudio' })

    expect(await first.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await second.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    // The second tablet met 412, merged, and sent its own field again on version 2, same key.
    expect(updates(second).map((e) => [e.status, e.ifMatch])).toEqual([
      [412, '"1"'],
      [200, '"2"'],
    ])
    expect(new Set(updates(second).map((e) => e.key)).size).toBe(1)

    const held = (await records()).patients.get(patient.id)
    expect(held).toMatchObject({ version: 3, phone: '3311112222', supervisor: 'Dra. Leticia Zamudio' })
    const { changes, audit } = await trail()
    expect(changes.filter((c) => c.entityId === patient.id).map((c) => c.version)).toEqual([1, 2, 3])
    expect(audit.filter((a) => a.action === 'patient.update' && a.entityId === patient.id)).toHaveLength(2)
    expect(await second.db.conflicts.count()).toBe(0)
    expect(await second.db.outbox.count()).toBe(0)
    await first.catchUp()
    expect(await matchesServer(first)).toEqual([])
    expect(await matchesServer(second)).toEqual([])
  })

  it('turns the same field changed on two tablets into a conflict a person settles', async () => {
    const first = tablet(0)
    const second = tablet(1)
    const patient = await sharedPatient(first, second)
    await updatePatient(first.db, first.ctx, patient.id, { address_other: 'Calle Hidalgo 12, Col. Centro' })
    await updatePatient(second.db, second.ctx, patient.id, {
      address_other: 'Av. Reforma 300, Col. Jardines',
      phone: '8187654321',
    })
    await first.loop.runOnce()

    expect(await second.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })
    expect(await second.db.conflicts.toArray()).toEqual([
      expect.objectContaining({
        entity: 'patient',
        entityId: patient.id,
        field: 'address_other',
        base: patient.address_other,
        mine: 'Av. Reforma 300, Col. Jardines',
        theirs: 'Calle Hidalgo 12, Col. Centro',
      }),
    ])
    const [waiting] = await second.db.outbox.toArray()
    expect(waiting).toMatchObject({ status: 'conflict' })
    expect(await second.db.patients.get(patient.id)).toMatchObject({ syncState: 'conflict' })
    // Nothing of the conflicting entry reached the server, not even its uncontested phone.
    expect((await records()).patients.get(patient.id)).toMatchObject({
      version: 2,
      address_other: 'Calle Hidalgo 12, Col. Centro',
      phone: patient.phone,
    })

    expect(await resolveConflicts(second.db, 'patient', patient.id, { address_other: 'mine' })).toBe(2)
    expect(await second.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect((await records()).patients.get(patient.id)).toMatchObject({
      version: 3,
      address_other: 'Av. Reforma 300, Col. Jardines',
      phone: '8187654321',
    })
    await first.catchUp()
    expect(await matchesServer(first)).toEqual([])
    expect(await matchesServer(second)).toEqual([])
  })

  it('does not roll a record back when a lost answer is replayed after a newer version was pulled', async () => {
    const first = tablet(0)
    const second = tablet(1)
    const patient = await createPatient(first.db, first.ctx, someone())
    first.network.faults.push('drop-response')
    await first.loop.runOnce()
    // The other tablet sees the patient and edits it while the first still waits to retry.
    await second.catchUp()
    await updatePatient(second.db, second.ctx, patient.id, { emergency_contact_name: 'Ramón Ibarra' })
    await second.loop.runOnce()
    await first.catchUp()

    later(first)
    expect(await first.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await first.db.patients.get(patient.id)).toMatchObject({
      version: 2,
      emergency_contact_name: 'Ramón Ibarra',
      syncState: 'synced',
    })
    await first.catchUp()
    expect(await matchesServer(first)).toEqual([])
  })

  it('leaves neither row nor entry when the transaction around a mutator aborts', async () => {
    const device = tablet()
    const synced = await createPatient(device.db, device.ctx, someone())
    await device.loop.runOnce()
    const { db } = device

    const saving = db.transaction('rw', [db.patients, db.readings, db.outbox, db.shadows], async () => {
      const patient = await createPatient(db, device.ctx, someone())
      await createReading(db, device.ctx, 'blood-pressure', bloodPressure(patient.id))
      await updatePatient(db, device.ctx, synced.id, { phone: '9991234567' })
      throw new Error('la tableta se apagó a medio guardado')
    })
    await expect(saving).rejects.toThrow('la tableta se apagó a medio guardado')

    expect((await db.patients.toArray()).map((row) => row.id)).toEqual([synced.id])
    expect(await db.patients.get(synced.id)).toMatchObject({ phone: synced.phone, syncState: 'synced' })
    expect(await db.readings.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })
    expect((await records()).patients.get(synced.id)).toMatchObject({ version: 1, phone: synced.phone })
  })

  it('refuses a write when the device is out of storage, with nothing half-written', async () => {
    const device = tablet()
    const synced = await createPatient(device.db, device.ctx, someone())
    await device.loop.runOnce()
    const before = await records()
    // The patient row fits; the browser refuses the outbox entry that goes with it.
    const full = (original: IDBObjectStore['add']) =>
      function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        if (this.name === 'outbox')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return original.apply(this, args)
      }
    const { add, put } = IDBObjectStore.prototype
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(full(add))
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(full(put))

    const failures = await Promise.all([
      createPatient(device.db, device.ctx, someone()).catch((error: unknown) => error),
      updatePatient(device.db, device.ctx, synced.id, { phone: '6641234567' }).catch(
        (error: unknown) => error,
      ),
      createReading(device.db, device.ctx, 'glucose', glucose(synced.id)).catch((error: unknown) => error),
    ])
    for (const failure of failures) expect(isQuotaExceeded(failure)).toBe(true)
    vi.restoreAllMocks()

    expect((await device.db.patients.toArray()).map((row) => [row.id, row.phone, row.syncState])).toEqual([
      [synced.id, synced.phone, 'synced'],
    ])
    expect(await device.db.readings.count()).toBe(0)
    expect(await device.db.outbox.count()).toBe(0)
    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })
    expect(await records()).toEqual(before)
    // Space freed, the same device goes on writing and sending.
    await updatePatient(device.db, device.ctx, synced.id, { phone: '6641234567' })
    expect(await device.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
  })

  // Last: the sweep prunes the whole log and forgets every key, as 181 days would.
  it('keeps unsent work through a full resync when the cursor is older than the log', async () => {
    const first = tablet(0)
    const second = tablet(1)
    const kept = await createPatient(first.db, first.ctx, someone())
    const edited = await createPatient(first.db, first.ctx, someone())
    await first.loop.runOnce()
    await second.catchUp()
    // While the second tablet is away: the first adds and edits, the second works offline.
    const added = await createPatient(first.db, first.ctx, someone())
    await updatePatient(first.db, first.ctx, kept.id, { supervisor: 'Ing. Hugo Cárdenas' })
    await first.loop.runOnce()
    second.network.online = false
    const offline = await createPatient(second.db, second.ctx, someone())
    await updatePatient(second.db, second.ctx, edited.id, { phone: '9611234567' })
    const reading = await createReading(second.db, second.ctx, 'glucose', glucose(kept.id))

    const swept = await sweepExpired(server.database.db, Date.now() + 181 * 86_400_000)
    expect(swept.changes).toBeGreaterThan(0)
    second.network.online = true
    const heard = second.network.log.length
    await second.catchUp()
    const pulls = second.network.log.slice(heard).filter((e) => e.method === 'GET')
    // The stored cursor is refused (reset), and the pull starts again from nothing.
    expect(pulls.slice(0, 2).map((e) => e.path.includes('cursor='))).toEqual([true, false])

    // The pending work survived the reset, untouched, and the rest came back from the server.
    expect(await second.db.outbox.count()).toBe(3)
    expect(await second.db.patients.get(offline.id)).toMatchObject({ syncState: 'pending' })
    expect(await second.db.patients.get(edited.id)).toMatchObject({
      phone: '9611234567',
      syncState: 'pending',
    })
    expect(await second.db.readings.get(reading.id)).toMatchObject({ syncState: 'pending' })
    expect(await second.db.patients.get(added.id)).toMatchObject({ version: 1, syncState: 'synced' })
    expect(await second.db.patients.get(kept.id)).toMatchObject({ supervisor: 'Ing. Hugo Cárdenas' })

    expect(await second.loop.runOnce()).toEqual({ sent: 3, stoppedBy: 'idle' })
    expect(updates(second).map((e) => [e.status, e.ifMatch])).toEqual([[200, '"1"']])
    await second.catchUp()
    await first.catchUp()
    expect(await matchesServer(second)).toEqual([])
    expect(await matchesServer(first)).toEqual([])
  })
})
