import { call } from '../../src/api/client'
import { bloodPressure } from '../../src/contract/endpoints/operation'
import { syncChanges } from '../../src/contract/endpoints/sync'
import { openLocalDb } from '../../src/db/local-db'
import { createReading } from '../../src/sync/reading-mutators'
import { createSyncLoop } from '../../src/sync/sync-loop'
import { httpTransport } from '../../src/sync/transport'
import type { OutboxReplayResult } from './api'
import { session } from './session'

/** Entries sent a second time after the run, as the loop does when an answer was lost. */
const RESENT = 100

/**
 * Client-side outbox replay: `count` blood-pressure readings recorded through the mutator (row
 * and outbox entry in one Dexie transaction each), then sent by the sync loop over
 * httpTransport — in sync batches (decision 0014), each entry with its Idempotency-Key — to the
 * real server.
 */
export async function outboxReplay(
  patientId: string,
  count: number,
  database: string,
): Promise<OutboxReplayResult> {
  const { tenant, userId, token } = session()
  const db = openLocalDb({ tenant, userId: `${userId}-${database}` })
  await db.delete()
  await db.open()
  try {
    const ctx = { userId, tenant }
    let started = performance.now()
    for (let i = 0; i < count; i++) {
      await createReading(db, ctx, 'blood-pressure', {
        patient_id: patientId,
        taken_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        systolic: 110 + (i % 40),
        diastolic: 70 + (i % 20),
        heart_rate: 60 + (i % 30),
      })
    }
    const enqueueMs = performance.now() - started
    const firstEntries = await db.outbox.orderBy('seq').limit(RESENT).toArray()
    const transport = httpTransport(() => token)
    let sendMs = 0
    const loop = createSyncLoop({
      db,
      transport: {
        async send(entry) {
          const sending = performance.now()
          const result = await transport.send(entry)
          sendMs += performance.now() - sending
          return result
        },
      },
      refreshSession: async () => false,
      onAuthLost: () => {
        throw new Error('the server refused the token')
      },
      currentUserId: () => userId,
    })
    started = performance.now()
    const outcome = await loop.runOnce()
    const drainMs = performance.now() - started
    const left = await db.outbox.count()
    let resentOk = 0
    for (const entry of firstEntries) {
      if ((await transport.send(entry)).kind === 'ok') resentOk++
    }
    return {
      queued: count,
      sent: outcome.sent,
      stoppedBy: outcome.stoppedBy,
      left,
      enqueueMs,
      drainMs,
      sendMs,
      resent: firstEntries.length,
      resentOk,
    }
  } finally {
    await db.delete()
  }
}

export async function feedPatients(count: number): Promise<string[]> {
  const page = await call(syncChanges, { query: { limit: String(count) } })
  return page.changes.filter((change) => change.entity === 'patient').map((change) => change.id)
}

export async function storedReadings(patientId: string): Promise<number> {
  const readings = await call(bloodPressure.list, { query: { patient_id: patientId } })
  return Array.isArray(readings) ? readings.length : Number.NaN
}
