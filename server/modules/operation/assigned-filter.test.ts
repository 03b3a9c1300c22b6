import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { type Caller, callAs, insertSyncedPatient } from '../../../tests/fixtures/assignments'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { roles } from '../../db/schema'

const API = '/api/operation'
const LISTER = ['patients-index', 'assignments.all', 'assignments.create', 'assignments.delete']

/**
 * The /patients list by assigned professional (issue 6): get-filters/patients names the
 * professionals and the patients in view, the table and its download filter by who has a patient
 * (or nobody), every patient answer carries its assignees, and an assignment change reaches the
 * devices' feed with the new assignees.
 */
describe('the patients list by assigned professional', () => {
  let t: TestApp
  let acme: string
  let admin: Caller & { id: string }
  let withoutFilter: Caller
  let bounded: Caller & { id: string }
  let globexAdmin: Caller & { id: string }
  let ana: string
  let beto: string
  const anonymous: Caller = { headers: { host: 'acme.localhost' } }
  const subgroup = `Planta ${uuidv7().slice(-5)}`
  let patientIds: string[]

  const call = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, who, method, `${API}${url}`, payload)
  const list = (who: Caller, filters: Record<string, string>) =>
    call(who, 'POST', `/patients/list?pageLength=100&filters=${encodeURIComponent(JSON.stringify(filters))}`)
  const idsOf = (answer: { body: { data: { data: Array<{ id: string }> } } }) =>
    answer.body.data.data.map((p) => p.id).sort()

  /** A user whose profile is a health professional's, as the professionals list requires. */
  const professional = async (tenant: string, name: string) => {
    const user = await buildUser(t.database.db, tenant, { name, lastName: 'Prueba' })
    await withTenant(t.database.db, tenant, (tx) =>
      tx.update(roles).set({ roleType: 'health_professional' }).where(eq(roles.id, user.roleId)),
    )
    return user.id
  }

  beforeAll(async () => {
    t = await buildTestApp()
    acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globex = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const sign = async (tenant: string, host: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenant, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    admin = await sign(acme, 'acme.localhost', [
      ...LISTER,
      'assignments.assigned-filter',
      'assignments.bulk-request',
    ])
    withoutFilter = await sign(acme, 'acme.localhost', LISTER)
    bounded = await sign(acme, 'acme.localhost', ['patients-index', 'assignments.assigned-filter'])
    globexAdmin = await sign(globex, 'globex.localhost', [...LISTER, 'assignments.assigned-filter'])
    ana = await professional(acme, 'Ana')
    beto = await professional(acme, 'Beto')
    patientIds = []
    for (let i = 0; i < 3; i++) {
      patientIds.push((await insertSyncedPatient(t.database.db, acme, { subgroups: [subgroup] })).id)
    }
    const [first, second] = patientIds as [string, string, string]
    await call(admin, 'POST', '/patients/assignments', { user_id: ana, patients_selected: [first, second] })
    await call(admin, 'POST', '/patients/assignments', { user_id: beto, patients_selected: [first] })
    await call(admin, 'POST', '/patients/assignments', { user_id: bounded.id, patients_selected: [second] })
  })
  afterAll(() => t.close())

  describe('GET /get-filters/patients', () => {
    it('names the health professionals to who may filter by them, and how many patients the server holds in view', async () => {
      const filters = await call(admin, 'GET', '/get-filters/patients')
      expect(filters.status).toBe(200)
      expect(filters.body.data.professionals).toEqual([
        { value: ana, label: 'Ana Prueba' },
        { value: beto, label: 'Beto Prueba' },
      ])
      expect(filters.body.data.total).toBe(3)
      // Without the assigned-filter permission there is nobody to filter by.
      expect((await call(withoutFilter, 'GET', '/get-filters/patients')).body.data.professionals).toEqual([])
      // A professional without all-assignments counts only their own patients.
      expect((await call(bounded, 'GET', '/get-filters/patients')).body.data.total).toBe(1)
      // Another tenant's professionals are not named here.
      const theirs = await call(globexAdmin, 'GET', '/get-filters/patients')
      expect(theirs.body.data).toMatchObject({ professionals: [], total: 0 })
    })
  })

  describe('POST /patients/list', () => {
    it('filters by the professional who has the patients, or by nobody, and shows the assignees', async () => {
      const [first, second, third] = patientIds as [string, string, string]
      expect(idsOf(await list(admin, { assigned_to: ana, subgroup }))).toEqual([first, second].sort())
      expect(idsOf(await list(admin, { assigned_to: beto, subgroup }))).toEqual([first])
      expect(idsOf(await list(admin, { assigned_to: 'none', subgroup }))).toEqual([third])
      const page = await list(admin, { subgroup })
      const shown = page.body.data.data.find((p: { id: string }) => p.id === first)
      expect(shown).toMatchObject({
        assigned_user_ids: [ana, beto],
        assigned_user_names: ['Ana Prueba', 'Beto Prueba'],
      })
      const nobody = page.body.data.data.find((p: { id: string }) => p.id === third)
      expect(nobody).toMatchObject({ assigned_user_ids: [], assigned_user_names: [] })
    })

    it('answers 401, 403 without the assigned-filter permission, 422 for a value that is no professional', async () => {
      expect((await list(anonymous, { assigned_to: ana })).status).toBe(401)
      expect((await list(withoutFilter, { assigned_to: ana })).status).toBe(403)
      // The other filters stay open to it.
      expect((await list(withoutFilter, { subgroup })).status).toBe(200)
      const bad = await list(admin, { assigned_to: 'alguien' })
      expect(bad.status).toBe(422)
      expect(bad.body.errors).toEqual({ filters: ['Valor no permitido'] })
    })

    it('finds nobody for another tenant’s professional, and keeps each tenant to its patients', async () => {
      expect(idsOf(await list(globexAdmin, { assigned_to: ana }))).toEqual([])
      expect(idsOf(await list(globexAdmin, { assigned_to: 'none' }))).toEqual([])
    })
  })

  describe('GET /patients/download', () => {
    it('sends the patients of the assigned-professional filter with who has each', async () => {
      const filters = encodeURIComponent(JSON.stringify({ assigned_to: ana, subgroup }))
      const file = await call(admin, 'GET', `/patients/download?filters=${filters}`)
      expect(file.status).toBe(200)
      const book = XLSX.read(file.body.data, { type: 'buffer' })
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet)
      expect(rows).toHaveLength(2)
      expect(rows.map((row) => row['Profesionales asignados']).sort()).toEqual([
        'Ana Prueba, Beto Prueba',
        'Ana Prueba, Prueba Usuario',
      ])
    })

    it('answers 401, 403 without the assigned-filter permission and 422 for a bad value', async () => {
      const url = (value: string) =>
        `/patients/download?filters=${encodeURIComponent(JSON.stringify({ assigned_to: value }))}`
      expect((await call(anonymous, 'GET', url(ana))).status).toBe(401)
      expect((await call(withoutFilter, 'GET', url(ana))).status).toBe(403)
      expect((await call(admin, 'GET', url('x'))).status).toBe(422)
    })
  })

  describe('the change feed', () => {
    const feedOf = async (who: Caller) => {
      const answer = await callAs(t.app, who, 'GET', '/api/sync/changes?limit=1000')
      return answer.body.data as {
        cursor: string
        changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> }>
      }
    }

    it('sends a patient again with its new assignees when someone takes or leaves it', async () => {
      const { id } = await insertSyncedPatient(t.database.db, acme)
      const before = await feedOf(admin)
      const pulled = before.changes.find((c) => c.id === id)
      expect(pulled?.data).toMatchObject({ assigned_user_ids: [] })
      await call(admin, 'POST', '/patients/assignments', { user_id: beto, patients_selected: [id] })
      const after = await callAs(t.app, admin, 'GET', `/api/sync/changes?limit=1000&cursor=${before.cursor}`)
      const changed = after.body.data.changes.find((c: { id: string }) => c.id === id)
      expect(changed).toMatchObject({
        entity: 'patient',
        op: 'upsert',
        version: 1,
        data: { assigned_user_ids: [beto], assigned_user_names: ['Beto Prueba'] },
      })
      await call(admin, 'POST', '/patients/unassign-multiple', {
        users_selected: [beto],
        patients_selected: [id],
      })
      const ended = await callAs(
        t.app,
        admin,
        'GET',
        `/api/sync/changes?limit=1000&cursor=${after.body.data.cursor}`,
      )
      expect(ended.body.data.changes.find((c: { id: string }) => c.id === id)?.data).toMatchObject({
        assigned_user_ids: [],
      })
    })
  })

  describe('massive assignment by the list’s subgroup', () => {
    it('counts and takes the unassigned patients of a subgroup', async () => {
      const other = `Almacén ${uuidv7().slice(-5)}`
      const mine = await insertSyncedPatient(t.database.db, acme, { subgroups: [other, 'Comedor'] })
      const query = `subgroup=${encodeURIComponent(other)}`
      expect((await call(admin, 'GET', `/patients/not-assignment/total?${query}`)).body.data).toEqual({
        total: 1,
      })
      const taken = await call(admin, 'POST', `/patients/assignment/massive?${query}`, {
        patients_selected: 'all',
      })
      expect(taken.body.data).toMatchObject({ assigned: 1 })
      expect(idsOf(await list(admin, { assigned_to: admin.id, subgroup: other }))).toEqual([mine.id])
      expect((await call(admin, 'GET', `/patients/not-assignment/total?${query}`)).body.data.total).toBe(0)
    })
  })
})
