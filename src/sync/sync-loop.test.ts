import { describe, expect, it, vi } from 'vitest'
import type { LocalDb, OutboxEntry } from '../db/local-db'
import { MAX_DELAY_MS } from './backoff'
import { createPatient, type MutationContext, updatePatient } from './mutators'
import { ATTENTION_AFTER_MS, isFailingTooLong, retry } from './outbox'
import { createReading } from './reading-mutators'
import { createSyncLoop, type SyncLocks, type SyncLoopOptions } from './sync-loop'
import {
  aBloodPressure,
  aDevice,
  aPatient,
  aSyncedPatient,
  CURPS,
  pendingEntries,
  scriptedTransport,
  serverCopy,
} from './test-fixtures'
import type { SendResult, Transport } from './transport'

/** vi.waitFor's 1 s is short on a loaded 2-core machine (a suite running beside it): 5 s. */
const LOADED = { timeout: 5_000 }

const NOW = Date.parse('2026-11-22T10:00:00.000Z')

function aLoop(db: LocalDb, transport: Transport, overrides: Partial<SyncLoopOptions> = {}) {
  const refreshSession = vi.fn(async () => true)
  const onAuthLost = vi.fn()
  const loop = createSyncLoop({
    db,
    transport,
    refreshSession,
    onAuthLost,
    now: () => NOW,
    random: () => 0.5,
    locks: null,
    ...overrides,
  })
  return { loop, refreshSession, onAuthLost }
}

describe('sending the outbox', () => {
  it('sends every entry in order and stores the answers as rows and shadows', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const reading = await createReading(db, ctx, 'blood-pressure', aBloodPressure(patient.id))
    const transport = scriptedTransport()
    const { loop } = aLoop(db, transport)
    expect(await loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    expect(transport.sent.map((e) => e.kind)).toEqual(['patient.create', 'reading.create'])
    expect(await db.outbox.count()).toBe(0)
    expect(await db.patients.get(patient.id)).toMatchObject({ version: 1, syncState: 'synced' })
    expect(await db.readings.get(reading.id)).toMatchObject({
      version: 1,
      syncState: 'synced',
      kind: 'blood-pressure',
    })
    expect(await db.shadows.get(['patient', patient.id])).toMatchObject({ version: 1 })
  })

  it('gives an edit queued behind its create the version the create got', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await updatePatient(db, ctx, patient.id, { phone: '3398765432' })
    const transport = scriptedTransport([
      (entry) => ({ kind: 'ok', record: serverCopy(entry, 1) }),
      (entry) => ({
        kind: 'ok',
        record: { ...serverCopy(entry, 2), ...aPatient(), phone: '3398765432', id: patient.id },
      }),
    ])
    await aLoop(db, transport).loop.runOnce()
    expect(transport.sent[1]).toMatchObject({ baseVersion: 1, body: { phone: '3398765432' } })
    expect(await db.patients.get(patient.id)).toMatchObject({
      phone: '3398765432',
      version: 2,
      syncState: 'synced',
    })
  })

  it('keeps a later edit visible when an earlier one is acknowledged', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432' })
    await updatePatient(db, ctx, server.id, { address_other: 'Calle Hidalgo 45' })
    const transport = scriptedTransport([
      { kind: 'ok', record: { ...server, phone: '3398765432', version: 4 } },
      { kind: 'network' },
    ])
    await aLoop(db, transport).loop.runOnce()
    expect(await db.patients.get(server.id)).toMatchObject({
      phone: '3398765432',
      address_other: 'Calle Hidalgo 45',
      version: 4,
      syncState: 'pending',
    })
    // The second edit was based on the first, which the server applied as version 4.
    expect(transport.sent[1]).toMatchObject({ baseVersion: 4 })
  })

  it('keeps a newer pulled copy when an older answer (a replay of a lost one) arrives', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const { syncState: _state, ...fields } = patient
    // The feed brought version 2, edited elsewhere, while the create still waited to be heard.
    const pulled = { ...fields, supervisor: 'Ing. Treviño', version: 2 }
    await db.shadows.put({ entity: 'patient', id: patient.id, version: 2, data: pulled })
    const transport = scriptedTransport([(entry) => ({ kind: 'ok', record: serverCopy(entry, 1) })])
    await aLoop(db, transport).loop.runOnce()
    expect(await db.patients.get(patient.id)).toMatchObject({
      supervisor: 'Ing. Treviño',
      version: 2,
      syncState: 'synced',
    })
    expect(await db.shadows.get(['patient', patient.id])).toMatchObject({ version: 2 })
  })

  it('sends nothing written by another user', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    const transport = scriptedTransport()
    const { loop } = aLoop(db, transport, { currentUserId: () => 'doctor-7' })
    expect(await loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'other-user' })
    expect(transport.sent).toEqual([])
  })

  it('sends again an entry a closed tab left as sending, under the same key', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    const [entry] = await pendingEntries(db)
    await db.outbox.update(entry?.seq as number, { status: 'sending' })
    const transport = scriptedTransport()
    await aLoop(db, transport).loop.runOnce()
    expect(transport.sent.map((e) => e.mutationId)).toEqual([entry?.mutationId])
  })

  it('leaves the queue to the tab that holds the lock', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    const held: SyncLocks = { request: (_name, _options, work) => work(null) }
    const transport = scriptedTransport()
    expect(await aLoop(db, transport, { locks: held }).loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'busy' })
    const names: string[] = []
    const free: SyncLocks = {
      request: (name, _options, work) => {
        names.push(name)
        return work({ name, mode: 'exclusive' } as Lock) // A granted lock as the browser describes it.
      },
    }
    expect(await aLoop(db, transport, { locks: free }).loop.runOnce()).toMatchObject({ sent: 1 })
    expect(names).toEqual([`salud-sync-${db.name}`])
  })
})

describe('sending several records at once', () => {
  /** A server that answers only when told, so the test sees what travels together. */
  function heldTransport() {
    const travelling: OutboxEntry[] = []
    const waiting: Array<() => void> = []
    let most = 0
    const transport: Transport = {
      async send(entry) {
        travelling.push(entry)
        most = Math.max(most, travelling.length)
        await new Promise<void>((resolve) => waiting.push(resolve))
        travelling.splice(travelling.indexOf(entry), 1)
        return {
          kind: 'ok',
          record: serverCopy(entry, entry.baseVersion === null ? 1 : entry.baseVersion + 1),
        }
      },
    }
    /** Answers everything travelling now, once it has all set off. */
    const answerAll = async () => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0), LOADED)
      for (const resolve of waiting.splice(0)) resolve()
    }
    return { transport, travelling, answerAll, most: () => most }
  }

  it("sends different records together and one record's entries one after another", async () => {
    const { db, ctx } = aDevice()
    const maria = await createPatient(db, ctx, aPatient())
    await updatePatient(db, ctx, maria.id, { phone: '3398765432' })
    const juan = await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    const reading = await createReading(db, ctx, 'blood-pressure', aBloodPressure(juan.id))
    const ana = await createPatient(db, ctx, aPatient({ name: 'Ana', curp: CURPS.ana }))
    const server = heldTransport()
    const run = aLoop(db, server.transport).loop.runOnce()

    // First the three creates: María's edit waits for her create, Juan's reading for him.
    await vi.waitFor(() => expect(server.travelling).toHaveLength(3), LOADED)
    expect(server.travelling.map((entry) => entry.entityId).sort()).toEqual(
      [maria.id, juan.id, ana.id].sort(),
    )
    await server.answerAll()
    await vi.waitFor(() => expect(server.travelling).toHaveLength(2), LOADED)
    expect(server.travelling.map((entry) => entry.kind).sort()).toEqual(['patient.update', 'reading.create'])
    expect(server.travelling.find((entry) => entry.kind === 'reading.create')?.entityId).toBe(reading.id)
    await server.answerAll()

    expect(await run).toEqual({ sent: 5, stoppedBy: 'idle' })
    expect(server.most()).toBe(3)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.patients.get(maria.id)).toMatchObject({
      version: 2,
      phone: '3398765432',
      syncState: 'synced',
    })
  })

  it('sends one entry at a time with a concurrency of 1', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    const server = heldTransport()
    const run = aLoop(db, server.transport, { concurrency: 1 }).loop.runOnce()
    await server.answerAll()
    await server.answerAll()
    expect(await run).toEqual({ sent: 2, stoppedBy: 'idle' })
    expect(server.most()).toBe(1)
  })
})

describe('when the server cannot answer', () => {
  it('backs off with jitter and stops the run on a 5xx', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    await createPatient(db, ctx, aPatient({ name: 'Ana', curp: CURPS.ana }))
    const transport = scriptedTransport([{ kind: 'retry', status: 503 }])
    // One entry at a time: the run stops at the 5xx and the next entry is not sent.
    const strict = aLoop(db, transport, { concurrency: 1 })
    expect(await strict.loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'backoff' })
    expect(transport.sent).toHaveLength(1)
    const [first, second] = await pendingEntries(db)
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'retry' })
    expect(first?.nextAttemptAt).toBeGreaterThanOrEqual(NOW + 1_000)
    expect(first?.nextAttemptAt).toBeLessThanOrEqual(NOW + MAX_DELAY_MS)
    expect(second).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('sends nothing more after a 5xx, and stores what was already travelling', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    await createPatient(db, ctx, aPatient({ name: 'Ana', curp: CURPS.ana }))
    const transport = scriptedTransport([{ kind: 'retry', status: 503 }])
    const { loop } = aLoop(db, transport, { concurrency: 2 })
    expect(await loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'backoff' })
    // The first two travelled together; the third was never sent.
    expect(transport.sent.map((entry) => entry.seq)).toEqual([1, 2])
    const [first, third] = await pendingEntries(db)
    expect(first).toMatchObject({ seq: 1, status: 'pending', attempts: 1, lastError: 'retry' })
    expect(third).toMatchObject({ seq: 3, status: 'pending', attempts: 0 })
  })

  it('waits as long as Retry-After asks', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    await aLoop(db, scriptedTransport([{ kind: 'retry', status: 503, retryAfterMs: 120_000 }])).loop.runOnce()
    const [entry] = await pendingEntries(db)
    expect(entry?.nextAttemptAt).toBe(NOW + 120_000)
  })

  it('never gives up: a lost connection only grows the wait', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    let clock = NOW
    const transport = scriptedTransport(Array.from({ length: 12 }, () => ({ kind: 'network' as const })))
    const { loop } = aLoop(db, transport, { now: () => clock, random: () => 0.999 })
    for (let i = 0; i < 12; i++) {
      await loop.runOnce()
      clock += MAX_DELAY_MS
    }
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({ status: 'pending', attempts: 12 })
    expect((entry?.nextAttemptAt ?? 0) - (clock - MAX_DELAY_MS)).toBeLessThanOrEqual(MAX_DELAY_MS)
  })

  it('asks a person to look at an entry the server has failed for a day, and still retries it', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    let clock = NOW
    // 5xx, then a lost connection and a 429 (which neither start nor end the day), then 5xx again.
    const answers: SendResult[] = [
      { kind: 'retry', status: 500 },
      { kind: 'network' },
      { kind: 'retry', status: 429 },
      { kind: 'retry', status: 503 },
    ]
    const { loop } = aLoop(db, scriptedTransport(answers), { now: () => clock })
    const entryNow = async () => (await pendingEntries(db))[0] as OutboxEntry
    await loop.runOnce()
    expect((await entryNow()).failingSince).toBe(NOW)
    for (let hour = 1; hour <= 3; hour++) {
      clock = NOW + hour * 8 * 60 * 60_000
      await loop.runOnce()
    }
    const entry = await entryNow()
    expect(entry).toMatchObject({ status: 'pending', attempts: 4, failingSince: NOW })
    expect(isFailingTooLong(entry, clock - 1)).toBe(false)
    expect(isFailingTooLong(entry, NOW + ATTENTION_AFTER_MS)).toBe(true)
    // Sent again by hand, it starts afresh; acknowledged, it leaves the outbox.
    await retry(db, entry.seq as number)
    expect((await entryNow()).failingSince).toBeUndefined()
    expect(await loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
  })

  it('does not start the day on a 429 or a lost connection', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    const transport = scriptedTransport([{ kind: 'retry', status: 429 }])
    await aLoop(db, transport).loop.runOnce()
    await aLoop(db, scriptedTransport([{ kind: 'network' }]), {
      now: () => NOW + MAX_DELAY_MS,
    }).loop.runOnce()
    expect((await pendingEntries(db))[0]?.failingSince).toBeUndefined()
  })
})

describe('when the session has expired', () => {
  it('refreshes once and replays the same entry with the same key', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    const transport = scriptedTransport([{ kind: 'unauthorized' }])
    const { loop, refreshSession, onAuthLost } = aLoop(db, transport)
    expect(await loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(refreshSession).toHaveBeenCalledTimes(1)
    expect(onAuthLost).not.toHaveBeenCalled()
    const [first, replay] = transport.sent
    expect(replay?.mutationId).toBe(first?.mutationId)
    expect(replay?.body).toEqual(first?.body)
  })

  it('lets a trigger during a refresh join it instead of refreshing again', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    let finish: (ok: boolean) => void = () => {}
    const refreshSession = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)))
    const transport = scriptedTransport([{ kind: 'unauthorized' }])
    const { loop } = aLoop(db, transport, { refreshSession })
    const runs = [loop.runOnce(), loop.runOnce()]
    await vi.waitFor(() => expect(refreshSession).toHaveBeenCalled(), LOADED)
    finish(true)
    await Promise.all(runs)
    expect(refreshSession).toHaveBeenCalledTimes(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps the whole queue and asks for a login when the refresh fails', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    const before = await pendingEntries(db)
    // Both travel together with the same expired token: both are refused.
    const transport = scriptedTransport([{ kind: 'unauthorized' }, { kind: 'unauthorized' }])
    const refreshSession = vi.fn(async () => false)
    const { loop, onAuthLost } = aLoop(db, transport, { refreshSession })
    expect(await loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'auth-lost' })
    expect(refreshSession).toHaveBeenCalledTimes(1)
    expect(onAuthLost).toHaveBeenCalledTimes(1)
    expect(transport.sent).toHaveLength(2)
    expect(await pendingEntries(db)).toEqual(before)
  })

  it('stops when the refreshed token is refused too, instead of refreshing for ever', async () => {
    const { db, ctx } = aDevice()
    await createPatient(db, ctx, aPatient())
    const transport = scriptedTransport([{ kind: 'unauthorized' }, { kind: 'unauthorized' }])
    const { loop, refreshSession, onAuthLost } = aLoop(db, transport)
    expect(await loop.runOnce()).toMatchObject({ stoppedBy: 'auth-lost' })
    expect(refreshSession).toHaveBeenCalledTimes(1)
    expect(onAuthLost).toHaveBeenCalledTimes(1)
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('when the server refuses', () => {
  it('marks the entry rejected, blocks its dependents and sends the independent ones', async () => {
    const { db, ctx } = aDevice()
    const guadalupe = await createPatient(db, ctx, aPatient())
    await createReading(db, ctx, 'blood-pressure', aBloodPressure(guadalupe.id))
    const juan = await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    const transport = scriptedTransport([
      {
        kind: 'rejected',
        status: 422,
        message: 'La CURP ya está registrada',
        errors: { curp: ['field.unique'] },
      },
    ])
    expect(await aLoop(db, transport).loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect((await pendingEntries(db)).map((e) => e.status)).toEqual(['rejected', 'blocked'])
    expect(await db.patients.get(guadalupe.id)).toMatchObject({ syncState: 'rejected' })
    expect(await db.patients.get(juan.id)).toMatchObject({ syncState: 'synced' })
  })
})

describe('when someone else changed the patient (412)', () => {
  it('merges disjoint fields and resends them on the new version', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432' })
    const theirs = { ...server, address_other: 'Calle Hidalgo 45', version: 4 }
    const transport = scriptedTransport([
      { kind: 'version-mismatch', current: theirs },
      { kind: 'ok', record: { ...theirs, phone: '3398765432', version: 5 } },
    ])
    expect(await aLoop(db, transport).loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    const [first, resend] = transport.sent
    expect(resend).toMatchObject({
      mutationId: first?.mutationId,
      baseVersion: 4,
      body: { phone: '3398765432' },
    })
    expect(await db.patients.get(server.id)).toMatchObject({
      phone: '3398765432',
      address_other: 'Calle Hidalgo 45',
      version: 5,
      syncState: 'synced',
    })
    expect(await db.conflicts.count()).toBe(0)
  })

  it('drops the entry when the server already holds the same change', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432' })
    const theirs = { ...server, phone: '3398765432', version: 4 }
    const transport = scriptedTransport([{ kind: 'version-mismatch', current: theirs }])
    await aLoop(db, transport).loop.runOnce()
    expect(transport.sent).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.patients.get(server.id)).toMatchObject({ version: 4, syncState: 'synced' })
  })

  it('records a conflict for the same field changed on both sides and sends nothing more', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432' })
    const theirs = { ...server, phone: '3311112222', version: 4 }
    const transport = scriptedTransport([{ kind: 'version-mismatch', current: theirs }])
    expect(await aLoop(db, transport).loop.runOnce()).toEqual({ sent: 0, stoppedBy: 'idle' })
    expect(transport.sent).toHaveLength(1)
    expect(await db.conflicts.toArray()).toEqual([
      expect.objectContaining({
        entity: 'patient',
        entityId: server.id,
        field: 'phone',
        base: '3312345678',
        mine: '3398765432',
        theirs: '3311112222',
      }),
    ])
    expect((await pendingEntries(db))[0]).toMatchObject({ status: 'conflict' })
    expect(await db.patients.get(server.id)).toMatchObject({ phone: '3398765432', syncState: 'conflict' })
  })

  it('detects the conflict even after a pull moved the shadow to their version', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432' })
    const theirs = { ...server, phone: '3311112222', version: 4 }
    await db.shadows.put({ entity: 'patient', id: server.id, version: 4, data: theirs })
    await aLoop(db, scriptedTransport([{ kind: 'version-mismatch', current: theirs }])).loop.runOnce()
    expect((await db.conflicts.toArray()).map((c) => c.field)).toEqual(['phone'])
  })

  it('backs off a record that keeps changing under every resend', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432' })
    let version = 3
    const moving = () => ({ kind: 'version-mismatch' as const, current: { ...server, version: ++version } })
    const transport = scriptedTransport(Array.from({ length: 10 }, () => moving))
    expect(await aLoop(db, transport).loop.runOnce()).toMatchObject({ stoppedBy: 'backoff' })
    expect(transport.sent).toHaveLength(4)
  })
})

describe('clocks', () => {
  it('sends in the order of writing even when the device clock says 2099', async () => {
    const { db, ctx } = aDevice()
    const future: MutationContext = { ...ctx, now: () => new Date('2099-12-31T23:59:59Z') }
    const first = await createPatient(db, future, aPatient())
    const second = await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    const transport = scriptedTransport()
    await aLoop(db, transport, { now: () => Date.parse('2099-12-31T23:59:59Z') }).loop.runOnce()
    expect(transport.sent.map((e) => e.entityId)).toEqual([first.id, second.id])
  })
})

describe('triggers', () => {
  it('sends at once when the network comes back, without waiting out the backoff of the offline attempts', async () => {
    const { db, ctx } = aDevice()
    const transport = scriptedTransport([{ kind: 'network' }, { kind: 'network' }, { kind: 'network' }])
    const { loop } = aLoop(db, transport, { now: () => NOW, intervalMs: 60_000 })
    await createPatient(db, ctx, aPatient())
    for (let attempt = 0; attempt < 3; attempt++) {
      await db.outbox.toCollection().modify({ nextAttemptAt: 0 })
      await loop.runOnce()
    }
    const [waiting] = await db.outbox.toArray()
    expect(waiting).toMatchObject({ attempts: 3, lastError: 'network' })
    expect(waiting?.nextAttemptAt).toBeGreaterThan(NOW)
    loop.start()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(transport.sent).toHaveLength(3)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), LOADED)
    expect(transport.sent).toHaveLength(4)
    loop.stop()
  })

  it('sends at once when the network comes back while an offline attempt is still being answered', async () => {
    const { db, ctx } = aDevice()
    let fail: (answer: SendResult) => void = () => {}
    const travelling = new Promise<SendResult>((resolve) => {
      fail = resolve
    })
    const transport = scriptedTransport([{ kind: 'network' }, () => travelling])
    const { loop } = aLoop(db, transport, { now: () => NOW, intervalMs: 60_000 })
    await createPatient(db, ctx, aPatient())
    await loop.runOnce()
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 })
    const run = loop.runOnce()
    await vi.waitFor(() => expect(transport.sent).toHaveLength(2), LOADED)
    loop.start()
    // The network returns while the second offline attempt is on its way; its failure (and the
    // back-off it stores) arrives only afterwards.
    window.dispatchEvent(new Event('online'))
    fail({ kind: 'network' })
    await run
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), LOADED)
    expect(transport.sent).toHaveLength(3)
    loop.stop()
  })

  it('keeps the wait the server asked for when the network comes back', async () => {
    const { db, ctx } = aDevice()
    const transport = scriptedTransport([{ kind: 'retry', status: 503, retryAfterMs: 120_000 }])
    const { loop } = aLoop(db, transport, { now: () => NOW, intervalMs: 60_000 })
    await createPatient(db, ctx, aPatient())
    await loop.runOnce()
    loop.start()
    window.dispatchEvent(new Event('online'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(transport.sent).toHaveLength(1)
    expect((await db.outbox.toArray())[0]?.nextAttemptAt).toBe(NOW + 120_000)
    loop.stop()
  })

  it('runs on start, when the device comes online and when kicked', async () => {
    const { db, ctx } = aDevice()
    const transport = scriptedTransport([{ kind: 'network' }])
    let clock = NOW
    const { loop } = aLoop(db, transport, { now: () => clock, intervalMs: 60_000 })
    await createPatient(db, ctx, aPatient())
    loop.start()
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), LOADED)
    clock += MAX_DELAY_MS
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(transport.sent).toHaveLength(2), LOADED)
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), LOADED)
    await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    loop.kick()
    await vi.waitFor(() => expect(transport.sent).toHaveLength(3), LOADED)
    // stop() ends the triggers, not a run under way: the run that sent Juan looks at the queue
    // once more before it ends, and on a loaded machine it would find Ana there. Let it end first.
    await loop.runOnce()
    loop.stop()
    await createPatient(db, ctx, aPatient({ name: 'Ana', curp: CURPS.juan }))
    window.dispatchEvent(new Event('online'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(transport.sent).toHaveLength(3)
  })
})
