import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MutationKind } from '../../src/db/local-db'
import { MAX_DELAY_MS, MAX_WAIT_MS } from '../../src/sync/backoff'
import { type ConflictChoice, resolveConflicts } from '../../src/sync/conflicts'
import { createPatient, updatePatient } from '../../src/sync/mutators'
import { discard } from '../../src/sync/outbox'
import { createReading } from '../../src/sync/reading-mutators'
import { differencesFromServer } from './compare'
import { type Device, openDevice } from './device'
import { bloodPressure, glucose, newPatient } from './people'
import { openClinic, type SyncServer, serverRecords, serverTrail, startSyncServer } from './server'

/**
 * DESIGN §8's randomized run: three tablets of one clinic write, go offline, lose answers, repeat
 * requests, meet 503s and cut connections, pull and send in a random order while the server
 * restarts under them.
 * Then everything comes back online and runs until quiet — conflicts settled by a person's choice,
 * refused records discarded with a reason — and three things must hold: every acknowledged
 * mutation was applied exactly once, no outbox entry was lost, and every tablet shows what the
 * server holds.
 *
 * A failure prints fast-check's seed and path;
 * `SYNC_SEED=<seed> SYNC_PATH=<path> npx vitest run --project server tests/sync/randomized` replays it.
 */

/** A few values per field, so that two tablets often touch the same field, and sometimes agree. */
const EDITS = {
  phone: ['3312345678', '5598765432', '8112223344'],
  supervisor: ['Ing. Adolfo Garza', 'Lic. Rosario Villaseñor', 'Dra. Leticia Zamudio'],
  address_other: ['Calle Hidalgo 12, Col. Centro', 'Av. Reforma 300, Col. Jardines'],
  marital_status: ['single', 'married', 'widowed'],
  emergency_contact_name: ['Ramón Ibarra', 'Teresa Lozano'],
} as const

const tablet = fc.integer({ min: 0, max: 2 })
const on = <K extends string>(kind: K) => fc.record({ do: fc.constant(kind), on: tablet })

const command = fc.oneof(
  { weight: 4, arbitrary: on('create-patient') },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('create-twin'), on: tablet, of: fc.nat(20) }) },
  {
    weight: 7,
    arbitrary: fc.record({
      do: fc.constant('edit'),
      on: tablet,
      patient: fc.nat(20),
      changes: fc
        .record(
          {
            phone: fc.constantFrom(...EDITS.phone),
            supervisor: fc.constantFrom(...EDITS.supervisor),
            address_other: fc.constantFrom(...EDITS.address_other),
            marital_status: fc.constantFrom(...EDITS.marital_status),
            emergency_contact_name: fc.constantFrom(...EDITS.emergency_contact_name),
          },
          { requiredKeys: [] },
        )
        .filter((changes) => Object.keys(changes).length > 0),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('reading'),
      on: tablet,
      patient: fc.nat(20),
      kind: fc.constantFrom('blood-pressure' as const, 'glucose' as const),
      level: fc.integer({ min: 0, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: on('offline') },
  { weight: 2, arbitrary: on('online') },
  { weight: 2, arbitrary: on('drop-next') },
  // A lost answer matters most on a send; a fault left waiting may otherwise land on a pull.
  { weight: 2, arbitrary: on('run-losing-answer') },
  { weight: 2, arbitrary: on('duplicate-next') },
  { weight: 1, arbitrary: on('fail-next') },
  // One entry of the next batch fails while the others are applied (decision 0014).
  { weight: 1, arbitrary: on('fail-entry') },
  { weight: 1, arbitrary: on('cut-next') },
  {
    weight: 6,
    arbitrary: fc.record({
      do: fc.constant('run'),
      on: tablet,
      wait: fc.constantFrom(0, 1_500, MAX_DELAY_MS),
    }),
  },
  { weight: 4, arbitrary: on('pull') },
  { weight: 1, arbitrary: on('clock-2099') },
  { weight: 1, arbitrary: on('clock-now') },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('sync-everyone') }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('restart-server') }) },
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never

const scenario = fc.record({
  commands: fc.array(command, { minLength: 20, maxLength: 45, size: 'max' }),
  /** How the person at each tablet settles a same-field conflict. */
  choice: fc.constantFrom<ConflictChoice>('mine', 'theirs'),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
})
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never

/** What a mutator queued, as the tablet wrote it. */
interface Written {
  device: string
  kind: MutationKind
  entityId: string
}

/** Modest, to keep the file within a minute on PGlite; SYNC_RUNS=200 for a longer hunt. */
const RUNS = Number(process.env.SYNC_RUNS ?? 12)
const QUIET_ROUNDS = 12

describe('three tablets and a flaky network, at random', () => {
  let server: SyncServer
  let round = 0

  beforeAll(async () => {
    server = await startSyncServer()
  })
  afterAll(() => server.close())

  it(
    'ends with every acknowledged mutation applied once, no entry lost, and every tablet equal to the server',
    async () => {
      // A failure prints { seed, path }: SYNC_SEED and SYNC_PATH replay exactly that run.
      const { SYNC_SEED, SYNC_PATH } = process.env
      await fc.assert(
        fc.asyncProperty(scenario, (s) => play(s)),
        // No shrinking: each try replays a whole clinic; the seed reproduces the failing run.
        {
          numRuns: RUNS,
          endOnFailure: true,
          ...(SYNC_SEED ? { seed: Number(SYNC_SEED) } : {}),
          ...(SYNC_PATH ? { path: SYNC_PATH } : {}),
        },
      )
    },
    Math.max(120_000, RUNS * 6_000),
  )

  async function play(s: Scenario): Promise<void> {
    const clinic = await openClinic(server, `ronda${++round}`, 3)
    const devices = clinic.nurses.map((nurse, index) =>
      openDevice(server, clinic, nurse, { seed: s.seed + index, name: `tableta-${index + 1}` }),
    )
    const written = new Map<string, Written>()
    // The patients each tablet knows, in the order it learnt of them (UUIDv7 ids sort so).
    const known: string[][] = devices.map(() => [])
    let people = s.seed

    const deviceAt = (index: number): Device => {
      const device = devices[index]
      if (!device) throw new Error(`there is no tablet number ${index}`)
      return device
    }
    const learn = async (index: number) => {
      const ids = (await deviceAt(index).db.patients.toCollection().primaryKeys()).map(String)
      for (const id of ids) if (!known[index]?.includes(id)) known[index]?.push(id)
    }
    const note = async (device: Device) => {
      const entry = await device.db.outbox.orderBy('seq').last()
      if (entry)
        written.set(entry.mutationId, { device: device.name, kind: entry.kind, entityId: entry.entityId })
    }
    const pick = async (index: number, n: number) => {
      const ids = known[index] ?? []
      const id = ids[n % Math.max(ids.length, 1)]
      return id ? deviceAt(index).db.patients.get(id) : undefined
    }

    const apply = async (c: Command) => {
      if (c.do === 'restart-server') return server.restart()
      if (c.do === 'sync-everyone') {
        // Each tablet sends what it can, then hears what the others sent before it.
        for (const [index, device] of devices.entries()) {
          await device.loop.runOnce()
          await pullIfReachable(device)
          await learn(index)
        }
        return
      }
      const device = deviceAt(c.on)
      const { db, ctx, network, clock } = device
      switch (c.do) {
        case 'create-patient':
        case 'create-twin': {
          const twin = c.do === 'create-twin' ? await pick(c.on, c.of) : undefined
          if (c.do === 'create-twin' && !twin) return
          const patient = await createPatient(db, ctx, newPatient(people++, twin ? { curp: twin.curp } : {}))
          known[c.on]?.push(patient.id)
          return note(device)
        }
        case 'edit': {
          const patient = await pick(c.on, c.patient)
          if (patient && (await updatePatient(db, ctx, patient.id, c.changes))) await note(device)
          return
        }
        case 'reading': {
          const patient = await pick(c.on, c.patient)
          if (!patient) return
          if (c.kind === 'glucose') {
            await createReading(db, ctx, 'glucose', glucose(patient.id, { glucose: 70 + c.level * 2 }))
          } else {
            const values = { systolic: 95 + c.level, diastolic: 60 + Math.floor(c.level / 2) }
            await createReading(db, ctx, 'blood-pressure', bloodPressure(patient.id, values))
          }
          return note(device)
        }
        case 'offline':
          network.online = false
          return
        case 'online':
          network.online = true
          return
        case 'drop-next':
          network.faults.push('drop-response')
          return
        case 'run-losing-answer':
          network.faults.push('drop-response')
          await device.loop.runOnce()
          return
        case 'duplicate-next':
          network.faults.push('duplicate')
          return
        case 'fail-next':
          network.faults.push('server-error')
          return
        case 'fail-entry':
          network.entryFaults.push('server-error')
          return
        case 'cut-next':
          network.faults.push('network-error')
          return
        case 'run':
          clock.advance(c.wait)
          await device.loop.runOnce()
          return
        case 'pull':
          await pullIfReachable(device)
          return learn(c.on)
        case 'clock-2099':
          clock.set('2099-06-01T12:00:00.000Z')
          return
        case 'clock-now':
          clock.set(Date.now())
          return
      }
    }

    // The clinic's morning: two patients already on every tablet, so edits can meet.
    const morning: Command[] = [
      { do: 'create-patient', on: 0 },
      { do: 'create-patient', on: 1 },
      { do: 'run', on: 0, wait: 0 },
      { do: 'run', on: 1, wait: 0 },
      { do: 'pull', on: 0 },
      { do: 'pull', on: 1 },
      { do: 'pull', on: 2 },
    ]
    try {
      for (const c of [...morning, ...s.commands]) {
        await apply(c)
        // A repeated request may still be on its way: it lands before the next step.
        await Promise.all(devices.map((device) => device.network.settle()))
      }
      await quiesce(devices, s.choice)
      await check(devices, clinic.tenantId, written)
    } finally {
      for (const device of devices) await device.close()
    }
  }

  /**
   * Everything online, the clocks put right, and rounds of send, pull and a person's decisions
   * until a whole round changes nothing anywhere; then every tablet hears the feed to its end.
   */
  async function quiesce(devices: Device[], choice: ConflictChoice): Promise<void> {
    for (const device of devices) {
      device.network.online = true
      device.network.faults.length = 0
      device.network.entryFaults.length = 0
      device.clock.set(Date.now())
    }
    for (let quietRound = 0; quietRound < QUIET_ROUNDS; quietRound++) {
      let moved = false
      for (const device of devices) {
        device.clock.advance(MAX_WAIT_MS)
        const outcome = await device.loop.runOnce()
        if (outcome.sent > 0 || outcome.stoppedBy !== 'idle') moved = true
        if ((await device.pull()) > 0) moved = true
        if ((await settleByHand(device, choice)) > 0) moved = true
        if ((await device.db.outbox.count()) > 0) moved = true
      }
      if (!moved) {
        // A quiet round may still have come back short: the feed holds changes back while a
        // transaction is open anywhere on the database server. Hear the rest before judging.
        for (const device of devices) await device.catchUp()
        return
      }
    }
    throw new Error(`the tablets were still busy after ${QUIET_ROUNDS} rounds`)
  }

  async function check(devices: Device[], tenantId: string, written: Map<string, Written>): Promise<void> {
    const held = await serverRecords(server, tenantId)
    const { keys, changes, audit } = await serverTrail(server, tenantId)
    const acknowledged = new Set(
      devices.flatMap((device) =>
        device.network.log
          .filter((e) => e.delivered && e.status !== null && e.status < 300)
          .flatMap((e) => (e.key ? [e.key] : [])),
      ),
    )
    const discarded = new Set<string>()
    for (const device of devices) {
      for (const rejection of await device.db.rejections.toArray()) discarded.add(rejection.mutationId)
      // No entry lost: whatever is not acknowledged is accounted for below, never just gone.
      expect(await device.db.outbox.toArray()).toEqual([])
    }
    expect(keys.filter((k) => k.status !== 'done')).toEqual([])
    const applied = new Set(keys.map((k) => k.key))

    for (const [mutationId, mutation] of written) {
      const what = `${mutation.kind} ${mutationId} of ${mutation.device}`
      if (acknowledged.has(mutationId)) {
        expect(applied.has(mutationId), `${what} acknowledged, never applied`).toBe(true)
      } else if (discarded.has(mutationId)) {
        expect(applied.has(mutationId), `${what} discarded after the server applied it`).toBe(false)
      } else {
        // Only an edit may end unsent: the server already held it, or a person chose theirs.
        expect(mutation.kind, `${what} vanished`).toBe('patient.update')
        expect(applied.has(mutationId), `${what} applied, never acknowledged`).toBe(false)
      }
    }
    for (const key of applied) expect(written.has(key), `a write nobody queued: ${key}`).toBe(true)

    // Exactly once: one create per record, and each applied edit is one version, one feed row
    // and one audit entry — a second application would show in all three.
    const appliedOf = (kind: MutationKind, entityId: string) =>
      [...written.entries()].filter(
        ([id, m]) => m.kind === kind && m.entityId === entityId && applied.has(id),
      ).length
    for (const [id, patient] of held.patients) {
      const edits = appliedOf('patient.update', id)
      expect(appliedOf('patient.create', id), `creates of patient ${id}`).toBe(1)
      expect(patient.version, `version of patient ${id}`).toBe(1 + edits)
      expect(changes.filter((c) => c.entityId === id)).toHaveLength(patient.version)
      expect(audit.filter((a) => a.action === 'patient.update' && a.entityId === id)).toHaveLength(edits)
    }
    for (const [id, reading] of held.readings) {
      expect(appliedOf('reading.create', id), `creates of reading ${id}`).toBe(1)
      expect(reading.version).toBe(1)
      expect(changes.filter((c) => c.entityId === id)).toHaveLength(1)
    }
    const creates = [...written.entries()].filter(([id, m]) => m.kind !== 'patient.update' && applied.has(id))
    expect(creates).toHaveLength(held.patients.size + held.readings.size)

    for (const device of devices) expect(await differencesFromServer(device, held)).toEqual([])
  }
})

/** A pull the network may cut short: the stored cursor keeps what was applied. */
async function pullIfReachable(device: Device): Promise<void> {
  try {
    await device.pull()
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (message !== 'fetch failed' && !message.startsWith('the change feed answered 5')) throw error
  }
}

/**
 * What the person at the tablet does on the sync screen: settles each conflicting record with
 * one choice for every field, and discards refused records (a CURP already registered) with a
 * reason, which takes what depended on them along. Returns how many decisions were made.
 */
async function settleByHand(device: Device, choice: ConflictChoice): Promise<number> {
  const { db } = device
  let decisions = 0
  const conflicts = await db.conflicts.toArray()
  for (const entityId of new Set(conflicts.map((c) => c.entityId))) {
    const fields = conflicts.filter((c) => c.entityId === entityId).map((c) => c.field)
    await resolveConflicts(db, 'patient', entityId, Object.fromEntries(fields.map((f) => [f, choice])))
    decisions++
  }
  const reason = 'La CURP ya pertenece a otro paciente registrado en la clínica.'
  for (const { seq } of await db.outbox.where('status').equals('rejected').toArray()) {
    if (seq !== undefined) decisions += await discard(db, seq, reason, device.ctx.userId)
  }
  return decisions
}
