import { and, asc, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BATCH_LIMIT } from '../../../src/contract/schemas/sync'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, bloodPressureReadings, changeLog, idempotencyKeys, patients } from '../../db/schema'

/**
 * POST /api/sync/batch (decision 0014): each entry runs as its own call would — permission,
 * validation, tenant, Idempotency-Key, If-Match, audit — and is answered on its own; the batch
 * as a whole needs a session and a well-formed body, and counts once against the rate limit.
 */
describe('a sync batch', () => {
  let t: TestApp
  let acme: string
  let globex: string
  let nurse: Record<string, string>
  let reader: Record<string, string>
  let foreigner: Record<string, string>
  let patientId: string
  let otherPatientId: string
  let globexPatientId: string

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
    globex = (await buildTenant(t.database.db, { slug: 'globex' })).id
    patientId = (await insertPatient(t.database.db, acme)).id as string
    otherPatientId = (await insertPatient(t.database.db, acme)).id as string
    globexPatientId = (await insertPatient(t.database.db, globex)).id as string
    const permissions = ['patients-index', 'patients-edit', 'assignments.all']
    const nurseUser = await buildUser(t.database.db, acme, { permissions })
    const readerUser = await buildUser(t.database.db, acme, { permissions: ['patients-index'] })
    const globexUser = await buildUser(t.database.db, globex, { permissions })
    nurse = (await signIn(t.app, 'acme.localhost', nurseUser.email)).headers
    reader = (await signIn(t.app, 'acme.localhost', readerUser.email)).headers
    foreigner = (await signIn(t.app, 'globex.localhost', globexUser.email)).headers
  })
  afterAll(() => t.close())

  const reading = (patient: string, overrides: Record<string, unknown> = {}) => ({
    key: uuidv7(),
    method: 'POST' as const,
    path: '/api/operation/patients/blood-pressure',
    body: {
      id: uuidv7(),
      patient_id: patient,
      taken_at: '2026-11-24T08:30:00.000Z',
      systolic: 124,
      diastolic: 80,
      ...overrides,
    },
  })
  const phoneChange = (patient: string, version: number | null, phone: string) => ({
    key: uuidv7(),
    method: 'PUT' as const,
    path: `/api/operation/patients/update/${patient}`,
    ...(version === null ? {} : { ifMatch: `"${version}"` }),
    body: { phone },
  })
  const send = async (
    headers: Record<string, string>,
    requests: unknown[],
    extra: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/batch',
      headers: { ...headers, ...extra },
      payload: { requests },
    })
    return { status: response.statusCode, body: response.json() }
  }
  const readings = (patient: string) =>
    withTenant(t.database.db, acme, (tx) =>
      tx.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.patientId, patient)),
    )
  const patientRow = (id: string, tenant = acme) =>
    withTenant(
      t.database.db,
      tenant,
      async (tx) => (await tx.select().from(patients).where(eq(patients.id, id)))[0],
    )

  it('runs every entry as its own call and answers each in order', async () => {
    const first = reading(patientId)
    const second = reading(otherPatientId, { heart_rate: 70 })
    const edit = phoneChange(patientId, 1, '4771112233')
    const { status, body } = await send(nurse, [first, second, edit])
    expect(status).toBe(200)
    expect(body.data.answers).toMatchObject([
      { status: 200, retryAfter: null, body: { error: false, data: { id: first.body.id, version: 1 } } },
      { status: 200, body: { data: { id: second.body.id, heart_rate: 70 } } },
      { status: 200, body: { data: { id: patientId, version: 2, phone: '4771112233' } } },
    ])
    expect(await readings(otherPatientId)).toHaveLength(1)
    expect(await patientRow(patientId)).toMatchObject({ version: 2, phone: '4771112233' })
    const trail = await withTenant(t.database.db, acme, async (tx) => ({
      keys: await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, acme), eq(idempotencyKeys.key, first.key))),
      audit: await tx.select().from(auditLog).where(eq(auditLog.action, 'patient.update')),
    }))
    expect(trail.keys).toMatchObject([{ status: 'done' }])
    // Each entry is audited as the call it is, from the device's address.
    expect(trail.audit.filter((entry) => entry.entityId === patientId)).toMatchObject([{ ip: '127.0.0.1' }])
  })

  it('answers a batch sent again with the first answers and changes nothing more', async () => {
    const batch = [reading(patientId), phoneChange(otherPatientId, 1, '4779998877')]
    const before = (await readings(patientId)).length
    const first = await send(nurse, batch)
    const again = await send(nurse, batch)
    expect(again.body.data.answers).toEqual(first.body.data.answers)
    expect(await readings(patientId)).toHaveLength(before + 1)
    expect(await patientRow(otherPatientId)).toMatchObject({ version: 2, phone: '4779998877' })
  })

  it('refuses an entry on its own (422, 412, 428, 404) and applies the others', async () => {
    const bad = reading(patientId, { systolic: 400 })
    const good = reading(patientId)
    const row = await patientRow(otherPatientId)
    const stale = phoneChange(otherPatientId, 1, '4770000001')
    const unversioned = phoneChange(otherPatientId, null, '4770000002')
    const massive = {
      key: uuidv7(),
      method: 'POST',
      path: '/api/operation/patients/assignment/massive',
      body: {},
    }
    const { status, body } = await send(nurse, [bad, good, stale, unversioned, massive], {
      'accept-language': 'en',
    })
    expect(status).toBe(200)
    const [refused, applied, mismatch, missing, unknown] = body.data.answers
    expect(refused).toMatchObject({
      status: 422,
      body: { error: true, errors: { systolic: [expect.any(String)] } },
    })
    expect(applied).toMatchObject({ status: 200, body: { data: { id: good.body.id } } })
    // The 412 carries the current record, for the device's three-way merge.
    expect(mismatch).toMatchObject({
      status: 412,
      body: { data: { id: otherPatientId, version: row?.version } },
    })
    expect(missing).toMatchObject({ status: 428 })
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: true, message: 'The requested resource was not found.' },
    })
    expect((await readings(patientId)).some((r) => r.id === bad.body.id)).toBe(false)
    expect(await patientRow(otherPatientId)).toMatchObject({ version: row?.version, phone: row?.phone })
  })

  it('answers an entry that can never succeed with its own 4xx, never a 5xx a device would retry forever', async () => {
    const row = await patientRow(otherPatientId)
    const entries = [
      reading(patientId, { note: 'Después del turno\u0000' }),
      reading(patientId, { note: 'x\ud800' }),
      reading(patientId, { taken_at: '2026-02-30T08:30:00.000Z' }),
      { ...phoneChange(otherPatientId, null, '4770000003'), ifMatch: '"9999999999"' },
      { ...phoneChange(otherPatientId, 1, '4770000004'), body: {} },
      { ...phoneChange(otherPatientId, 1, '4770000005'), body: { nickname: 'Lupita' } },
      reading(patientId),
    ]
    const { status, body } = await send(nurse, entries)
    expect(status).toBe(200)
    expect(body.data.answers.map((answer: { status: number }) => answer.status)).toEqual([
      422, 422, 422, 412, 422, 422, 200,
    ])
    expect(body.data.answers[0].body.errors).toEqual({
      note: ['Contiene caracteres que no se pueden guardar.'],
    })
    expect(await patientRow(otherPatientId)).toMatchObject({ version: row?.version, phone: row?.phone })
  })

  it('holds each entry to its own permission (403) and tenant (404)', async () => {
    const allergy = {
      key: uuidv7(),
      method: 'POST',
      path: '/api/operation/patients/allergies-tolerances',
      body: { id: uuidv7(), patient_id: patientId, description: 'Penicilina' },
    }
    const denied = await send(reader, [allergy])
    expect(denied.body.data.answers).toMatchObject([
      { status: 403, body: { message: 'Lo sentimos no tiene permiso para acceder' } },
    ])
    const intoAcme = phoneChange(patientId, 2, '4775550000')
    const crossed = await send(foreigner, [intoAcme, phoneChange(globexPatientId, 1, '5512345678')])
    expect(crossed.body.data.answers).toMatchObject([{ status: 404 }, { status: 200 }])
    expect(await patientRow(patientId)).toMatchObject({ phone: '4771112233' })
    expect(await patientRow(globexPatientId, globex)).toMatchObject({ phone: '5512345678' })
  })

  it("runs one user's batches one after another, never interleaved", async () => {
    const one = Array.from({ length: 6 }, () => reading(otherPatientId))
    const two = Array.from({ length: 6 }, () => reading(otherPatientId))
    const answers = await Promise.all([send(nurse, one), send(nurse, two)])
    for (const { status, body } of answers) {
      expect(status).toBe(200)
      expect(body.data.answers.map((a: { status: number }) => a.status)).toEqual(Array(6).fill(200))
    }
    const ids = new Set([...one, ...two].map((entry) => entry.body.id))
    const order = await withTenant(t.database.db, acme, (tx) =>
      tx.select().from(changeLog).where(eq(changeLog.tenantId, acme)).orderBy(asc(changeLog.seq)),
    )
    const batchOf = (id: string) => (one.some((entry) => entry.body.id === id) ? 'one' : 'two')
    const runs = order
      .filter((change) => ids.has(change.entityId))
      .map((change) => batchOf(change.entityId))
      .filter((batch, index, all) => batch !== all[index - 1])
    // Whichever arrived first ran whole before the other started.
    expect(runs).toHaveLength(2)
  })

  it('needs a session (401) for the whole batch', async () => {
    const { status, body } = await send({ host: 'acme.localhost' }, [reading(patientId)])
    expect(status).toBe(401)
    expect(body.error).toBe(true)
  })

  it('refuses a malformed batch whole (422) and runs none of it', async () => {
    const before = (await readings(patientId)).length
    const tooMany = Array.from({ length: BATCH_LIMIT + 1 }, () => reading(patientId))
    const over = await send(nurse, tooMany)
    expect(over.status).toBe(422)
    expect(over.body.errors).toEqual({ requests: ['Admite como máximo 50 elementos.'] })
    const badKey = await send(nurse, [reading(patientId), { ...reading(patientId), key: 'x' }])
    expect(badKey.status).toBe(422)
    expect(Object.keys(badKey.body.errors)).toEqual(['requests.1.key'])
    const outside = await send(nurse, [{ ...reading(patientId), path: 'http://evil.example/api/x' }])
    expect(outside.status).toBe(422)
    expect((await send(nurse, [])).status).toBe(422)
    expect(await readings(patientId)).toHaveLength(before)
  })
})

describe('a sync batch and the rate limit', () => {
  it('counts once, however many entries it carries', async () => {
    const t = await buildTestApp({ RATE_LIMIT_MAX: '2' })
    try {
      const acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
      const patientId = (await insertPatient(t.database.db, acme)).id as string
      const nurse = await buildUser(t.database.db, acme, {
        permissions: ['patients-index', 'patients-edit', 'assignments.all'],
      })
      const { headers } = await signIn(t.app, 'acme.localhost', nurse.email)
      const ten = () =>
        Array.from({ length: 10 }, () => ({
          key: uuidv7(),
          method: 'POST',
          path: '/api/operation/patients/blood-pressure',
          body: {
            id: uuidv7(),
            patient_id: patientId,
            taken_at: '2026-11-24T08:30:00.000Z',
            systolic: 120,
            diastolic: 80,
          },
        }))
      const send = () =>
        t.app.inject({ method: 'POST', url: '/api/sync/batch', headers, payload: { requests: ten() } })
      for (const answer of [await send(), await send()]) {
        expect(answer.statusCode).toBe(200)
        expect(answer.json().data.answers.map((a: { status: number }) => a.status)).toEqual(
          Array(10).fill(200),
        )
      }
      // Twenty entries went through under a limit of two requests; the third request is one too many.
      expect((await send()).statusCode).toBe(429)
      const stored = await withTenant(t.database.db, acme, (tx) =>
        tx.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.patientId, patientId)),
      )
      expect(stored).toHaveLength(20)
    } finally {
      await t.close()
    }
  })
})
