import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { type Caller, callAs, insertSyncedPatient } from '../../../tests/fixtures/assignments'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { assignmentHistory } from '../../db/schema'
import { canDecide, requestStateOf } from './assignment-requests'

describe('the state of an assignment request (SPEC §4)', () => {
  it('waits while any patient waits, then is authorized if any was, else refused', () => {
    expect(requestStateOf(['waiting', 'authorized'])).toBe('waiting')
    expect(requestStateOf(['refused', 'authorized'])).toBe('authorized')
    expect(requestStateOf(['refused', 'refused'])).toBe('refused')
    expect(requestStateOf([])).toBe('waiting')
  })

  it('lets only a waiting patient be decided', () => {
    expect([canDecide('waiting'), canDecide('authorized'), canDecide('refused')]).toEqual([
      true,
      false,
      false,
    ])
  })
})

const API = '/api/operation/patients/assignment/concentrated'
const MANAGER = [
  'patients-index',
  'assignments.all',
  'assignments-concentrated-index',
  'assignments-concentrated-details',
  'assignments.concentrated-accept',
  'assignments.concentrated-refuse',
  'assignments.concentrated-export',
]
const PROFESSIONAL = ['patients-index', 'assignments.request-create', 'assignments.bulk-request']

/** The concentrated requests: the table, a request, decisions in bulk and per patient, downloads. */
describe('concentrated assignment requests', () => {
  let t: TestApp
  let acme: string
  let manager: Caller
  let doctor: Caller & { id: string }
  let globexManager: Caller
  const anonymous: Caller = { headers: { host: 'acme.localhost' } }

  const call = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, who, method, url, payload)
  /** The doctor asks for `count` new patients; answers the request and the patients. */
  const ask = async (count: number) => {
    const ids: string[] = []
    for (let n = 0; n < count; n++) ids.push((await insertSyncedPatient(t.database.db, acme)).id)
    const answer = await call(doctor, 'POST', '/api/operation/patients/assignment/massive', {
      patients_selected: ids,
    })
    return { requestId: answer.body.data.request_id as string, ids }
  }
  const show = async (requestId: string) => (await call(manager, 'GET', `${API}/${requestId}`)).body.data
  const canRead = async (patientId: string) =>
    (await call(doctor, 'GET', `/api/operation/patients/${patientId}`)).status === 200

  beforeAll(async () => {
    t = await buildTestApp()
    acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globex = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (tenant: string, host: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenant, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    manager = await sign(acme, 'acme.localhost', MANAGER)
    doctor = await sign(acme, 'acme.localhost', PROFESSIONAL)
    globexManager = await sign(globex, 'globex.localhost', MANAGER)
  })
  afterAll(() => t.close())

  it('authorizes whole requests in bulk: their patients come into the professional’s care', async () => {
    const { requestId, ids } = await ask(2)
    expect(await show(requestId)).toMatchObject({ state: 'waiting', patients: 2, waiting: 2 })
    expect(await canRead(ids[0] as string)).toBe(false)
    const answer = await call(manager, 'POST', `${API}/requests/authorize`, {
      users_ids_request_assignment_selected: [requestId],
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ assigned: 2 })
    expect(await show(requestId)).toMatchObject({ state: 'authorized', waiting: 0 })
    expect(await canRead(ids[0] as string)).toBe(true)
    const history = await withTenant(t.database.db, acme, (tx) =>
      tx
        .select()
        .from(assignmentHistory)
        .where(eq(assignmentHistory.patientId, ids[0] as string)),
    )
    expect(history.map((entry) => entry.action)).toEqual(['requested', 'authorized', 'assigned'])
    // A decision is final: nothing waits any more, so a second one is refused (422).
    const again = await call(manager, 'POST', `${API}/requests/refuse`, {
      users_ids_request_assignment_selected: [requestId],
    })
    expect(again.status).toBe(422)
    expect(await show(requestId)).toMatchObject({ state: 'authorized' })
  })

  it('decides patient by patient on the details: the request waits until the last one', async () => {
    const { requestId, ids } = await ask(3)
    const detail = (verdict: string, patients: string[]) =>
      call(manager, 'POST', `${API}/requests/detail/${verdict}`, {
        patients_id: patients,
        users_ids_request_assignment_selected: [requestId],
      })
    expect((await detail('refuse', [ids[0] as string])).body.data).toMatchObject({ refused: 1 })
    expect(await show(requestId)).toMatchObject({ state: 'waiting', waiting: 2 })
    expect((await detail('authorize', [ids[1] as string])).body.data).toMatchObject({ assigned: 1 })
    expect((await detail('refuse', [ids[2] as string])).body.data).toMatchObject({ refused: 1 })
    const decided = await show(requestId)
    expect(decided.state).toBe('authorized')
    expect(decided.patients_list.map((p: { state: string }) => p.state).sort()).toEqual([
      'authorized',
      'refused',
      'refused',
    ])
    expect([await canRead(ids[0] as string), await canRead(ids[1] as string)]).toEqual([false, true])
  })

  it('ends refused when every patient is refused', async () => {
    const { requestId } = await ask(1)
    await call(manager, 'POST', `${API}/requests/refuse`, {
      users_ids_request_assignment_selected: [requestId],
    })
    expect(await show(requestId)).toMatchObject({ state: 'refused' })
  })

  it('lists the requests with their state, filters them, and downloads them as a spreadsheet', async () => {
    const { requestId } = await ask(1)
    const filters = encodeURIComponent(JSON.stringify({ state: 'waiting' }))
    const table = await call(manager, 'POST', `${API}/list?filters=${filters}&pageLength=100`)
    expect(table.status).toBe(200)
    const rows = table.body.data.data as Array<{ id: string; state: string }>
    expect(rows.map((row) => row.id)).toContain(requestId)
    expect(rows.every((row) => row.state === 'waiting')).toBe(true)
    const options = await call(manager, 'GET', '/api/operation/get-filters/concentrated-assignment')
    expect(options.body.data).toMatchObject({
      states: ['waiting', 'authorized', 'refused'],
      professionals: [{ value: doctor.id }],
    })
    for (const url of [`${API}/${requestId}/download`, `${API}/download?state=waiting`]) {
      const file = await t.app.inject({ method: 'GET', url, headers: manager.headers })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toContain('spreadsheetml')
      expect(file.headers['content-disposition']).toMatch(/solicitudes_asignacion_\d\d_\d\d_\d{4}\.xlsx/)
    }
  })

  it('answers 401 and 403 on every call, 422 for an empty selection, and 404 to another tenant', async () => {
    const { requestId, ids } = await ask(1)
    const body = { users_ids_request_assignment_selected: [requestId] }
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['POST', `${API}/list`],
      ['GET', `${API}/${requestId}`],
      ['GET', `${API}/${requestId}/download`],
      ['GET', `${API}/download`],
      ['POST', `${API}/requests/authorize`, body],
      ['POST', `${API}/requests/refuse`, body],
      ['POST', `${API}/requests/detail/authorize`, { ...body, patients_id: ids }],
      ['POST', `${API}/requests/detail/refuse`, { ...body, patients_id: ids }],
      ['GET', '/api/operation/get-filters/concentrated-assignment'],
    ]
    for (const [method, url, payload] of calls) {
      expect([url, (await call(anonymous, method, url, payload)).status]).toEqual([url, 401])
      expect([url, (await call(doctor, method, url, payload)).status]).toEqual([url, 403])
    }
    const empty = await call(manager, 'POST', `${API}/requests/authorize`, {
      users_ids_request_assignment_selected: [],
    })
    expect(empty.status).toBe(422)
    expect(empty.body.errors?.users_ids_request_assignment_selected).toEqual([
      'Debe seleccionar al menos una solicitud.',
    ])
    const noPatients = await call(manager, 'POST', `${API}/requests/detail/authorize`, {
      ...body,
      patients_id: [],
    })
    expect(noPatients.body.errors?.patients_id).toEqual(['Debe seleccionar al menos un paciente.'])
    expect((await call(manager, 'GET', `${API}/not-an-id`)).status).toBe(422)
    expect((await call(globexManager, 'GET', `${API}/${requestId}`)).status).toBe(404)
    expect((await call(globexManager, 'GET', `${API}/${requestId}/download`)).status).toBe(404)
    expect((await call(globexManager, 'POST', `${API}/requests/authorize`, body)).status).toBe(404)
    expect(
      (await call(globexManager, 'POST', `${API}/requests/detail/refuse`, { ...body, patients_id: ids }))
        .status,
    ).toBe(404)
    expect(await show(requestId)).toMatchObject({ state: 'waiting' })
  })
})
