import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../tests/fixtures/tenants'
import { withTenant } from '../db/client'
import { auditLog } from '../db/schema'
import { recordAudit } from './audit'

describe('audit log', () => {
  let t: TestApp
  let acme: TenantFixture
  let globex: TenantFixture

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    globex = await buildTenant(t.database.db, { slug: 'globex' })
  })
  afterAll(() => t.close())

  it('records who did what to which record, visible to that tenant only', async () => {
    const actorId = '0190a6f0-7c1e-7a8b-9c3d-1e2f3a4b5c6d'
    await withTenant(t.database.db, acme.id, (tx) =>
      recordAudit(tx, {
        tenantId: acme.id,
        actorId,
        action: 'read',
        entity: 'patient',
        entityId: 'p-1',
        ip: '192.0.2.10',
        userAgent: 'tablet',
      }),
    )
    const acmeEntries = await withTenant(t.database.db, acme.id, (tx) => tx.select().from(auditLog))
    expect(acmeEntries).toHaveLength(1)
    expect(acmeEntries[0]).toMatchObject({
      actorId,
      action: 'read',
      entity: 'patient',
      entityId: 'p-1',
      ip: '192.0.2.10',
    })
    expect(await withTenant(t.database.db, globex.id, (tx) => tx.select().from(auditLog))).toEqual([])
  })

  it('writes nothing when the transaction of the change rolls back', async () => {
    const failing = withTenant(t.database.db, globex.id, async (tx) => {
      await recordAudit(tx, { tenantId: globex.id, actorId: null, action: 'update', entity: 'patient' })
      throw new Error('the change failed')
    })
    await expect(failing).rejects.toThrow('the change failed')
    expect(await withTenant(t.database.db, globex.id, (tx) => tx.select().from(auditLog))).toEqual([])
  })
})
