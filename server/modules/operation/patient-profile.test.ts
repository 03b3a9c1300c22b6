import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, changeLog, patients } from '../../db/schema'

const URL = '/api/operation/patient-profile'

/** SPEC §2 "edit my profile": a patient changes their own contact data, and only that. */
describe('PUT /patient-profile', () => {
  let t: TestApp
  let acmeId: string
  let ana: { patientId: string; headers: Record<string, string> }
  /** Holds the permission in a profile, but is no patient. */
  let unlinked: Record<string, string>
  /** A professional with neither the permission nor a patient record. */
  let receptionist: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const sign = async (options: Parameters<typeof buildUser>[2]) =>
      (await signIn(t.app, 'acme.localhost', (await buildUser(t.database.db, acmeId, options)).email)).headers
    const patientId = (await insertPatient(t.database.db, acmeId)).id as string
    ana = { patientId, headers: await sign({ patientId }) }
    unlinked = await sign({ permissions: ['patient-profile-edit'] })
    receptionist = await sign({ permissions: ['dashboard-index'] })
  })
  afterAll(() => t.close())

  const put = async (
    headers: Record<string, string>,
    body: object,
    version: number | null,
    key: string = uuidv7(),
  ) => {
    const answer = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: {
        ...headers,
        'idempotency-key': key,
        ...(version !== null && { 'if-match': `"${version}"` }),
      },
      payload: body,
    })
    const json = answer.body ? answer.json() : {}
    return { status: answer.statusCode, data: json.data, errors: json.errors, etag: answer.headers.etag }
  }
  const stored = async () =>
    (
      await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(patients).where(eq(patients.id, ana.patientId)),
      )
    )[0] as typeof patients.$inferSelect

  it('changes only the sent contact fields, bumps the version, audits and feeds the change', async () => {
    const before = await stored()
    const contact = {
      phone: '5512345678',
      emergency_contact_name: 'Rosa Pérez',
      emergency_contact_relationship: 'mother',
      emergency_contact_phone: '5587654321',
      address_other: 'Calle Roble 12, interior 3',
    }
    const answer = await put(ana.headers, contact, before.version)
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({ id: ana.patientId, version: before.version + 1, ...contact })
    expect(answer.etag).toBe(`"${before.version + 1}"`)
    const after = await stored()
    expect(after).toMatchObject({ phone: '5512345678', emergencyContactRelationship: 'mother' })
    expect(after).toMatchObject({ name: before.name, curp: before.curp, hireDate: before.hireDate })

    const audit = await withTenant(t.database.db, acmeId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'patient.profile.update')),
    )
    expect(audit).toMatchObject([{ entity: 'patient', entityId: ana.patientId }])
    expect(audit[0]?.details).toEqual({ fields: Object.keys(contact) })
    const logged = await withTenant(t.database.db, acmeId, (tx) =>
      tx.select().from(changeLog).where(eq(changeLog.entityId, ana.patientId)),
    )
    expect(logged.at(-1)).toMatchObject({ entity: 'patient', op: 'upsert', version: before.version + 1 })

    // The patient's own devices pull it.
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/sync/changes?limit=5000',
      headers: ana.headers,
    })
    const change = feed
      .json()
      .data.changes.find(
        (c: { id: string; version: number }) => c.id === ana.patientId && c.version === after.version,
      )
    expect(change).toMatchObject({ entity: 'patient', op: 'upsert', data: { phone: '5512345678' } })
  })

  it('leaves identity and employment alone even when sent', async () => {
    const before = await stored()
    const answer = await put(
      ana.headers,
      { address_other: 'Calle Roble 14', name: 'Otro', curp: 'XXXX000000HDFXXX00', hire_date: '2001-01-01' },
      before.version,
    )
    expect(answer.status).toBe(200)
    expect(await stored()).toMatchObject({
      addressOther: 'Calle Roble 14',
      name: before.name,
      curp: before.curp,
    })
  })

  it('answers a replayed key with the first result, writing once', async () => {
    const before = await stored()
    const key = uuidv7()
    const first = await put(ana.headers, { phone: '5500000001' }, before.version, key)
    const again = await put(ana.headers, { phone: '5500000001' }, before.version, key)
    expect(first.status).toBe(200)
    expect(again).toMatchObject({ status: 200, data: { version: before.version + 1 } })
    expect((await stored()).version).toBe(before.version + 1)
  })

  it('refuses bad input (422) with field errors and changes nothing', async () => {
    const before = await stored()
    const bad = await put(
      ana.headers,
      { phone: '12-34', emergency_contact_relationship: 'cousin', emergency_contact_phone: '123' },
      before.version,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.errors).sort()).toEqual([
      'emergency_contact_phone',
      'emergency_contact_relationship',
      'phone',
    ])
    expect((await put(ana.headers, {}, before.version)).status).toBe(422)
    // Only identity fields: nothing of the profile is left to change.
    expect((await put(ana.headers, { curp: 'XXXX000000HDFXXX00' }, before.version)).status).toBe(422)
    expect(await stored()).toMatchObject({ version: before.version, phone: before.phone })
  })

  it('answers 412 with the current record on a stale version, 428 without one', async () => {
    const before = await stored()
    const stale = await put(ana.headers, { phone: '5511111111' }, before.version - 1)
    expect(stale.status).toBe(412)
    expect(stale.data).toMatchObject({ id: ana.patientId, version: before.version, phone: before.phone })
    expect((await put(ana.headers, { phone: '5511111111' }, null)).status).toBe(428)
    expect((await stored()).version).toBe(before.version)
  })

  it('needs a signed-in patient with the permission', async () => {
    expect((await put({ host: 'acme.localhost' }, { phone: '5512345678' }, 1)).status).toBe(401)
    expect((await put(unlinked, { phone: '5512345678' }, 1)).status).toBe(403)
    expect((await put(receptionist, { phone: '5512345678' }, 1)).status).toBe(403)
  })
})
