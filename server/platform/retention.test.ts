import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../tests/fixtures/database'
import { buildTenant } from '../../tests/fixtures/tenants'
import { type Database, withTenant } from '../db/client'
import { changeLog, changeLogHorizon, idempotencyKeys } from '../db/schema'
import { recordChange } from './change-log'
import { sweepExpired } from './retention'

describe('the retention sweep', () => {
  let database: Database
  let tenantId: string

  beforeAll(async () => {
    database = await openTestDatabase()
    tenantId = (await buildTenant(database.db, { slug: 'acme' })).id
  })
  afterAll(() => database.close())

  const day = 86_400_000
  const ago = (days: number) => new Date(Date.now() - days * day).toISOString()

  it('forgets idempotency keys past 90 days and change-log rows past 180, moving the horizon, but never a live record', async () => {
    await withTenant(database.db, tenantId, async (tx) => {
      await tx.insert(idempotencyKeys).values([
        { tenantId, key: 'old-key-0001', requestHash: 'h', status: 'done', createdAt: ago(91) },
        { tenantId, key: 'new-key-0001', requestHash: 'h', status: 'done', createdAt: ago(89) },
      ])
    })
    const id = (n: number) => `0190a6f0-7c1e-7a8b-9c3d-00000000000${n}`
    const history = [
      { n: 0, op: 'upsert', version: 1, age: 200 },
      { n: 0, op: 'upsert', version: 2, age: 190 },
      { n: 1, op: 'delete', version: 2, age: 195 },
      { n: 2, op: 'upsert', version: 1, age: 10 },
    ] as const
    for (const { n, op, version, age } of history) {
      await withTenant(database.db, tenantId, async (tx) => {
        await recordChange(tx, { tenantId, entity: 'patient', entityId: id(n), op, version, patientId: null })
        await tx.execute(
          sql`update change_log set created_at = ${ago(age)} where entity_id = ${id(n)} and version = ${version}`,
        )
      })
    }

    expect(await sweepExpired(database.db)).toEqual({ keys: 1, changes: 3 })
    await withTenant(database.db, tenantId, async (tx) => {
      expect((await tx.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['new-key-0001'])
      // A full resync reads the log from its start: the record still alive is noted again (at its
      // current version, above the horizon); the tombstone and the superseded change are gone.
      const kept = await tx.select().from(changeLog).orderBy(changeLog.seq)
      expect(kept.map((c) => [c.entityId, c.op, c.version])).toEqual([
        [id(2), 'upsert', 1],
        [id(0), 'upsert', 2],
      ])
      const [horizon] = await tx
        .select()
        .from(changeLogHorizon)
        .where(eq(changeLogHorizon.tenantId, tenantId))
      expect(horizon).toBeDefined()
    })
    // Nothing more to forget.
    expect(await sweepExpired(database.db)).toEqual({ keys: 0, changes: 0 })
  })
})
