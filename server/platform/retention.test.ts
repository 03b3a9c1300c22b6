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

  it('forgets idempotency keys past 90 days and change-log rows past 180, moving the horizon', async () => {
    await withTenant(database.db, tenantId, async (tx) => {
      await tx.insert(idempotencyKeys).values([
        { tenantId, key: 'old-key-0001', requestHash: 'h', status: 'done', createdAt: ago(91) },
        { tenantId, key: 'new-key-0001', requestHash: 'h', status: 'done', createdAt: ago(89) },
      ])
    })
    for (const [index, age] of [200, 190, 10].entries()) {
      await withTenant(database.db, tenantId, async (tx) => {
        await recordChange(tx, {
          tenantId,
          entity: 'patient',
          entityId: `0190a6f0-7c1e-7a8b-9c3d-00000000000${index}`,
          op: 'upsert',
          version: 1,
          patientId: null,
        })
        await tx.execute(
          sql`update change_log set created_at = ${ago(age)} where entity_id = ${`0190a6f0-7c1e-7a8b-9c3d-00000000000${index}`}`,
        )
      })
    }

    expect(await sweepExpired(database.db)).toEqual({ keys: 1, changes: 2 })
    await withTenant(database.db, tenantId, async (tx) => {
      expect((await tx.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['new-key-0001'])
      expect((await tx.select().from(changeLog)).map((c) => c.entityId)).toEqual([
        '0190a6f0-7c1e-7a8b-9c3d-000000000002',
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
