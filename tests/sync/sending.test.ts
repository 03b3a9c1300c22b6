import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { auditLog, patients, refreshTokens } from '../../server/db/schema'
import { recordChange } from '../../server/platform/change-log'
import { sweepExpired } from '../../server/platform/retention'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { createPatient, updatePatient } from '../../src/sync/mutators'
import { createReading } from '../../src/sync/reading-mutators'
import type { Device } from './device'
import { bloodPressure, glucose, newPatient } from './people'
import {
  type Clinic,
  nurseOf,
  openClinic,
  type SyncServer,
  serverRecords,
  serverTrail,
  startSyncServer,
} from './server'
import { clinicTablets } from './tablets'

/**
 * DESIGN §8: the sending half of the sync engine — the real mutators, outbox, loop and HTTP
 * transport on a device — against the real server over a network that loses answers, repeats
 * requests, fails and answers 503, and a session that expires while the tablet is offline.
 */
describe('sending the outbox to the server', () => {
  let server: SyncServer
  let clinic: Clinic
  let people = 2_000

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'acme', 2)
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const someone = () => newPatient(people++)
  const records = () => serverRecords(server, clinic.tenantId)
  const trail = () => serverTrail(server, clinic.tenantId)
  const sends = (device: Device) => device.network.log.filter((exchange) => exchange.method !== 'GET')
  const statuses = async (device: Device) =>
    (await device.db.outbox.orderBy('seq').toArray()).map((e) => e.status)
  /** Whatever waits, waits no longer: the clock moves past any back-off or Retry-After. */
  const later = (device: Device) => device.clock.advance(MAX_WAIT_MS)

  it('retries a lost answer under the same key and makes one patient', async () => {
    const device = tablet()
    const patient = await createPatient(device.db, device.ctx, someone())
    const [entry] = await device.db.outbox.toArray()
    device.network.faults.push('drop-response')

    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'backoff' })
    // The server has it; the device cannot know and keeps the entry.
    expect((await records()).patients.get(patient.id)).toMatchObject({ version: 1 })
    expect(await device.db.outbox.toArray()).toMatchObject([
      { mutationId: entry?.mutationId, attempts: 1, lastError: 'network' },
    ])

    later(device)
    expect(await device.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(sends(device).map((e) => [e.key, e.status, e.delivered])).toEqual([
      [entry?.mutationId, 200, false],
      [entry?.mutationId, 200, true],
    ])
    const { keys, changes, audit } = await trail()
    expect(keys.filter((k) => k.key === entry?.mutationId)).toHaveLength(1)
    expect(changes.filter((c) => c.entityId === patient.id)).toHaveLength(1)
    expect(audit.filter((a) => a.action === 'patient.create' && a.entityId === patient.id)).toHaveLength(1)
    expect(await device.db.patients.get(patient.id)).toMatchObject({ version: 1, syncState: 'synced' })
    expect(await device.db.outbox.count()).toBe(0)
  })

  it('recognises creates by their ids when their keys expired while the tablet was away', async () => {
    const device = tablet()
    const known = await createPatient(device.db, device.ctx, someone())
    await device.loop.runOnce()
    const patient = await createPatient(device.db, device.ctx, someone())
    const reading = await createReading(device.db, device.ctx, 'glucose', glucose(known.id))
    // Both travel in one batch, whose answer is lost.
    device.network.faults.push('drop-response')
    await device.loop.runOnce()
    expect(
      sends(device)
        .slice(-2)
        .map((e) => [e.status, e.delivered]),
    ).toEqual([
      [200, false],
      [200, false],
    ])
    // Past the 90 days keys are kept, only the device's ids tell these retries from new records.
    const { keys } = await sweepExpired(server.database.db, Date.now() + 91 * 86_400_000)
    expect(keys).toBeGreaterThan(0)

    later(device)
    expect(await device.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    expect(
      sends(device)
        .slice(-2)
        .map((e) => [e.status, e.delivered]),
    ).toEqual([
      [200, true],
      [200, true],
    ])
    const held = await records()
    expect(held.patients.get(patient.id)).toMatchObject({ version: 1 })
    expect(held.readings.get(reading.id)).toMatchObject({ version: 1 })
    const { changes } = await trail()
    expect(changes.filter((c) => c.entityId === patient.id || c.entityId === reading.id)).toHaveLength(2)
    expect(await device.db.readings.get(reading.id)).toMatchObject({ version: 1, syncState: 'synced' })
  })

  it('applies an entry sent twice at once only once', async () => {
    const device = tablet()
    const patient = await createPatient(device.db, device.ctx, someone())
    await updatePatient(device.db, device.ctx, patient.id, { phone: '4771234567' })
    const reading = await createReading(device.db, device.ctx, 'blood-pressure', bloodPressure(patient.id))
    device.network.faults.push('duplicate', 'duplicate', 'duplicate')

    await device.loop.runOnce()
    await device.network.settle()
    // The copy that lost the race may have met the key in flight (409); the device then retries.
    later(device)
    await device.loop.runOnce()

    const sent = sends(device)
    expect(sent.length).toBeGreaterThanOrEqual(6)
    for (const exchange of sent) expect([200, 409]).toContain(exchange.status)
    const { patients: held, readings } = await records()
    expect(held.get(patient.id)).toMatchObject({ version: 2, phone: '4771234567' })
    expect(readings.get(reading.id)).toMatchObject({ version: 1 })
    const { changes, audit } = await trail()
    expect(changes.filter((c) => c.entityId === patient.id).map((c) => c.version)).toEqual([1, 2])
    expect(changes.filter((c) => c.entityId === reading.id)).toHaveLength(1)
    expect(audit.filter((a) => a.action === 'patient.update' && a.entityId === patient.id)).toHaveLength(1)
    expect(await device.db.patients.get(patient.id)).toMatchObject({ version: 2, phone: '4771234567' })
    expect(await device.db.outbox.count()).toBe(0)
  })

  it('sends a patient made offline before its reading, even while the patient waits to retry', async () => {
    const device = tablet()
    const known = await createPatient(device.db, device.ctx, someone())
    await device.loop.runOnce()
    device.network.online = false
    const patient = await createPatient(device.db, device.ctx, someone())
    const reading = await createReading(device.db, device.ctx, 'blood-pressure', bloodPressure(patient.id))
    const other = await createReading(device.db, device.ctx, 'glucose', glucose(known.id))
    device.network.online = true
    device.network.entryFaults.push('server-error')

    // The reading of a patient the server already has travels beside the new patient's create
    // (another record) and is stored; the new patient's reading waits for its create.
    expect(await device.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'backoff' })
    const between = await records()
    expect(between.readings.has(other.id)).toBe(true)
    expect(between.readings.has(reading.id)).toBe(false)
    // A write kicks the loop before the patient may retry: nothing else may go yet.
    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })

    later(device)
    expect(await device.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    const delivered = sends(device).filter((e) => e.status === 200)
    expect(delivered.map((e) => e.path).slice(-2)).toEqual([
      '/api/operation/patients/create',
      '/api/operation/patients/blood-pressure',
    ])
    expect((await records()).readings.get(reading.id)).toMatchObject({ patient_id: patient.id, version: 1 })
  })

  it('refuses a patient whose CURP is taken, holds back what depends on it, and leaves no orphan', async () => {
    const colleague = tablet(1)
    const first = someone()
    await createPatient(colleague.db, colleague.ctx, first)
    await colleague.loop.runOnce()

    const device = tablet()
    const twin = await createPatient(device.db, device.ctx, { ...someone(), curp: first.curp })
    const reading = await createReading(device.db, device.ctx, 'glucose', glucose(twin.id))
    await updatePatient(device.db, device.ctx, twin.id, { phone: '8112345678' })

    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })
    expect(sends(device).map((e) => e.status)).toEqual([422])
    const [refused] = await device.db.outbox.toArray()
    expect(refused?.lastError).toBe('Todos los campos obligatorios deben ser llenados')
    expect(await statuses(device)).toEqual(['rejected', 'blocked', 'blocked'])
    expect(await device.db.patients.get(twin.id)).toMatchObject({ syncState: 'rejected' })

    const held = await records()
    expect(held.patients.has(twin.id)).toBe(false)
    expect(held.readings.has(reading.id)).toBe(false)
    const { keys } = await trail()
    const mine = new Set((await device.db.outbox.toArray()).map((e) => e.mutationId))
    expect(keys.filter((k) => mine.has(k.key))).toEqual([])
  })

  it('stops at a 5xx in the middle of the queue and resumes in order when the wait is over', async () => {
    const device = tablet()
    device.network.online = false
    const ana = await createPatient(device.db, device.ctx, someone())
    const beto = await createPatient(device.db, device.ctx, someone())
    await updatePatient(device.db, device.ctx, beto.id, { supervisor: 'Lic. Rosario Villaseñor' })
    const carla = await createPatient(device.db, device.ctx, someone())
    device.network.online = true
    device.network.retryAfterSeconds = 120
    device.network.entryFaults.push(null, 'server-error')

    // Ana, Beto and Carla travel together (three records); Beto's edit waits for his create.
    expect(await device.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'backoff' })
    const [waiting, edit] = await device.db.outbox.orderBy('seq').toArray()
    expect(waiting).toMatchObject({ entityId: beto.id, attempts: 1, lastError: 'retry' })
    // Retry-After is honoured as it is, without jitter.
    expect(waiting?.nextAttemptAt).toBe(device.clock.now() + 120_000)
    expect(edit).toMatchObject({ entityId: beto.id, attempts: 0 })
    const before = await records()
    expect(before.patients.has(ana.id) && before.patients.has(carla.id)).toBe(true)
    expect(before.patients.has(beto.id)).toBe(false)

    // Before the wait is over nothing of Beto's may go; his edit stays behind his create.
    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })
    device.clock.advance(120_000)
    expect(await device.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    const delivered = sends(device).filter((e) => e.status === 200)
    expect(delivered.slice(-2).map((e) => [e.path.replace(/[0-9a-f-]{36}$/, ':id'), e.ifMatch])).toEqual([
      ['/api/operation/patients/create', null],
      ['/api/operation/patients/update/:id', '"1"'],
    ])
    const held = await records()
    expect(held.patients.get(carla.id)).toMatchObject({ version: 1 })
    expect(held.patients.get(beto.id)).toMatchObject({ version: 2, supervisor: 'Lic. Rosario Villaseñor' })
  })

  it('rejects the edit of a patient deleted on the server and still sends what does not depend on it', async () => {
    const device = tablet()
    const patient = await createPatient(device.db, device.ctx, someone())
    await device.loop.runOnce()
    // An administrator deletes the patient on the server (deletes are soft and win).
    await withTenant(server.database.db, clinic.tenantId, async (tx) => {
      const [row] = await tx
        .update(patients)
        .set({ deletedAt: new Date().toISOString(), version: sql`${patients.version} + 1` })
        .where(eq(patients.id, patient.id))
        .returning()
      await recordChange(tx, {
        tenantId: clinic.tenantId,
        entity: 'patient',
        entityId: patient.id,
        op: 'delete',
        version: row?.version ?? 2,
        patientId: patient.id,
      })
    })
    await updatePatient(device.db, device.ctx, patient.id, { phone: '2221234567' })
    await updatePatient(device.db, device.ctx, patient.id, { supervisor: 'Ing. Maribel Ochoa' })
    const other = await createPatient(device.db, device.ctx, someone())
    const reading = await createReading(device.db, device.ctx, 'blood-pressure', bloodPressure(other.id))

    expect(await device.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    const queue = await device.db.outbox.orderBy('seq').toArray()
    expect(queue.map((e) => [e.status, e.lastError])).toEqual([
      ['rejected', 'El registro fue eliminado; no se puede modificar.'],
      ['blocked', null],
    ])
    const held = await records()
    expect(held.patients.get(patient.id)).toMatchObject({ version: 2, phone: patient.phone })
    expect(held.patients.get(other.id)).toMatchObject({ version: 1 })
    expect(held.readings.get(reading.id)).toMatchObject({ version: 1 })

    // The pull shows the person what happened: the row stays, as a tombstone, with its edits.
    await device.catchUp()
    expect(await device.db.patients.get(patient.id)).toMatchObject({
      deleted_at: expect.any(String),
      supervisor: 'Ing. Maribel Ochoa',
      syncState: 'rejected',
    })
  })

  it('refreshes an expired session once for two tabs and replays under the same key', async () => {
    const nurse = nurseOf(clinic, 0)
    const firstTab = tablet()
    // The access token ran out while the tablet was offline.
    firstTab.session.accessToken = await expiredAccessToken(nurse.id)
    const secondTab = firstTab.openTab()
    firstTab.network.online = false
    const fromFirst = await createPatient(firstTab.db, firstTab.ctx, someone())
    const fromSecond = await createPatient(secondTab.db, firstTab.ctx, someone())
    firstTab.network.online = true

    const outcomes = await Promise.all([firstTab.loop.runOnce(), secondTab.loop.runOnce()])
    expect(outcomes).toEqual([
      { sent: 2, stoppedBy: 'idle' },
      { sent: 0, stoppedBy: 'busy' },
    ])
    expect(await secondTab.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })

    expect(firstTab.session.refreshes).toBe(1)
    expect(firstTab.session.authLost).toBe(0)
    const log = firstTab.network.log
    expect(log.filter((e) => e.path === '/api/authentication/refreshtoken')).toHaveLength(1)
    const creates = log.filter((e) => e.path === '/api/operation/patients/create')
    // Both creates travelled with the expired token; each goes again under its own key, after
    // the one refresh.
    const refused = creates.filter((e) => e.status === 401).map((e) => e.key)
    const stored = creates.filter((e) => e.status === 200).map((e) => e.key)
    expect(stored).toHaveLength(2)
    expect(refused.length).toBeGreaterThan(0)
    expect(stored).toEqual(expect.arrayContaining(refused))
    expect(creates.findIndex((e) => e.status === 200)).toBe(refused.length)
    const held = await records()
    expect(held.patients.has(fromFirst.id) && held.patients.has(fromSecond.id)).toBe(true)

    // One rotation: the first refresh token spent, its successor live, the family not revoked.
    await withTenant(server.database.db, clinic.tenantId, async (tx) => {
      const tokens = await tx.select().from(refreshTokens).where(eq(refreshTokens.userId, nurse.id))
      expect(tokens.filter((t) => t.revokedAt !== null)).toEqual([])
      expect(tokens.filter((t) => t.usedAt !== null)).toHaveLength(1)
      const reuse = await tx.select().from(auditLog).where(eq(auditLog.action, 'refresh.reused'))
      expect(reuse).toEqual([])
    })
  })

  it('keeps the order of writing and sane waits when the device clock says 2099', async () => {
    const device = tablet()
    device.clock.set('2099-01-01T00:00:00.000Z')
    device.network.online = false
    const future = await createPatient(device.db, device.ctx, someone())
    await createReading(device.db, device.ctx, 'blood-pressure', bloodPressure(future.id))
    device.network.online = true
    device.network.faults.push('server-error')
    expect(await device.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'backoff' })
    const [waiting] = await device.db.outbox.orderBy('seq').toArray()
    expect(waiting?.nextAttemptAt).toBeGreaterThan(Date.parse('2099-01-01T00:00:00.000Z'))

    // The clock is put right: the wait computed in 2099 must not park the queue for 73 years,
    // and an entry written now (an earlier createdAt) still goes after the ones written before.
    device.clock.set(Date.now())
    const present = await createPatient(device.db, device.ctx, someone())
    const createdAt = (await device.db.outbox.orderBy('seq').toArray()).map((e) => e.createdAt)
    expect(createdAt[2] && createdAt[0] && createdAt[2] < createdAt[0]).toBe(true)

    expect(await device.loop.runOnce()).toEqual({ sent: 3, stoppedBy: 'idle' })
    const delivered = sends(device)
      .filter((e) => e.status === 200)
      .map((e) => e.path)
    // The two patients are two records and may travel together; the reading goes after its
    // patient, whatever the clock said when each was written.
    expect([...delivered].sort()).toEqual([
      '/api/operation/patients/blood-pressure',
      '/api/operation/patients/create',
      '/api/operation/patients/create',
    ])
    expect(delivered.indexOf('/api/operation/patients/blood-pressure')).toBeGreaterThan(
      delivered.indexOf('/api/operation/patients/create'),
    )
    const held = await records()
    // The server stamps its own time: the device's 2099 reaches no record.
    for (const id of [future.id, present.id]) {
      expect(held.patients.get(id)).toMatchObject({ version: 1 })
      expect(Date.parse(String(held.patients.get(id)?.updated_at))).toBeLessThan(Date.parse('2090-01-01'))
    }
  })

  /** An access token of the nurse that expired an hour ago, signed as the server signs them. */
  async function expiredAccessToken(userId: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({
      tenant: clinic.tenantId,
      is_landlord: false,
      is_password_expired: false,
      show_notice_of_privacy: false,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('salud-ocupacional')
      .setIssuedAt(now - 13 * 3600)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(server.config.jwtSecret))
  }
})
