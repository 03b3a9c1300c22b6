import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { recordChange } from '../../server/platform/change-log'
import { buildTestApp, type TestApp } from '../fixtures/app'
import { listen, tenantClient } from '../fixtures/http'
import { buildPatient } from '../fixtures/patients'
import { buildTenant } from '../fixtures/tenants'
import { buildUser, signIn } from '../fixtures/users'

/**
 * DESIGN §5: a transaction that commits late is not skipped by the change feed. It needs two
 * transactions open at once, so it runs on PostgreSQL only (the `server-pg` project: CI, and
 * locally with DATABASE_URL); the embedded database runs one transaction at a time, where a late
 * commit cannot happen.
 */
describe('the change feed and a transaction that commits late', () => {
  let t: TestApp
  let server: Awaited<ReturnType<typeof listen>>
  let nurse: ReturnType<typeof tenantClient>
  let tenantId: string

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' })
    tenantId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    await buildUser(t.database.db, tenantId, {
      email: 'nurse@acme.mx',
      permissions: ['patients-index', 'patients-create', 'assignments.all'],
    })
    server = await listen(t.app)
    nurse = tenantClient(
      server.base,
      'acme.localhost',
      (await signIn(t.app, 'acme.localhost', 'nurse@acme.mx')).accessToken,
    )
  })
  afterAll(async () => {
    await server.close()
    await t.database.close()
  })

  const pull = async (cursor?: string) =>
    (await nurse('GET', `/api/sync/changes${cursor ? `?cursor=${cursor}` : ''}`)).body.data as {
      changes: Array<{ id: string }>
      cursor: string
    }

  it('holds back later commits until the earlier transaction ends, then sends both', async () => {
    const start = (await pull()).cursor
    const slow = buildPatient(tenantId)
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let started!: () => void
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve
    })
    // Transaction A takes its id first and stays open.
    const slowTransaction = withTenant(t.database.db, tenantId, async (tx) => {
      const { patients } = await import('../../server/db/schema')
      await tx.insert(patients).values(slow)
      await recordChange(tx, {
        tenantId,
        entity: 'patient',
        entityId: slow.id as string,
        op: 'upsert',
        version: 1,
        patientId: slow.id as string,
      })
      started()
      await gate
    })
    await slowStarted

    // Transaction B starts later and commits first.
    const fast = buildPatient(tenantId)
    const created = await nurse('POST', '/api/operation/patients/create', {
      id: uuidv7(),
      name: fast.name,
      last_name: fast.lastName,
      birth_date: fast.birthDate,
      curp: fast.curp,
      administrative_status: 'active',
    })
    expect(created.status).toBe(200)
    const fastId = (created.body.data as { id: string }).id

    // While A runs, B's change is held back: a cursor past it would skip A forever.
    const during = await pull(start)
    expect(during.changes.map((c) => c.id)).not.toContain(fastId)

    release()
    await slowTransaction
    const after = await pull(during.cursor)
    expect(after.changes.map((c) => c.id)).toEqual([slow.id, fastId])
  })
})
