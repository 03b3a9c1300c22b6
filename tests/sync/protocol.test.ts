import { and, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { bloodPressureReadings, changeLogHorizon, idempotencyKeys, patients } from '../../server/db/schema'
import { buildTestApp, type TestApp } from '../fixtures/app'
import { listen, tenantClient } from '../fixtures/http'
import { buildPatient } from '../fixtures/patients'
import { buildTenant } from '../fixtures/tenants'
import { buildUser, signIn } from '../fixtures/users'

/**
 * The server side of the sync protocol (DESIGN §5) through real HTTP: idempotent replays, the
 * device's ids, versions with If-Match, and the change feed with its cursor, tombstones and reset.
 */
describe('the sync protocol, server side', () => {
  let t: TestApp
  let server: Awaited<ReturnType<typeof listen>>
  let nurse: ReturnType<typeof tenantClient>
  let patientUser: ReturnType<typeof tenantClient>
  let tenantId: string
  let ownPatientId: string

  const patientBody = (overrides: Record<string, unknown> = {}) => {
    const row = buildPatient('x')
    return {
      id: uuidv7(),
      name: row.name,
      last_name: row.lastName,
      second_last_name: row.secondLastName ?? null,
      birth_date: row.birthDate,
      curp: row.curp,
      administrative_status: 'active',
      ...overrides,
    }
  }
  const reading = (patientId: string, overrides: Record<string, unknown> = {}) => ({
    id: uuidv7(),
    patient_id: patientId,
    taken_at: '2026-11-20T08:30:00.000Z',
    systolic: 128,
    diastolic: 84,
    heart_rate: 72,
    ...overrides,
  })
  const countPatients = (id: string) =>
    withTenant(
      t.database.db,
      tenantId,
      async (tx) => (await tx.select().from(patients).where(eq(patients.id, id))).length,
    )

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' })
    const clinic = await buildTenant(t.database.db, { slug: 'acme' })
    tenantId = clinic.id
    await buildUser(t.database.db, tenantId, {
      email: 'nurse@acme.mx',
      permissions: ['patients-index', 'patients-create', 'patients-edit', 'assignments.all'],
    })
    const own = buildPatient(tenantId)
    ownPatientId = own.id as string
    await withTenant(t.database.db, tenantId, (tx) => tx.insert(patients).values(own))
    await buildUser(t.database.db, tenantId, { email: 'self@acme.mx', patientId: ownPatientId })
    server = await listen(t.app)
    const host = 'acme.localhost'
    nurse = tenantClient(server.base, host, (await signIn(t.app, host, 'nurse@acme.mx')).accessToken)
    patientUser = tenantClient(server.base, host, (await signIn(t.app, host, 'self@acme.mx')).accessToken)
  })
  afterAll(async () => {
    await server.close()
    await t.database.close()
  })

  describe('idempotency', () => {
    it('answers a retry after a lost response with the first answer, and one row', async () => {
      const body = patientBody()
      const key = uuidv7()
      const first = await nurse('POST', '/api/operation/patients/create', body, { 'idempotency-key': key })
      expect(first.status).toBe(200)
      // The answer was lost on the way: the device sends the same entry again.
      const again = await nurse('POST', '/api/operation/patients/create', body, { 'idempotency-key': key })
      expect(again.status).toBe(200)
      expect(again.body.data).toEqual(first.body.data)
      expect(await countPatients(body.id)).toBe(1)
    })

    it('applies the same entry sent twice at once only once', async () => {
      const body = patientBody()
      const key = uuidv7()
      const both = await Promise.all([
        nurse('POST', '/api/operation/patients/create', body, { 'idempotency-key': key }),
        nurse('POST', '/api/operation/patients/create', body, { 'idempotency-key': key }),
      ])
      for (const answer of both) expect([200, 409]).toContain(answer.status)
      expect(both.some((a) => a.status === 200)).toBe(true)
      expect(await countPatients(body.id)).toBe(1)
    })

    it('refuses a key reused for another request, and changes nothing', async () => {
      const key = uuidv7()
      const body = patientBody()
      await nurse('POST', '/api/operation/patients/create', body, { 'idempotency-key': key })
      const other = patientBody()
      const reused = await nurse('POST', '/api/operation/patients/create', other, { 'idempotency-key': key })
      expect(reused.status).toBe(422)
      expect(reused.body.message).toBe('Esta clave de operación ya se usó con otros datos.')
      expect(await countPatients(other.id)).toBe(0)
    })

    it('keeps nothing of a request that failed: a retry runs again', async () => {
      const key = uuidv7()
      const bad = patientBody({ curp: 'NO-ES-CURP' })
      expect(
        (await nurse('POST', '/api/operation/patients/create', bad, { 'idempotency-key': key })).status,
      ).toBe(422)
      const rows = await withTenant(t.database.db, tenantId, (tx) =>
        tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.key, key))),
      )
      expect(rows).toEqual([])
    })

    it('answers a create repeated with another key but the same id and content with the first result', async () => {
      const body = patientBody()
      const first = await nurse('POST', '/api/operation/patients/create', body, {
        'idempotency-key': uuidv7(),
      })
      const second = await nurse('POST', '/api/operation/patients/create', body, {
        'idempotency-key': uuidv7(),
      })
      expect(second.status).toBe(200)
      expect(second.body.data).toEqual(first.body.data)
      const clash = await nurse(
        'POST',
        '/api/operation/patients/create',
        { ...body, name: 'Otro' },
        { 'idempotency-key': uuidv7() },
      )
      expect(clash.status).toBe(409)
    })
  })

  describe('versions', () => {
    it('sends ETag on reads, needs If-Match on updates, and answers 412 with the current record', async () => {
      const body = patientBody()
      await nurse('POST', '/api/operation/patients/create', body)
      const read = await nurse('GET', `/api/operation/patients/${body.id}`)
      expect(read.headers.get('etag')).toBe('"1"')

      const missing = await nurse('PUT', `/api/operation/patients/update/${body.id}`, { phone: '4421234567' })
      expect(missing.status).toBe(428)
      const updated = await nurse(
        'PUT',
        `/api/operation/patients/update/${body.id}`,
        { phone: '4421234567' },
        { 'if-match': '"1"' },
      )
      expect(updated.status).toBe(200)
      expect(updated.body.data).toMatchObject({ phone: '4421234567', version: 2, name: body.name })
      expect(updated.headers.get('etag')).toBe('"2"')

      const stale = await nurse(
        'PUT',
        `/api/operation/patients/update/${body.id}`,
        { supervisor: 'Ing. Treviño' },
        { 'if-match': '1' },
      )
      expect(stale.status).toBe(412)
      expect(stale.body.data).toMatchObject({ id: body.id, version: 2, phone: '4421234567' })
    })

    it('ignores the device clock: a reading dated 2099 changes no order or version', async () => {
      const body = patientBody()
      await nurse('POST', '/api/operation/patients/create', body)
      const future = await nurse(
        'POST',
        '/api/operation/patients/blood-pressure',
        reading(body.id, { taken_at: '2099-01-01T00:00:00.000Z' }),
      )
      expect(future.status).toBe(200)
      expect(future.body.data).toMatchObject({ version: 1 })
      const update = await nurse(
        'PUT',
        `/api/operation/patients/update/${body.id}`,
        { key: 'K-1' },
        { 'if-match': '1' },
      )
      expect(update.body.data).toMatchObject({ version: 2 })
    })
  })

  describe('readings', () => {
    it('refuses an out-of-range reading and one for a patient of someone else', async () => {
      const body = patientBody()
      await nurse('POST', '/api/operation/patients/create', body)
      const low = await nurse(
        'POST',
        '/api/operation/patients/blood-pressure',
        reading(body.id, { systolic: 59 }),
      )
      expect(low.status).toBe(422)
      expect(Object.keys(low.body.errors ?? {})).toEqual(['systolic'])
      // A patient records only their own readings.
      expect(
        (await patientUser('POST', '/api/operation/patients/blood-pressure', reading(body.id))).status,
      ).toBe(403)
      const own = await patientUser('POST', '/api/operation/patients/glucose', {
        id: uuidv7(),
        patient_id: ownPatientId,
        taken_at: '2026-11-21T07:00:00.000Z',
        glucose: 98,
        moment: 'fasting',
      })
      expect(own.status).toBe(200)
    })
  })

  describe('the change feed', () => {
    const pullAll = async (client: ReturnType<typeof tenantClient>, cursor?: string, limit = 1000) => {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })
      const page = await client('GET', `/api/sync/changes?${query}`)
      expect(page.status).toBe(200)
      return page.body.data as {
        changes: Array<{
          entity: string
          id: string
          op: string
          version: number
          data: Record<string, unknown> | null
        }>
        cursor: string | null
        hasMore: boolean
        reset: boolean
      }
    }

    it('pages every change after the cursor, each record once with its current data', async () => {
      const start = (await pullAll(nurse)).cursor ?? undefined
      const created: string[] = []
      for (let i = 0; i < 5; i++) {
        const body = patientBody()
        await nurse('POST', '/api/operation/patients/create', body)
        created.push(body.id)
      }
      await nurse(
        'PUT',
        `/api/operation/patients/update/${created[0]}`,
        { supervisor: 'Ing. Lara' },
        { 'if-match': '1' },
      )
      const first = await pullAll(nurse, start, 3)
      expect(first.hasMore).toBe(true)
      const rest = await pullAll(nurse, first.cursor ?? undefined, 100)
      expect(rest.hasMore).toBe(false)
      const ids = [...first.changes, ...rest.changes].filter((c) => c.entity === 'patient').map((c) => c.id)
      expect(new Set(ids)).toEqual(new Set(created))
      const edited = [...first.changes, ...rest.changes].filter((c) => c.id === created[0]).at(-1)
      expect(edited).toMatchObject({ op: 'upsert', version: 2, data: { supervisor: 'Ing. Lara' } })
      // Nothing new: the same cursor comes back with no changes.
      const none = await pullAll(nurse, rest.cursor ?? undefined)
      expect(none.changes).toEqual([])
      expect(none.cursor).toBe(rest.cursor)
    })

    it('sends a deleted reading as a tombstone', async () => {
      const body = patientBody()
      await nurse('POST', '/api/operation/patients/create', body)
      const cursor = (await pullAll(nurse)).cursor ?? undefined
      const r = reading(body.id)
      await nurse('POST', '/api/operation/patients/blood-pressure', r)
      expect((await nurse('DELETE', `/api/operation/patients/blood-pressure/${r.id}`)).status).toBe(200)
      const page = await pullAll(nurse, cursor)
      expect(page.changes).toEqual([
        { entity: 'blood-pressure', id: r.id, op: 'delete', version: 2, data: null },
      ])
      const rows = await withTenant(t.database.db, tenantId, (tx) =>
        tx.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.id, r.id)),
      )
      expect(rows[0]?.deletedAt).not.toBeNull()
    })

    it('shows a patient only their own records', async () => {
      const page = await pullAll(patientUser)
      const patientIds = new Set(
        page.changes.map((c) => (c.entity === 'patient' ? c.id : c.data?.patient_id)),
      )
      expect([...patientIds]).toEqual([ownPatientId])
    })

    it('answers reset for a cursor older than the log keeps', async () => {
      const old = (await pullAll(nurse)).cursor as string
      await nurse('POST', '/api/operation/patients/create', patientBody())
      const latest = (await pullAll(nurse, old)).cursor as string
      const [txid, seq] = latest.split('.')
      // The log was pruned up to the newest change.
      await withTenant(t.database.db, tenantId, (tx) =>
        tx.insert(changeLogHorizon).values({ tenantId, txid: txid as string, seq: Number(seq) }),
      )
      expect(await pullAll(nurse, old)).toMatchObject({ reset: true, changes: [], cursor: null })
      expect((await pullAll(nurse, latest)).reset).toBe(false)
      await withTenant(t.database.db, tenantId, (tx) => tx.delete(changeLogHorizon).where(sql`true`))
    })
  })
})
