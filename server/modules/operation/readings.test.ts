import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, bloodPressureReadings, changeLog, idempotencyKeys } from '../../db/schema'

/**
 * A reading's create is one statement (claim, write, change feed, audit): each guarantee of
 * DESIGN §5 that the statement or the checks after it carry, through the real route.
 */
describe('creating a reading', () => {
  let t: TestApp
  let tenantId: string
  let patientId: string
  let headers: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    tenantId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    patientId = (await insertPatient(t.database.db, tenantId)).id as string
    const nurse = await buildUser(t.database.db, tenantId, {
      permissions: ['patients-index', 'patients-edit', 'assignments.all'],
    })
    headers = (await signIn(t.app, 'acme.localhost', nurse.email)).headers
  })
  afterAll(() => t.close())

  const reading = (overrides: Record<string, unknown> = {}) => ({
    id: uuidv7(),
    patient_id: patientId,
    taken_at: '2026-11-20T08:30:00.000Z',
    systolic: 128,
    diastolic: 84,
    ...overrides,
  })
  const create = async (body: unknown, key: string | null = uuidv7()) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/operation/patients/blood-pressure',
      headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    })
    return { status: answer.statusCode, data: answer.json().data }
  }
  /** What the transaction left about one reading: its rows, feed entries, audit entries, key. */
  const trail = (readingId: string, key?: string) =>
    withTenant(t.database.db, tenantId, async (tx) => ({
      rows: await tx.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.id, readingId)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, readingId)),
      audit: (await tx.select().from(auditLog).where(eq(auditLog.action, 'blood-pressure.create'))).filter(
        (entry) => (entry.details as { reading?: string } | null)?.reading === readingId,
      ),
      keys: key ? await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)) : [],
    }))

  it('writes the reading, its feed entry, its audit entry and its key, and answers as a read does', async () => {
    const body = reading({ heart_rate: 70, note: 'en reposo' })
    const key = uuidv7()
    const created = await create(body, key)
    expect(created.status).toBe(200)
    expect(created.data).toMatchObject({ id: body.id, version: 1, systolic: 128, heart_rate: 70 })
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/operation/patients/blood-pressure/${body.id}`,
      headers,
    })
    expect(read.json().data).toEqual(created.data)
    const { rows, changes, audit, keys } = await trail(body.id, key)
    expect(rows).toHaveLength(1)
    expect(changes).toMatchObject([{ entity: 'blood-pressure', op: 'upsert', version: 1, patientId }])
    expect(audit).toMatchObject([{ entity: 'patient', entityId: patientId }])
    expect(keys).toMatchObject([{ status: 'done', response: created.data }])
  })

  it('names who recorded it, in the list and in the change feed: a professional, not the patient', async () => {
    const body = reading()
    expect((await create(body)).status).toBe(200)
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/operation/patients/blood-pressure?patient_id=${patientId}`,
      headers,
    })
    const recorder = { name: 'Prueba Usuario', by_patient: false }
    expect(listed.json().data.find((row: { id: string }) => row.id === body.id)).toMatchObject({
      recorded_by: recorder,
    })
    const feed = await t.app.inject({ method: 'GET', url: '/api/sync/changes?limit=1000', headers })
    const change = feed.json().data.changes.find((c: { id: string }) => c.id === body.id)
    expect(change.data).toMatchObject({ recorded_by: recorder })
  })

  it('answers a replay with the stored answer, and writes nothing more', async () => {
    const body = reading()
    const key = uuidv7()
    const first = await create(body, key)
    const again = await create(body, key)
    expect(again).toEqual(first)
    const { rows, changes, audit } = await trail(body.id)
    expect([rows.length, changes.length, audit.length]).toEqual([1, 1, 1])
  })

  it('refuses a key used for another request (422), and keeps nothing of it', async () => {
    const key = uuidv7()
    await create(reading(), key)
    const other = reading()
    expect((await create(other, key)).status).toBe(422)
    const { rows, changes, audit } = await trail(other.id)
    expect([rows.length, changes.length, audit.length]).toEqual([0, 0, 0])
  })

  it('answers the same create under another key with the first result, and refuses another body', async () => {
    const body = reading({ note: 'primera' })
    const first = await create(body)
    const second = await create(body)
    expect(second).toEqual(first)
    expect((await create({ ...body, systolic: 129 })).status).toBe(409)
    expect((await create({ ...body, taken_at: '2026-11-20T08:31:00.000Z' })).status).toBe(409)
    const { rows, changes, audit } = await trail(body.id)
    expect([rows.length, changes.length, audit.length]).toEqual([1, 1, 1])
  })

  it('answers 404 for a patient the tenant does not have, and keeps neither the reading nor the key', async () => {
    const body = reading({ patient_id: uuidv7() })
    const key = uuidv7()
    expect((await create(body, key)).status).toBe(404)
    const { rows, changes, keys } = await trail(body.id, key)
    expect([rows.length, changes.length, keys.length]).toEqual([0, 0, 0])
  })

  it('creates without a key too, once per id', async () => {
    const body = reading()
    expect((await create(body, null)).status).toBe(200)
    expect((await create(body, null)).status).toBe(200)
    expect((await trail(body.id)).changes).toHaveLength(1)
  })
})
