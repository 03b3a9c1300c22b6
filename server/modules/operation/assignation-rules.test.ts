import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { type Caller, callAs, insertSyncedPatient } from '../../../tests/fixtures/assignments'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const API = '/api/operation'
const ADMIN = [
  'patients-index',
  'assignments.all',
  'assignation-patient-index',
  'assignments.create',
  'assignments.delete',
]

/** SPEC §7 /assignation-patient: rules giving a professional the patients top filters find. */
describe('assignation-patient rules', () => {
  let t: TestApp
  let acme: string
  let admin: Caller
  let doctor: Caller & { id: string }
  let viewer: Caller
  let globexAdmin: Caller
  const anonymous: Caller = { headers: { host: 'acme.localhost' } }

  const call = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, who, method, `${API}${url}`, payload)
  const readable = async (ids: string[]) => {
    const statuses = []
    for (const id of ids) statuses.push((await call(doctor, 'GET', `/patients/${id}`)).status)
    return statuses
  }

  beforeAll(async () => {
    t = await buildTestApp()
    acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globex = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (tenant: string, host: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenant, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    admin = await sign(acme, 'acme.localhost', ADMIN)
    doctor = await sign(acme, 'acme.localhost', ['patients-index'])
    viewer = await sign(acme, 'acme.localhost', ['patients-index', 'assignation-patient-index'])
    globexAdmin = await sign(globex, 'globex.localhost', ADMIN)
  })
  afterAll(() => t.close())

  it('assigns what the filters find on save, follows an edit, and ends its assignments on delete', async () => {
    const status = `r${uuidv7().slice(-6)}`
    const candidates = [
      (await insertSyncedPatient(t.database.db, acme, { administrativeStatus: status, gender: 'female' })).id,
      (await insertSyncedPatient(t.database.db, acme, { administrativeStatus: status, gender: 'male' })).id,
    ]
    const created = await call(admin, 'POST', '/assignation-patient', {
      name: 'Planta norte',
      user_id: doctor.id,
      filters: { administrative_status: status, gender: '' },
    })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      name: 'Planta norte',
      patients: 2,
      filters: { administrative_status: status },
    })
    expect(await readable(candidates)).toEqual([200, 200])

    const id = created.body.data.id
    const narrowed = await call(admin, 'POST', `/assignation-patient/${id}`, {
      name: 'Planta norte, mujeres',
      user_id: doctor.id,
      filters: { administrative_status: status, gender: 'female' },
    })
    expect(narrowed.body.data).toMatchObject({ patients: 1 })
    expect(await readable(candidates)).toEqual([200, 404])
    expect((await call(viewer, 'GET', `/assignation-patient/show/${id}`)).body.data).toMatchObject({
      name: 'Planta norte, mujeres',
    })
    const table = await call(viewer, 'POST', '/assignation-patient/list?search=mujeres')
    expect(table.body.data.data.map((rule: { id: string }) => rule.id)).toEqual([id])

    const removed = await call(admin, 'DELETE', `/assignation-patient/${id}`)
    expect(removed.body.data).toMatchObject({ unassigned: 1 })
    expect(await readable(candidates)).toEqual([404, 404])
    expect((await call(viewer, 'GET', `/assignation-patient/show/${id}`)).status).toBe(404)
  })

  it('offers the professionals and the values of the top filters', async () => {
    const answer = await call(viewer, 'GET', '/get-filters/assignation-patient')
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ professionals: [], gender: expect.arrayContaining(['female']) })
  })

  it('answers 401, 403, 422 (no filter: "assignments may not be empty") and 404 to another tenant', async () => {
    const form = { name: 'Turno A', user_id: doctor.id, filters: { gender: 'male' } }
    const rule = (await call(admin, 'POST', '/assignation-patient', form)).body.data
    const calls: Array<[Caller, 'GET' | 'POST' | 'DELETE', string, unknown?]> = [
      [viewer, 'POST', '/assignation-patient', form],
      [viewer, 'POST', `/assignation-patient/${rule.id}`, form],
      [viewer, 'DELETE', `/assignation-patient/${rule.id}`],
      [doctor, 'GET', `/assignation-patient/show/${rule.id}`],
      [doctor, 'POST', '/assignation-patient/list'],
      [doctor, 'GET', '/get-filters/assignation-patient'],
    ]
    for (const [who, method, url, payload] of calls) {
      expect([url, (await call(anonymous, method, url, payload)).status]).toEqual([url, 401])
      expect([url, (await call(who, method, url, payload)).status]).toEqual([url, 403])
    }
    const empty = await call(admin, 'POST', '/assignation-patient', { ...form, filters: { gender: '' } })
    expect(empty.status).toBe(422)
    expect(empty.body.errors?.filters).toEqual(['Las asignaciones no pueden estar vacías.'])
    expect((await call(admin, 'POST', '/assignation-patient', { ...form, name: ' ' })).status).toBe(422)
    expect((await call(globexAdmin, 'GET', `/assignation-patient/show/${rule.id}`)).status).toBe(404)
    expect((await call(globexAdmin, 'POST', `/assignation-patient/${rule.id}`, form)).status).toBe(404)
    expect((await call(globexAdmin, 'DELETE', `/assignation-patient/${rule.id}`)).status).toBe(404)
    expect((await call(globexAdmin, 'POST', '/assignation-patient', form)).status).toBe(404)
    expect((await call(viewer, 'GET', `/assignation-patient/show/${rule.id}`)).status).toBe(200)
  })
})
