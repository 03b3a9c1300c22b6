import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { type Caller, callAs, insertSyncedPatient } from '../../tests/fixtures/assignments'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'

const PROFESSIONAL = ['patients-index', 'patients-edit', 'assignments.request-create']

interface FeedChange {
  entity: string
  id: string
  op: 'upsert' | 'delete'
  data: Record<string, unknown> | null
}

/**
 * What a professional sees follows their assignments (issue 6): the patient reads, the readings
 * and the change feed — unless they hold the all-assignments permission.
 */
describe('a professional’s scope', () => {
  let t: TestApp
  let acme: string
  let admin: Caller
  let everyone: Caller
  const professionals: Array<Caller & { id: string; cursor?: string }> = []

  const call = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, who, method, url, payload)
  /** The changes after the caller's last pull, as their device would get them next. */
  const pull = async (who: Caller & { cursor?: string }): Promise<FeedChange[]> => {
    const changes: FeedChange[] = []
    for (;;) {
      const query = who.cursor ? `?limit=2&cursor=${who.cursor}` : '?limit=2'
      const page = (await call(who, 'GET', `/api/sync/changes${query}`)).body.data
      changes.push(...page.changes)
      who.cursor = page.cursor ?? undefined
      if (!page.hasMore) return changes
    }
  }
  /**
   * What a device holds after applying some changes: the last op of each record. (A patient
   * whose own changes are newer than the device's cursor comes both with them and with the
   * assignment's note: the same upsert twice, which a device applies once.)
   */
  const settled = (changes: FeedChange[]) =>
    Object.fromEntries(changes.map((change) => [`${change.entity}:${change.id}`, change.op]))
  const assign = (userId: string, patientId: string) =>
    call(admin, 'POST', '/api/operation/patients/assignments', {
      user_id: userId,
      patients_selected: [patientId],
    })
  const unassign = (userId: string, patientId: string) =>
    call(admin, 'POST', '/api/operation/patients/unassign-multiple', {
      users_selected: [userId],
      patients_selected: [patientId],
    })

  beforeAll(async () => {
    t = await buildTestApp()
    acme = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const sign = async (permissions: string[]) => {
      const user = await buildUser(t.database.db, acme, { permissions })
      return { id: user.id, headers: (await signIn(t.app, 'acme.localhost', user.email)).headers }
    }
    admin = await sign(['patients-index', 'assignments.all', 'assignments.create', 'assignments.delete'])
    everyone = await sign(['patients-index', 'assignments.all'])
    professionals.push(await sign(PROFESSIONAL), await sign(PROFESSIONAL))
  })
  afterAll(() => t.close())

  it('hides an unassigned patient and its readings (404) until the patient is assigned', async () => {
    const [doctor] = professionals as [Caller & { id: string }]
    const { id, readingId } = await insertSyncedPatient(t.database.db, acme, {}, { reading: true })
    const reads = async () => [
      (await call(doctor, 'GET', `/api/operation/patients/${id}`)).status,
      (await call(doctor, 'GET', `/api/operation/patients/blood-pressure?patient_id=${id}`)).status,
      (await call(doctor, 'GET', `/api/operation/patients/blood-pressure/${readingId}`)).status,
    ]
    expect(await reads()).toEqual([404, 404, 404])
    expect((await call(everyone, 'GET', `/api/operation/patients/${id}`)).status).toBe(200)
    await assign(doctor.id, id)
    expect(await reads()).toEqual([200, 200, 200])
    await unassign(doctor.id, id)
    expect(await reads()).toEqual([404, 404, 404])
  })

  it('refuses a reading for a patient not in the professional’s care (404), keeping nothing of it', async () => {
    const [doctor] = professionals as [Caller & { id: string }]
    const { id } = await insertSyncedPatient(t.database.db, acme)
    const reading = {
      id: uuidv7(),
      patient_id: id,
      taken_at: '2026-11-20T08:00:00.000Z',
      systolic: 128,
      diastolic: 84,
    }
    const key = uuidv7()
    const record = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/operation/patients/blood-pressure',
        headers: { ...doctor.headers, 'idempotency-key': key },
        payload: reading,
      })
    expect((await record()).statusCode).toBe(404)
    expect((await call(everyone, 'GET', `/api/operation/patients/blood-pressure/${reading.id}`)).status).toBe(
      404,
    )
    await assign(doctor.id, id)
    // The same key again: nothing of the refused attempt stayed, so it now applies.
    const recorded = await record()
    expect(recorded.statusCode).toBe(200)
    expect(recorded.json().data).toMatchObject({ id: reading.id, systolic: 128 })
  })

  it('refuses an edit of a patient not in the professional’s care (404), leaving the record as it was', async () => {
    const [doctor] = professionals as [Caller & { id: string }]
    const { id } = await insertSyncedPatient(t.database.db, acme)
    const edit = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/operation/patients/update/${id}`,
        headers: { ...doctor.headers, 'if-match': '"1"' },
        payload: { phone: '4425550000' },
      })
    expect((await edit()).statusCode).toBe(404)
    const stored = (await call(everyone, 'GET', `/api/operation/patients/${id}`)).body.data
    expect(stored).toMatchObject({ version: 1 })
    expect(stored.phone).not.toBe('4425550000')
    await assign(doctor.id, id)
    expect((await edit()).statusCode).toBe(200)
  })

  it('keeps the record sections and the patients table to the professional’s patients', async () => {
    const [doctor] = professionals as [Caller & { id: string }]
    const { id } = await insertSyncedPatient(t.database.db, acme, { payrollNumber: `N-${Date.now()}` })
    const entries = () => call(doctor, 'GET', `/api/operation/patients/allergies-tolerances?patient_id=${id}`)
    const table = async () => {
      const filters = encodeURIComponent(JSON.stringify({}))
      const page = await call(
        doctor,
        'POST',
        `/api/operation/patients/list?pageLength=100&filters=${filters}`,
      )
      return page.body.data.data.map((row: { id: string }) => row.id)
    }
    expect((await entries()).status).toBe(404)
    expect(await table()).not.toContain(id)
    await assign(doctor.id, id)
    expect((await entries()).status).toBe(200)
    expect(await table()).toContain(id)
  })

  it('refuses a reading for a patient not in the professional’s care (404)', async () => {
    const [doctor] = professionals as [Caller & { id: string }]
    const { id } = await insertSyncedPatient(t.database.db, acme)
    const reading = {
      id: '019ab000-0000-7000-8000-000000000001',
      patient_id: id,
      taken_at: '2026-11-20T08:30:00.000Z',
      systolic: 120,
      diastolic: 80,
    }
    expect((await call(doctor, 'POST', '/api/operation/patients/blood-pressure', reading)).status).toBe(404)
  })

  it('brings an assigned patient and its readings to that professional’s feed only, and takes it away', async () => {
    const [doctor, nurse] = professionals as [Caller & { id: string }, Caller & { id: string }]
    await pull(doctor)
    await pull(nurse)
    const { id, readingId } = await insertSyncedPatient(t.database.db, acme, {}, { reading: true })
    // Not theirs yet: the new patient is in nobody's feed but the all-seeing staff's.
    expect(await pull(doctor)).toEqual([])
    expect((await pull(everyone)).map((change) => change.id)).toEqual(expect.arrayContaining([id, readingId]))

    await assign(doctor.id, id)
    const arrived = await pull(doctor)
    expect(settled(arrived)).toEqual({
      [`patient:${id}`]: 'upsert',
      [`blood-pressure:${readingId}`]: 'upsert',
    })
    expect(arrived.find((change) => change.entity === 'patient')?.data).toMatchObject({ id })
    expect(await pull(nurse)).toEqual([])
    // The note is for the doctor alone; the all-seeing feed carries only the patient again, with
    // who now has it (the list's assigned-professional column), not its readings.
    const seen = await pull(everyone)
    expect(seen.map((change) => [change.id, change.op])).toEqual([[id, 'upsert']])
    expect(seen[0]?.data).toMatchObject({ assigned_user_ids: [doctor.id] })

    await unassign(doctor.id, id)
    const left = await pull(doctor)
    expect(settled(left)).toEqual({ [`patient:${id}`]: 'delete', [`blood-pressure:${readingId}`]: 'delete' })
    expect(await pull(nurse)).toEqual([])
    const after = await pull(everyone)
    expect(after.map((change) => [change.id, change.op])).toEqual([[id, 'upsert']])
    expect(after[0]?.data).toMatchObject({ assigned_user_ids: [] })
  })

  it('carries later changes of an assigned patient, and none after it is unassigned', async () => {
    const [doctor] = professionals as [Caller & { id: string }]
    const { id } = await insertSyncedPatient(t.database.db, acme)
    await assign(doctor.id, id)
    await pull(doctor)
    const patient = (await call(admin, 'GET', `/api/operation/patients/${id}`)).body.data
    const editor = await buildUser(t.database.db, acme, {
      permissions: ['patients-index', 'patients-edit', 'assignments.all'],
    })
    const editorHeaders = (await signIn(t.app, 'acme.localhost', editor.email)).headers
    const edit = (phone: string, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/operation/patients/update/${id}`,
        headers: { ...editorHeaders, 'if-match': `"${version}"` },
        payload: { phone },
      })
    expect((await edit('4421234567', patient.version)).statusCode).toBe(200)
    expect((await pull(doctor)).map((change) => [change.id, change.op, change.data?.phone])).toEqual([
      [id, 'upsert', '4421234567'],
    ])
    await unassign(doctor.id, id)
    await pull(doctor)
    expect((await edit('4427654321', patient.version + 1)).statusCode).toBe(200)
    expect(await pull(doctor)).toEqual([])
  })

  it('keeps in the professional’s care a patient they register', async () => {
    const [, nurse] = professionals as [unknown, Caller & { id: string }]
    const creator = await buildUser(t.database.db, acme, {
      permissions: ['patients-index', 'patients-create', 'patients-edit'],
    })
    const headers = (await signIn(t.app, 'acme.localhost', creator.email)).headers
    const { buildPatient } = await import('../../tests/fixtures/patients')
    const row = buildPatient(acme)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operation/patients/create',
      headers,
      payload: {
        id: row.id,
        administrative_status: row.administrativeStatus,
        name: row.name,
        last_name: row.lastName,
        second_last_name: row.secondLastName,
        birth_date: row.birthDate,
        curp: row.curp,
      },
    })
    expect(created.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/operation/patients/${row.id}`, headers })).statusCode,
    ).toBe(200)
    expect((await call(nurse, 'GET', `/api/operation/patients/${row.id}`)).status).toBe(404)
  })
})
