import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READING_KINDS, type ReadingKind } from '../../../src/contract/schemas/readings'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, changeLog, patientAssignments } from '../../db/schema'

const BASE = '/api/operation/patients'

/**
 * Each self-tracking kind: its path, a valid body of SPEC §5 values, an amendment of some of
 * them, and a body out of range (the contract's limits).
 */
const KINDS: Record<
  ReadingKind,
  {
    path: string
    values: Record<string, unknown>
    amendment: Record<string, unknown>
    outOfRange: Record<string, unknown>
  }
> = {
  'blood-pressure': {
    path: '/blood-pressure',
    values: { systolic: 128, diastolic: 84, heart_rate: 70 },
    amendment: { diastolic: 80 },
    outOfRange: { systolic: 251, diastolic: 84 },
  },
  glucose: {
    path: '/glucose',
    values: { glucose: 104.5, moment: 'fasting' },
    amendment: { moment: 'after-meal' },
    outOfRange: { glucose: 39 },
  },
  somatometry: {
    path: '/somatometry',
    values: {
      weight_kg: 72.5,
      height_m: 1.68,
      waist_cm: 84,
      hip_cm: 98.5,
      temperature_c: 36.6,
      oximetry: 97,
      heart_rate: 72,
      respiratory_rate: 16,
    },
    amendment: { waist_cm: 82.5, temperature_c: 36.9 },
    outOfRange: { weight_kg: 301 },
  },
  nutrition: {
    path: '/nutritions',
    values: {
      meals: [
        { time: '08:00', description: 'Avena con plátano' },
        { time: '14:30', description: 'Pollo asado con verduras' },
      ],
      water_ml: 1500,
    },
    amendment: { water_ml: 2000 },
    outOfRange: { meals: [{ time: '25:00', description: 'Cena' }] },
  },
  habit: {
    path: '/habits',
    values: { habit: 'exercise', frequency: 'several-per-week', quantity: 45 },
    amendment: { frequency: 'daily' },
    outOfRange: { habit: 'gambling', frequency: 'daily' },
  },
}

const SELF_PERMISSIONS = [
  'patient-blood-pressure',
  'patient-glucose',
  'patient-somatometry',
  'patient-nutrition',
  'patient-habits',
]

describe('self-tracking readings', () => {
  let t: TestApp
  let acmeId: string
  /** Ana and Beto are patients of Acme with accounts (which grant the self-tracking permissions). */
  let ana: { patientId: string; headers: Record<string, string> }
  let beto: { patientId: string; headers: Record<string, string> }
  /** Holds the self-tracking permissions in a profile, but is no patient. */
  let unlinked: Record<string, string>
  let nurse: Record<string, string>
  let receptionist: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (host: string, tenantId: string, options: Parameters<typeof buildUser>[2]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, options)).email)).headers
    const patientUser = async () => {
      const patientId = (await insertPatient(t.database.db, acmeId)).id as string
      return { patientId, headers: await sign('acme.localhost', acmeId, { patientId }) }
    }
    ana = await patientUser()
    beto = await patientUser()
    unlinked = await sign('acme.localhost', acmeId, { permissions: SELF_PERMISSIONS })
    nurse = await sign('acme.localhost', acmeId, {
      permissions: ['patients-index', 'patients-edit', 'assignments.all'],
    })
    receptionist = await sign('acme.localhost', acmeId, { permissions: ['dashboard-index'] })
    intruder = await sign('globex.localhost', globexId, {
      permissions: ['patients-index', 'patients-edit', 'assignments.all', ...SELF_PERMISSIONS],
    })
  })
  afterAll(() => t.close())

  const send = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
    extra: Record<string, string> = {},
  ) => {
    const answer = await t.app.inject({ method, url, headers: { ...headers, ...extra }, payload: body })
    const json = answer.body ? answer.json() : {}
    return { status: answer.statusCode, data: json.data, errors: json.errors, etag: answer.headers.etag }
  }
  const changesOf = (id: string) =>
    withTenant(t.database.db, acmeId, (tx) => tx.select().from(changeLog).where(eq(changeLog.entityId, id)))

  describe.each(READING_KINDS)('%s', (kind) => {
    const { path, values, amendment, outOfRange } = KINDS[kind]
    const url = `${BASE}${path}`
    const body = (patientId: string, overrides: Record<string, unknown> = {}) => ({
      id: uuidv7(),
      patient_id: patientId,
      taken_at: '2026-11-20T08:30:00.000Z',
      note: 'En ayunas, después de caminar',
      ...values,
      ...overrides,
    })
    const create = (headers: Record<string, string>, payload: object, key = uuidv7()) =>
      send(headers, 'POST', url, payload, { 'idempotency-key': key })

    it('records a patient’s own reading once, however often it is sent', async () => {
      const reading = body(ana.patientId)
      const key = uuidv7()
      const first = await create(ana.headers, reading, key)
      expect(first.status).toBe(200)
      // SI values come back as the numbers (and meals as the list) that were sent.
      expect(first.data).toMatchObject({ ...reading, version: 1, deleted_at: null })
      expect(await create(ana.headers, reading, key)).toEqual(first)
      expect((await create(ana.headers, reading)).data).toEqual(first.data)
      expect(await changesOf(reading.id)).toMatchObject([{ entity: kind, op: 'upsert', version: 1 }])
    })

    it('lists a patient’s live readings and shows one with its version as ETag', async () => {
      const reading = body(ana.patientId, { taken_at: '2026-11-21T07:00:00.000Z' })
      await create(ana.headers, reading)
      const list = await send(ana.headers, 'GET', `${url}?patient_id=${ana.patientId}`)
      expect(list.status).toBe(200)
      expect(list.data.map((row: { id: string }) => row.id)).toContain(reading.id)
      const shown = await send(ana.headers, 'GET', `${url}/${reading.id}`)
      expect(shown).toMatchObject({ status: 200, etag: '"1"', data: { ...reading, version: 1 } })
      // A professional in charge of the patient reads it the same.
      expect((await send(nurse, 'GET', `${url}/${reading.id}`)).data).toEqual(shown.data)
    })

    it('amends only the fields sent, against the version the device saw (If-Match)', async () => {
      const reading = body(ana.patientId)
      await create(ana.headers, reading)
      const updated = await send(ana.headers, 'PUT', `${url}/${reading.id}`, amendment, { 'if-match': '"1"' })
      expect(updated).toMatchObject({
        status: 200,
        etag: '"2"',
        data: { ...reading, ...amendment, version: 2 },
      })
      expect(await changesOf(reading.id)).toMatchObject([
        { op: 'upsert', version: 1 },
        { op: 'upsert', version: 2 },
      ])
      const stale = await send(
        ana.headers,
        'PUT',
        `${url}/${reading.id}`,
        { note: 'otra' },
        { 'if-match': '"1"' },
      )
      expect(stale.status).toBe(412)
      expect(stale.data).toMatchObject({ id: reading.id, version: 2, ...amendment })
      expect((await send(ana.headers, 'PUT', `${url}/${reading.id}`, { note: 'otra' })).status).toBe(428)
      expect((await send(ana.headers, 'GET', `${url}/${reading.id}`)).data).toMatchObject({
        version: 2,
        note: reading.note,
      })
    })

    it('deletes softly: gone from reads and lists, a tombstone in the patient’s feed, audited', async () => {
      const reading = body(ana.patientId)
      await create(ana.headers, reading)
      expect((await send(ana.headers, 'DELETE', `${url}/${reading.id}`)).status).toBe(200)
      expect((await send(ana.headers, 'GET', `${url}/${reading.id}`)).status).toBe(404)
      const list = await send(ana.headers, 'GET', `${url}?patient_id=${ana.patientId}`)
      expect(list.data.map((row: { id: string }) => row.id)).not.toContain(reading.id)
      const feed = await send(ana.headers, 'GET', '/api/sync/changes?limit=5000')
      expect(feed.data.changes.find((change: { id: string }) => change.id === reading.id)).toMatchObject({
        entity: kind,
        op: 'delete',
        version: 2,
        data: null,
      })
      const audit = await withTenant(t.database.db, acmeId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, `${kind}.delete`)),
      )
      expect(audit.some((entry) => (entry.details as { reading?: string }).reading === reading.id)).toBe(true)
      // An amendment after the delete is refused: deletes win.
      const late = await send(ana.headers, 'PUT', `${url}/${reading.id}`, amendment, { 'if-match': '"2"' })
      expect(late.status).toBe(422)
    })

    it('answers 401 without a session and 403 to users without the right', async () => {
      const reading = body(ana.patientId)
      expect((await create(anonymous, reading)).status).toBe(401)
      expect((await send(anonymous, 'GET', `${url}?patient_id=${ana.patientId}`)).status).toBe(401)
      // The kind's self-tracking permission without being the patient.
      expect((await create(unlinked, reading)).status).toBe(403)
      expect((await send(unlinked, 'GET', `${url}?patient_id=${ana.patientId}`)).status).toBe(403)
      // Staff without patient rights.
      expect((await create(receptionist, reading)).status).toBe(403)
      expect((await send(receptionist, 'GET', `${url}?patient_id=${ana.patientId}`)).status).toBe(403)
      expect(await changesOf(reading.id)).toEqual([])
    })

    it('refuses values out of range with the field messages (422), keeping nothing', async () => {
      const reading = body(ana.patientId, outOfRange)
      const refused = await create(ana.headers, reading)
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.errors ?? {})).not.toHaveLength(0)
      expect(await changesOf(reading.id)).toEqual([])
      const kept = body(ana.patientId)
      await create(ana.headers, kept)
      const bad = await send(ana.headers, 'PUT', `${url}/${kept.id}`, outOfRange, { 'if-match': '"1"' })
      expect(bad.status).toBe(422)
      expect((await send(ana.headers, 'GET', `${url}/${kept.id}`)).data).toMatchObject({
        ...kept,
        version: 1,
      })
    })

    it('keeps one patient out of another’s readings (403), changing nothing', async () => {
      const theirs = body(beto.patientId)
      expect((await create(beto.headers, theirs)).status).toBe(200)
      expect((await create(ana.headers, body(beto.patientId))).status).toBe(403)
      expect((await send(ana.headers, 'GET', `${url}?patient_id=${beto.patientId}`)).status).toBe(403)
      expect((await send(ana.headers, 'GET', `${url}/${theirs.id}`)).status).toBe(403)
      expect(
        (await send(ana.headers, 'PUT', `${url}/${theirs.id}`, amendment, { 'if-match': '"1"' })).status,
      ).toBe(403)
      expect((await send(ana.headers, 'DELETE', `${url}/${theirs.id}`)).status).toBe(403)
      expect((await send(beto.headers, 'GET', `${url}/${theirs.id}`)).data).toMatchObject({
        ...theirs,
        version: 1,
      })
    })

    it('answers 404 to another tenant, changing nothing', async () => {
      const reading = body(ana.patientId)
      await create(ana.headers, reading)
      expect((await create(intruder, body(ana.patientId))).status).toBe(404)
      expect((await send(intruder, 'GET', `${url}?patient_id=${ana.patientId}`)).status).toBe(404)
      expect((await send(intruder, 'GET', `${url}/${reading.id}`)).status).toBe(404)
      expect(
        (await send(intruder, 'PUT', `${url}/${reading.id}`, amendment, { 'if-match': '"1"' })).status,
      ).toBe(404)
      expect((await send(intruder, 'DELETE', `${url}/${reading.id}`)).status).toBe(404)
      expect((await send(ana.headers, 'GET', `${url}/${reading.id}`)).data).toMatchObject({
        ...reading,
        version: 1,
      })
    })
  })

  describe('in the change feed', () => {
    it('gives a patient their own readings of every kind and none of another patient’s', async () => {
      const mine: string[] = []
      const theirs: string[] = []
      for (const kind of READING_KINDS) {
        const { path, values } = KINDS[kind]
        for (const [who, ids] of [
          [ana, mine],
          [beto, theirs],
        ] as const) {
          const id = uuidv7()
          const answer = await send(who.headers, 'POST', `${BASE}${path}`, {
            id,
            patient_id: who.patientId,
            taken_at: '2026-11-22T09:00:00.000Z',
            ...values,
          })
          expect(answer.status).toBe(200)
          ids.push(id)
        }
      }
      const feed = await send(ana.headers, 'GET', '/api/sync/changes?limit=5000')
      const changes = feed.data.changes as Array<{
        id: string
        entity: string
        data: Record<string, unknown>
      }>
      const ids = changes.map((change) => change.id)
      expect(ids).toEqual(expect.arrayContaining(mine))
      for (const id of theirs) expect(ids).not.toContain(id)
      // Presented as the API answers: numbers as numbers, the instant in ISO form.
      const somatometry = changes.find((change) => change.id === mine[2])
      expect(somatometry).toMatchObject({
        entity: 'somatometry',
        data: { ...KINDS.somatometry.values, taken_at: '2026-11-22T09:00:00.000Z' },
      })
      // A professional who sees the whole tenant gets both patients' readings.
      const all = (await send(nurse, 'GET', '/api/sync/changes?limit=5000')).data.changes.map(
        (change: { id: string }) => change.id,
      )
      expect(all).toEqual(expect.arrayContaining([...mine, ...theirs]))
      // A professional who sees their assignments gets only the assigned patient's.
      const doctor = await buildUser(t.database.db, acmeId, {
        permissions: ['patients-index', 'patients-edit'],
      })
      await withTenant(t.database.db, acmeId, (tx) =>
        tx
          .insert(patientAssignments)
          .values({ tenantId: acmeId, id: uuidv7(), patientId: ana.patientId, userId: doctor.id }),
      )
      const assigned = (await signIn(t.app, 'acme.localhost', doctor.email)).headers
      const theirFeed = (await send(assigned, 'GET', '/api/sync/changes?limit=5000')).data.changes.map(
        (change: { id: string }) => change.id,
      )
      expect(theirFeed).toEqual(expect.arrayContaining(mine))
      for (const id of theirs) expect(theirFeed).not.toContain(id)
    })
  })

  describe('the last somatometry', () => {
    const last = (headers: Record<string, string>, patientId: string) =>
      send(headers, 'GET', `${BASE}/somatometry/last-somatometry/${patientId}`)

    it('answers a patient’s latest live somatometry, or null when there is none', async () => {
      const dora = (await insertPatient(t.database.db, acmeId)).id as string
      expect(await last(nurse, dora)).toMatchObject({ status: 200, data: null })
      const taken = (taken_at: string, weight_kg: number) => ({
        id: uuidv7(),
        patient_id: dora,
        taken_at,
        ...KINDS.somatometry.values,
        weight_kg,
      })
      const older = taken('2026-11-01T08:00:00.000Z', 70)
      const newer = taken('2026-11-10T08:00:00.000Z', 71.2)
      const newest = taken('2026-11-15T08:00:00.000Z', 71.8)
      for (const reading of [newer, older, newest]) {
        await send(nurse, 'POST', `${BASE}/somatometry`, reading)
      }
      await send(nurse, 'DELETE', `${BASE}/somatometry/${newest.id}`)
      expect((await last(nurse, dora)).data).toMatchObject({ id: newer.id, weight_kg: 71.2, version: 1 })
      const audit = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.action, 'somatometry.last')),
      )
      expect(audit.filter((entry) => entry.entityId === dora)).toHaveLength(2)
    })

    it('lets a patient read only their own (403), another tenant nothing (404), nobody unsigned (401)', async () => {
      await send(ana.headers, 'POST', `${BASE}/somatometry`, {
        id: uuidv7(),
        patient_id: ana.patientId,
        taken_at: '2026-11-23T08:00:00.000Z',
        ...KINDS.somatometry.values,
      })
      expect((await last(ana.headers, ana.patientId)).data).toMatchObject({ patient_id: ana.patientId })
      expect((await last(ana.headers, beto.patientId)).status).toBe(403)
      expect((await last(unlinked, ana.patientId)).status).toBe(403)
      expect((await last(intruder, ana.patientId)).status).toBe(404)
      expect((await last(anonymous, ana.patientId)).status).toBe(401)
    })
  })
})
