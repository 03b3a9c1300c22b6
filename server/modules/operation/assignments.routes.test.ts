import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { type Caller, callAs, insertSyncedPatient } from '../../../tests/fixtures/assignments'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { assignmentHistory, auditLog, patientAssignments } from '../../db/schema'

const API = '/api/operation'
const ADMIN = [
  'patients-index',
  'assignments.all',
  'assignments.create',
  'assignments.delete',
  'assignments.history',
  'assignments.request-create',
  'assignments.request-cancel',
  'assignments.bulk-request',
]
const PROFESSIONAL = [
  'patients-index',
  'patients-edit',
  'assignments.history',
  'assignments.request-create',
  'assignments.request-cancel',
  'assignments.bulk-request',
]

/** SPEC §7 assignments: each route's success, 401, 403, 422 and another tenant's 404. */
describe('assignments of patients to professionals', () => {
  let t: TestApp
  let acme: string
  let admin: Caller & { id: string }
  let doctor: Caller & { id: string }
  let clerk: Caller
  let globexAdmin: Caller
  const anonymous: Caller = { headers: { host: 'acme.localhost' } }

  const call = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, who, method, `${API}${url}`, payload)
  const patient = (overrides = {}) => insertSyncedPatient(t.database.db, acme, overrides).then((p) => p.id)
  const openAssignments = (patientId: string) =>
    withTenant(t.database.db, acme, (tx) =>
      tx
        .select()
        .from(patientAssignments)
        .where(and(eq(patientAssignments.patientId, patientId))),
    ).then((rows) => rows.filter((row) => row.endedAt === null))

  beforeAll(async () => {
    t = await buildTestApp()
    acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globex = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (tenant: string, host: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenant, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    admin = await sign(acme, 'acme.localhost', ADMIN)
    doctor = await sign(acme, 'acme.localhost', PROFESSIONAL)
    clerk = await sign(acme, 'acme.localhost', ['dashboard-index'])
    globexAdmin = await sign(globex, 'globex.localhost', ADMIN)
  })
  afterAll(() => t.close())

  describe('POST /patients/assignments', () => {
    it('assigns the patients to the professional, with history and audit, once', async () => {
      const [first, second] = [await patient(), await patient()]
      const body = { user_id: doctor.id, patients_selected: [first, second, first] }
      const answer = await call(admin, 'POST', '/patients/assignments', body)
      expect(answer.status).toBe(200)
      expect(answer.body.data).toMatchObject({ assigned: 2 })
      expect((await call(admin, 'POST', '/patients/assignments', body)).body.data).toMatchObject({
        assigned: 0,
      })
      expect(await openAssignments(first as string)).toHaveLength(1)
      const trail = await withTenant(t.database.db, acme, async (tx) => ({
        history: await tx.select().from(assignmentHistory).where(eq(assignmentHistory.patientId, first)),
        audit: await tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'assignment.create'), eq(auditLog.entityId, first))),
      }))
      expect(trail.history).toMatchObject([{ action: 'assigned', userId: doctor.id, actorId: admin.id }])
      expect(trail.audit).toHaveLength(1)
    })

    it('answers 401 without a session and 403 without assignments.create', async () => {
      const body = { user_id: doctor.id, patients_selected: [await patient()] }
      expect((await call(anonymous, 'POST', '/patients/assignments', body)).status).toBe(401)
      expect((await call(doctor, 'POST', '/patients/assignments', body)).status).toBe(403)
    })

    it('refuses an empty selection (422) with the spec text, changing nothing', async () => {
      const answer = await call(admin, 'POST', '/patients/assignments', {
        user_id: doctor.id,
        patients_selected: [],
      })
      expect(answer.status).toBe(422)
      expect(answer.body.errors?.patients_selected).toEqual(['Debe seleccionar al menos un paciente.'])
    })

    it('does not know another tenant’s patients (404)', async () => {
      const theirs = await patient()
      const answer = await call(globexAdmin, 'POST', '/patients/assignments', {
        user_id: doctor.id,
        patients_selected: [theirs],
      })
      expect(answer.status).toBe(404)
      expect(await openAssignments(theirs)).toHaveLength(0)
    })
  })

  describe('POST /patients/assignments-multiple and /patients/unassign-multiple', () => {
    it('assigns each patient to each professional, and ends those assignments', async () => {
      const nurse = await buildUser(t.database.db, acme, { permissions: PROFESSIONAL })
      const ids = [await patient(), await patient()]
      const pairs = { users_selected: [doctor.id, nurse.id], patients_selected: ids }
      const made = await call(admin, 'POST', '/patients/assignments-multiple', pairs)
      expect(made.body.data).toMatchObject({ assigned: 4 })
      const ended = await call(admin, 'POST', '/patients/unassign-multiple', {
        users_selected: [nurse.id],
        patients_selected: ids,
      })
      expect(ended.body.data).toMatchObject({ unassigned: 2 })
      expect((await openAssignments(ids[0] as string)).map((row) => row.userId)).toEqual([doctor.id])
    })

    it('answers 401, 403, 422 (no professional: "assignments may not be empty") and 404', async () => {
      const body = { users_selected: [doctor.id], patients_selected: [await patient()] }
      expect((await call(anonymous, 'POST', '/patients/assignments-multiple', body)).status).toBe(401)
      expect((await call(doctor, 'POST', '/patients/assignments-multiple', body)).status).toBe(403)
      expect((await call(doctor, 'POST', '/patients/unassign-multiple', body)).status).toBe(403)
      const empty = await call(admin, 'POST', '/patients/assignments-multiple', {
        ...body,
        users_selected: [],
      })
      expect(empty.status).toBe(422)
      expect(empty.body.errors?.users_selected).toEqual(['Las asignaciones no pueden estar vacías.'])
      expect(
        (await call(admin, 'POST', '/patients/unassign-multiple', { ...body, patients_selected: [] })).status,
      ).toBe(422)
      expect((await call(globexAdmin, 'POST', '/patients/unassign-multiple', body)).status).toBe(404)
    })
  })

  describe('GET and DELETE /patients/assignments/{id}', () => {
    it('lists who has a patient in their care and ends one assignment by its id', async () => {
      const id = await patient()
      await call(admin, 'POST', '/patients/assignments', { user_id: doctor.id, patients_selected: [id] })
      const listed = await call(admin, 'GET', `/patients/assignments/${id}`)
      expect(listed.status).toBe(200)
      expect(listed.body.data).toMatchObject([
        { patient_id: id, user_id: doctor.id, user_name: 'Prueba Usuario' },
      ])
      const removed = await call(admin, 'DELETE', `/patients/assignments/${listed.body.data[0].id}`)
      expect(removed.body.data).toMatchObject({ unassigned: 1 })
      expect((await call(admin, 'GET', `/patients/assignments/${id}`)).body.data).toEqual([])
      expect((await call(admin, 'DELETE', `/patients/assignments/${listed.body.data[0].id}`)).status).toBe(
        404,
      )
    })

    it('answers 401, 403, 422 for a malformed id and 404 to another tenant', async () => {
      const id = await patient()
      await call(admin, 'POST', '/patients/assignments', { user_id: doctor.id, patients_selected: [id] })
      const [assignment] = await openAssignments(id)
      expect((await call(anonymous, 'GET', `/patients/assignments/${id}`)).status).toBe(401)
      expect((await call(clerk, 'GET', `/patients/assignments/${id}`)).status).toBe(403)
      expect((await call(doctor, 'DELETE', `/patients/assignments/${assignment?.id}`)).status).toBe(403)
      expect((await call(admin, 'GET', '/patients/assignments/not-an-id')).status).toBe(422)
      expect((await call(admin, 'DELETE', '/patients/assignments/not-an-id')).status).toBe(422)
      expect((await call(globexAdmin, 'GET', `/patients/assignments/${id}`)).status).toBe(404)
      expect((await call(globexAdmin, 'DELETE', `/patients/assignments/${assignment?.id}`)).status).toBe(404)
      expect(await openAssignments(id)).toHaveLength(1)
    })
  })

  describe('POST and DELETE /patients/assignment/individual', () => {
    it('assigns the caller who may assign, and makes a waiting request for who may only ask', async () => {
      const id = await patient()
      const asked = await call(doctor, 'POST', '/patients/assignment/individual', { patient_id: id })
      expect(asked.body.data).toMatchObject({ requested: 1, assigned: 0 })
      expect(asked.body.data.request_id).toEqual(expect.any(String))
      expect(await openAssignments(id)).toHaveLength(0)
      // Asking again while the first waits adds nothing.
      expect(
        (await call(doctor, 'POST', '/patients/assignment/individual', { patient_id: id })).body.data,
      ).toMatchObject({
        requested: 0,
      })
      const taken = await call(admin, 'POST', '/patients/assignment/individual', { patient_id: id })
      expect(taken.body.data).toMatchObject({ assigned: 1 })
    })

    it('withdraws the caller’s waiting request, and answers 404 when there is none', async () => {
      const id = await patient()
      await call(doctor, 'POST', '/patients/assignment/individual', { patient_id: id })
      expect((await call(doctor, 'DELETE', `/patients/assignment/individual/${id}`)).status).toBe(200)
      expect((await call(doctor, 'DELETE', `/patients/assignment/individual/${id}`)).status).toBe(404)
      const history = await withTenant(t.database.db, acme, (tx) =>
        tx.select().from(assignmentHistory).where(eq(assignmentHistory.patientId, id)),
      )
      expect(history.map((entry) => entry.action)).toEqual(['requested', 'cancelled'])
    })

    it('answers 401, 403, 422 and 404 to another tenant', async () => {
      const id = await patient()
      expect(
        (await call(anonymous, 'POST', '/patients/assignment/individual', { patient_id: id })).status,
      ).toBe(401)
      expect((await call(clerk, 'POST', '/patients/assignment/individual', { patient_id: id })).status).toBe(
        403,
      )
      expect((await call(clerk, 'DELETE', `/patients/assignment/individual/${id}`)).status).toBe(403)
      expect(
        (await call(doctor, 'POST', '/patients/assignment/individual', { patient_id: 'x' })).status,
      ).toBe(422)
      expect(
        (await call(globexAdmin, 'POST', '/patients/assignment/individual', { patient_id: id })).status,
      ).toBe(404)
    })
  })

  describe('massive assignment with the top filters', () => {
    it('counts the unassigned patients the filters find and asks for all of them at once', async () => {
      const status = `s${uuidv7().slice(-6)}`
      const ids = [
        await patient({ administrativeStatus: status }),
        await patient({ administrativeStatus: status }),
      ]
      await patient({ administrativeStatus: `${status}x` })
      const total = await call(
        doctor,
        'GET',
        `/patients/not-assignment/total?administrative_status=${status}`,
      )
      expect(total.body.data).toEqual({ total: 2 })
      const asked = await call(
        doctor,
        'POST',
        `/patients/assignment/massive?administrative_status=${status}`,
        {
          patients_selected: 'all',
        },
      )
      expect(asked.body.data).toMatchObject({ requested: 2 })
      const assigned = await call(
        admin,
        'POST',
        `/patients/assignment/massive?administrative_status=${status}`,
        {
          patients_selected: [ids[0]],
        },
      )
      expect(assigned.body.data).toMatchObject({ assigned: 1 })
      expect(
        (await call(doctor, 'GET', `/patients/not-assignment/total?administrative_status=${status}`)).body
          .data,
      ).toEqual({ total: 1 })
    })

    it('answers 401, 403, 422 when the filters find nobody, and 404 to another tenant', async () => {
      const id = await patient()
      const url = '/patients/assignment/massive?administrative_status=nadie'
      expect((await call(anonymous, 'POST', url, { patients_selected: 'all' })).status).toBe(401)
      expect((await call(clerk, 'POST', url, { patients_selected: 'all' })).status).toBe(403)
      expect((await call(clerk, 'GET', '/patients/not-assignment/total')).status).toBe(403)
      const none = await call(doctor, 'POST', url, { patients_selected: 'all' })
      expect(none.status).toBe(422)
      expect(none.body.errors?.patients_selected).toEqual(['Debe seleccionar al menos un paciente.'])
      expect((await call(doctor, 'POST', url, { patients_selected: [] })).status).toBe(422)
      expect(
        (await call(globexAdmin, 'POST', '/patients/assignment/massive', { patients_selected: [id] })).status,
      ).toBe(404)
    })
  })

  describe('GET /patients/assignments-history/{userId}/{patientId}', () => {
    it('tells every step for a professional and a patient, with who did it', async () => {
      const id = await patient()
      await call(admin, 'POST', '/patients/assignments', { user_id: doctor.id, patients_selected: [id] })
      await call(admin, 'POST', '/patients/unassign-multiple', {
        users_selected: [doctor.id],
        patients_selected: [id],
      })
      const answer = await call(doctor, 'GET', `/patients/assignments-history/${doctor.id}/${id}`)
      expect(answer.status).toBe(200)
      expect(answer.body.data.entries.map((entry: { action: string }) => entry.action)).toEqual([
        'assigned',
        'unassigned',
      ])
      expect(answer.body.data.entries[0].actor_name).toBe('Prueba Usuario')
    })

    it('answers 401, 403, 422, 404 for another professional’s history and to another tenant', async () => {
      const id = await patient()
      const url = `/patients/assignments-history/${doctor.id}/${id}`
      expect((await call(anonymous, 'GET', url)).status).toBe(401)
      expect((await call(clerk, 'GET', url)).status).toBe(403)
      expect((await call(admin, 'GET', `/patients/assignments-history/x/${id}`)).status).toBe(422)
      const other = await buildUser(t.database.db, acme, { permissions: PROFESSIONAL })
      expect((await call(doctor, 'GET', `/patients/assignments-history/${other.id}/${id}`)).status).toBe(404)
      expect((await call(globexAdmin, 'GET', url)).status).toBe(404)
    })
  })
})
