import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Endpoint, pathFor } from '../../src/contract/endpoints/define'
import { noteOfflineOpening } from '../../src/contract/endpoints/digital-record'
import { notePatientRecordOpening } from '../../src/contract/endpoints/operation'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { insertPatient } from '../../tests/fixtures/patients'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import { withTenant } from '../db/client'
import { auditLog, patientAssignments } from '../db/schema'

type Headers = Record<string, string>

/**
 * The note of a screen of the patient's record opened offline (decision 0038): each screen's
 * endpoint, under the permission of the read it stands in for, logs its own audit action once
 * per Idempotency-Key, also for a patient since out of the caller's care.
 */
describe.each([
  {
    screen: 'the digital record',
    call: noteOfflineOpening as Endpoint,
    action: 'digital-record.read-offline',
    permission: 'digital-record-index',
  },
  {
    screen: 'the patient’s record page',
    call: notePatientRecordOpening as Endpoint,
    action: 'patient.read-offline',
    permission: 'patients-index',
  },
])('an opening of $screen made offline', ({ call, action, permission }) => {
  let t: TestApp
  let acmeId: string
  let patientId: string
  let unassignedId: string
  let foreignPatientId: string
  let doctor: Headers
  let assigned: Headers
  let lacking: Headers
  let intruder: Headers
  const noteOpening = (headers: Headers, id: string, payload: object, key = uuidv7()) =>
    t.app.inject({
      method: 'POST',
      url: pathFor(call, { id }),
      headers: { ...headers, 'idempotency-key': key },
      payload,
    })
  const auditOf = (patient: string) =>
    withTenant(t.database.db, acmeId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, action)),
    ).then((entries) => entries.filter((entry) => entry.entityId === patient))

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    unassignedId = (await insertPatient(t.database.db, acmeId)).id as string
    foreignPatientId = (await insertPatient(t.database.db, globexId)).id as string
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [permission, 'assignments.all'])).headers
    const professional = await sign('acme.localhost', acmeId, [permission])
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    lacking = (await sign('acme.localhost', acmeId, ['users-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, [permission, 'assignments.all'])).headers
  })
  afterAll(() => t.close())

  it('is recorded once, at the device’s time, also for a patient since out of care', async () => {
    const opening = { id: uuidv7(), opened_at: '2026-11-20T14:05:00.000Z' }
    const key = uuidv7()
    const first = await noteOpening(assigned, patientId, opening, key)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toEqual({ ...opening, patient_id: patientId, version: 1 })
    // The outbox resends a note whose answer was lost: the same key, one entry.
    expect((await noteOpening(assigned, patientId, opening, key)).statusCode).toBe(200)
    const noted = await auditOf(patientId)
    expect(noted).toHaveLength(1)
    expect(noted[0]?.details).toEqual({ opening_id: opening.id, opened_at: opening.opened_at, in_care: true })
    // The access happened while the record was on the device: it is logged, marked out of care.
    const late = await noteOpening(assigned, unassignedId, { id: uuidv7(), opened_at: opening.opened_at })
    expect(late.statusCode).toBe(200)
    expect((await auditOf(unassignedId)).map((entry) => entry.details)).toMatchObject([{ in_care: false }])
  })

  it('is refused without a session, the permission, a patient of the tenant or a valid body', async () => {
    const opening = { id: uuidv7(), opened_at: '2026-11-20T14:05:00.000Z' }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: pathFor(call, { id: patientId }),
      headers: { host: 'acme.localhost', 'idempotency-key': uuidv7() },
      payload: opening,
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await noteOpening(lacking, patientId, opening)).statusCode).toBe(403)
    expect((await noteOpening(doctor, foreignPatientId, opening)).statusCode).toBe(404)
    expect((await noteOpening(intruder, patientId, opening)).statusCode).toBe(404)
    const before = (await auditOf(patientId)).length
    const bad = await noteOpening(doctor, patientId, { id: 'x', opened_at: 'yesterday' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['id', 'opened_at'])
    expect(await auditOf(patientId)).toHaveLength(before)
    expect(await auditOf(foreignPatientId)).toEqual([])
  })
})
