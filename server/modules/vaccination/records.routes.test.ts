import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathFor } from '../../../src/contract/endpoints/define'
import { vaccinationRecordFileCalls } from '../../../src/contract/endpoints/vaccination'
import { nameKey } from '../../../src/contract/schemas/catalogue-definitions'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { multipart, sampleFile } from '../../../tests/fixtures/file-owner'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import {
  auditLog,
  catalogueEntries,
  changeLog,
  nationalities,
  patientAssignments,
  vaccinationRecordAmendments,
  vaccinationRecords,
} from '../../db/schema'
import { changesAfter } from '../sync/feed'

const BASE = '/api/vaccination/vaccination/user'
const STAFF = [
  'vaccinations-index',
  'vaccinations-card',
  'vaccinations-register-vaccine',
  'vaccinations-register-vaccine-edit',
]
const VACCINE = '0193a3b0-0000-7000-8000-0000000000aa'
/** A second vaccine of the tenant's catalogue. */
const OTHER_VACCINE = '0193a3b0-0000-7000-8000-0000000000bb'

/**
 * A patient's vaccination records through the real routes (SPEC §7 "Vaccination service",
 * issue 21): idempotent creates, amendments that keep the record as it was (NOM-004), soft
 * deletes, the feed and the audit, access, assignments, validation in both languages and
 * tenant isolation.
 */
describe('vaccination records', () => {
  let t: TestApp
  let acmeId: string
  let patientId: string
  let unassignedId: string
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let reader: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    await t.database.db
      .insert(nationalities)
      .values({ code: 'USA', country: 'Estados Unidos', name: 'Estadounidense' })
      .onConflictDoNothing()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    // The vaccines the records name, in acme's catalogue (a record's vaccine must be a live one).
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(catalogueEntries).values(
        [
          [VACCINE, 'Td'],
          [OTHER_VACCINE, 'Hepatitis B'],
        ].map(([id, name]) => ({
          tenantId: acmeId,
          id: id as string,
          catalogue: 'vaccination-records',
          name: name as string,
          nameKey: nameKey(name as string),
          details: {
            disease: name,
            doses: 2,
            interval_days: 30,
            booster_interval_days: null,
            route: 'intramuscular',
          },
        })),
      ),
    )
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    unassignedId = (await insertPatient(t.database.db, acmeId)).id as string
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions, name: 'Rosa' })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [...STAFF, 'assignments.all'])).headers
    const professional = await sign('acme.localhost', acmeId, STAFF)
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    reader = (await sign('acme.localhost', acmeId, ['vaccinations-card', 'assignments.all'])).headers
    nobody = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, [...STAFF, 'assignments.all'])).headers
  })
  afterAll(() => t.close())

  const send = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: object,
    extra: Record<string, string> = {},
  ) => {
    const answer = await t.app.inject({ method, url, headers: { ...headers, ...extra }, payload: body })
    const json = answer.json()
    return { status: answer.statusCode, data: json.data, errors: json.errors, etag: answer.headers.etag }
  }
  const key = () => ({ 'idempotency-key': uuidv7() })
  const aRecord = (body: object = {}) => ({
    id: uuidv7(),
    patient_id: patientId,
    vaccine_id: VACCINE,
    dose_number: 1,
    folio: 'F-100',
    applied_on: '2026-11-20',
    lot: 'L-1',
    ...body,
  })
  const create = (body: object, headers = doctor, extra: Record<string, string> = key()) =>
    send(headers, 'POST', BASE, body, extra)
  const amend = (id: string, body: object, version: number, headers = doctor) =>
    send(headers, 'POST', `${BASE}/update/${id}`, body, { ...key(), 'if-match': `"${version}"` })
  const trail = async (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(vaccinationRecords).where(eq(vaccinationRecords.id, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      actions: (await tx.select().from(auditLog))
        .filter((entry) => (entry.details as { record?: string } | null)?.record === id)
        .map((entry) => entry.action),
    }))

  describe('POST /vaccination/user and its aliases', () => {
    it('records a dose with its defaults, answering it with its version', async () => {
      const body = aRecord({ adverse_reactions: [{ date: '2026-11-21', time: '08:30', symptoms: 'Fiebre' }] })
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.etag).toBe('"1"')
      expect(created.data).toMatchObject({
        ...body,
        adverse_reactions: [{ date: '2026-11-21', time: '08:30', symptoms: 'Fiebre', comments: null }],
        booster: false,
        vaccinated_abroad: false,
        country_code: null,
        early_dose_confirmed: false,
        version: 1,
        amendments: [],
        author: { name: expect.stringContaining('Rosa') },
      })
      const { changes, actions } = await trail(body.id)
      expect(changes.map((change) => [change.entity, change.op])).toEqual([['vaccination-record', 'upsert']])
      expect(actions).toEqual(['vaccination-record.create'])
    })

    it('answers a replay with the stored answer and one row; the same id with another body is a 409', async () => {
      const body = aRecord()
      const extra = key()
      const first = await create(body, doctor, extra)
      expect(await create(body, doctor, extra)).toEqual(first)
      expect((await create(body)).data).toEqual(first.data)
      expect((await create({ ...body, lot: 'L-2' })).status).toBe(409)
      const { rows, changes } = await trail(body.id)
      expect([rows.length, changes.length]).toEqual([1, 1])
    })

    it('records under the patient’s path and under the patient’s and vaccine’s', async () => {
      const { patient_id: _, vaccine_id: __, ...fields } = aRecord()
      const byPatient = await send(
        doctor,
        'POST',
        `${BASE}/${patientId}`,
        { ...fields, vaccine_id: VACCINE },
        key(),
      )
      expect(byPatient.data).toMatchObject({ patient_id: patientId, vaccine_id: VACCINE })
      const other = OTHER_VACCINE
      const byVaccine = await send(
        doctor,
        'POST',
        `${BASE}/${patientId}/${other}`,
        { ...fields, id: uuidv7() },
        key(),
      )
      expect(byVaccine.data).toMatchObject({ patient_id: patientId, vaccine_id: other })
      const missing = await send(doctor, 'POST', `${BASE}/${patientId}`, { ...fields, id: uuidv7() }, key())
      expect(missing.errors).toEqual({ vaccine_id: ['Este campo es obligatorio.'] })
      const unknown = await send(
        doctor,
        'POST',
        `${BASE}/${patientId}/${uuidv7()}`,
        { ...fields, id: uuidv7() },
        key(),
      )
      expect(unknown.errors).toEqual({ vaccine_id: ['El valor elegido no existe en el catálogo.'] })
      const contradicting = await send(
        doctor,
        'POST',
        `${BASE}/${patientId}/${other}`,
        { ...fields, id: uuidv7(), vaccine_id: VACCINE },
        key(),
      )
      expect(contradicting.status).toBe(422)
    })

    it('refuses bad input with field messages in Spanish and English (422), keeping nothing', async () => {
      const body = aRecord({ vaccinated_abroad: true, dose_number: 0 })
      const es = await create(body)
      expect(es.status).toBe(422)
      expect(es.errors).toEqual({
        dose_number: ['Debe ser al menos 1.'],
        country_code: ['Indica el país donde se aplicó la vacuna.'],
      })
      const en = await create(aRecord({ country_code: 'USA' }), doctor, { ...key(), 'accept-language': 'en' })
      expect(en.errors).toEqual({
        country_code: ['The country is only given when the vaccine was applied abroad.'],
      })
      const unknown = await create(aRecord({ vaccinated_abroad: true, country_code: 'ZZZ' }))
      expect(unknown.errors).toEqual({ country_code: ['El país no está en la lista de nacionalidades.'] })
      expect((await trail(body.id)).rows).toEqual([])
      const abroad = await create(aRecord({ vaccinated_abroad: true, country_code: 'USA' }))
      expect(abroad.data).toMatchObject({ vaccinated_abroad: true, country_code: 'USA' })
    })

    it('needs a session (401) and the register permission (403)', async () => {
      expect((await create(aRecord(), anonymous)).status).toBe(401)
      expect((await create(aRecord(), reader)).status).toBe(403)
      expect((await create(aRecord(), nobody)).status).toBe(403)
    })

    it('treats another tenant’s patient and an unassigned one as unknown (404)', async () => {
      expect((await create(aRecord(), intruder)).status).toBe(404)
      expect((await create(aRecord({ patient_id: unassignedId }), assigned)).status).toBe(404)
      expect((await create(aRecord({ patient_id: unassignedId }))).status).toBe(200)
      expect((await create(aRecord(), assigned)).status).toBe(200)
    })
  })

  describe('showing and listing', () => {
    it('shows a record and lists the patient’s, audited; refuses the unpermitted, the unassigned and other tenants', async () => {
      const body = aRecord({ applied_on: '2026-11-25' })
      await create(body)
      const shown = await send(reader, 'GET', `${BASE}/show/${body.id}`)
      expect(shown.data).toMatchObject({ id: body.id, version: 1 })
      expect(shown.etag).toBe('"1"')
      const list = await send(
        reader,
        'GET',
        `/api/operation/patients/vaccination-records?patient_id=${patientId}`,
      )
      expect(list.data[0].id).toBe(body.id)
      expect((await trail(body.id)).actions).toEqual(['vaccination-record.create', 'vaccination-record.show'])
      expect((await send(anonymous, 'GET', `${BASE}/show/${body.id}`)).status).toBe(401)
      expect((await send(nobody, 'GET', `${BASE}/show/${body.id}`)).status).toBe(403)
      expect((await send(intruder, 'GET', `${BASE}/show/${body.id}`)).status).toBe(404)
      expect((await send(doctor, 'GET', `${BASE}/show/nope`)).status).toBe(422)
      const elsewhere = aRecord({ patient_id: unassignedId })
      await create(elsewhere)
      expect((await send(assigned, 'GET', `${BASE}/show/${elsewhere.id}`)).status).toBe(404)
      const listOf = (patient: string, headers = doctor) =>
        send(headers, 'GET', `/api/operation/patients/vaccination-records?patient_id=${patient}`)
      expect((await listOf(unassignedId, assigned)).status).toBe(404)
      expect((await listOf(patientId, nobody)).status).toBe(403)
      expect((await listOf(patientId, intruder)).status).toBe(404)
      expect((await listOf('nope')).status).toBe(422)
    })
  })

  describe('amendments', () => {
    it('keeps the record as it was, field by field, against If-Match', async () => {
      const body = aRecord()
      await create(body)
      expect((await send(doctor, 'POST', `${BASE}/update/${body.id}`, { lot: 'L-9' }, key())).status).toBe(
        428,
      )
      expect((await amend(body.id, { lot: 'L-9' }, 7)).status).toBe(412)
      const amended = await amend(body.id, { lot: 'L-9', folio: 'F-100' }, 1)
      expect(amended.data).toMatchObject({ lot: 'L-9', version: 2 })
      expect(amended.data.amendments).toEqual([
        expect.objectContaining({ version: 2, changes: { lot: { before: 'L-1', after: 'L-9' } } }),
      ])
      const unchanged = await amend(body.id, { lot: 'L-9' }, 2)
      expect(unchanged.data.version).toBe(2)
      const rows = await withTenant(t.database.db, acmeId, (tx) =>
        tx
          .select()
          .from(vaccinationRecordAmendments)
          .where(eq(vaccinationRecordAmendments.recordId, body.id)),
      )
      expect(rows).toHaveLength(1)
      expect((await trail(body.id)).actions).toEqual([
        'vaccination-record.create',
        'vaccination-record.update',
      ])
    })

    it('refuses bad changes (422), the unpermitted (403), the unassigned and other tenants (404)', async () => {
      const body = aRecord()
      await create(body)
      expect((await amend(body.id, {}, 1)).status).toBe(422)
      const abroad = await amend(body.id, { vaccinated_abroad: true }, 1)
      expect(abroad.errors).toEqual({ country_code: ['Indica el país donde se aplicó la vacuna.'] })
      expect((await amend(body.id, { lot: 'L-3' }, 1, anonymous)).status).toBe(401)
      expect((await amend(body.id, { lot: 'L-3' }, 1, reader)).status).toBe(403)
      expect((await amend(body.id, { lot: 'L-3' }, 1, intruder)).status).toBe(404)
      const elsewhere = aRecord({ patient_id: unassignedId })
      await create(elsewhere)
      expect((await amend(elsewhere.id, { lot: 'L-3' }, 1, assigned)).status).toBe(404)
      expect((await trail(body.id)).rows[0]?.version).toBe(1)
    })
  })

  describe('deletes', () => {
    it('are soft, audited and in the feed; the record leaves the list and takes no amendment', async () => {
      const body = aRecord()
      await create(body)
      expect((await send(reader, 'DELETE', `${BASE}/${body.id}`, undefined, key())).status).toBe(403)
      expect((await send(anonymous, 'DELETE', `${BASE}/${body.id}`, undefined, key())).status).toBe(401)
      expect((await send(intruder, 'DELETE', `${BASE}/${body.id}`, undefined, key())).status).toBe(404)
      expect((await send(doctor, 'DELETE', `${BASE}/nope`, undefined, key())).status).toBe(422)
      expect((await send(doctor, 'DELETE', `${BASE}/${body.id}`, undefined, key())).status).toBe(200)
      const list = await send(
        doctor,
        'GET',
        `/api/operation/patients/vaccination-records?patient_id=${patientId}`,
      )
      expect(list.data.map((record: { id: string }) => record.id)).not.toContain(body.id)
      expect((await amend(body.id, { lot: 'L-3' }, 2)).status).toBe(422)
      const { rows, changes, actions } = await trail(body.id)
      expect(rows[0]?.deletedAt).not.toBeNull()
      expect(changes.map((change) => [change.op, change.version])).toEqual([
        ['upsert', 1],
        ['delete', 2],
      ])
      expect(actions).toEqual(['vaccination-record.create', 'vaccination-record.delete'])
      const elsewhere = aRecord({ patient_id: unassignedId })
      await create(elsewhere)
      expect((await send(assigned, 'DELETE', `${BASE}/${elsewhere.id}`, undefined, key())).status).toBe(404)
    })
  })

  describe('the certificate image', () => {
    const upload = async (headers: Record<string, string>, owner: string, bytes: Uint8Array) => {
      const body = await multipart(
        { id: uuidv7(), name: 'certificado.png' },
        { filename: 'certificado.png', type: 'image/png', bytes },
      )
      const answer = await t.app.inject({
        method: 'POST',
        url: pathFor(vaccinationRecordFileCalls.upload, { ownerId: owner }),
        headers: { ...headers, 'content-type': body.contentType, ...key() },
        payload: body.payload,
      })
      return { status: answer.statusCode, data: answer.json().data }
    }

    it('takes a PNG up to 2 MB, refuses a PDF (422), and answers the bytes to a reader', async () => {
      const body = aRecord()
      await create(body)
      const bytes = sampleFile('png', 5_000, 21)
      const stored = await upload(doctor, body.id, bytes)
      expect(stored.status).toBe(200)
      expect(stored.data).toMatchObject({ owner_kind: 'vaccination-record', owner_id: body.id })
      const got = await t.app.inject({
        method: 'GET',
        url: pathFor(vaccinationRecordFileCalls.download, { id: stored.data.id }),
        headers: reader,
      })
      expect(got.statusCode).toBe(200)
      expect(new Uint8Array(got.rawPayload)).toEqual(new Uint8Array(bytes))
      expect((await upload(doctor, body.id, sampleFile('pdf', 5_000, 22))).status).toBe(422)
      expect((await upload(doctor, body.id, sampleFile('png', 2 * 1024 * 1024 + 1, 23))).status).toBe(422)
      expect((await upload(reader, body.id, bytes)).status).toBe(403)
      expect((await upload(intruder, body.id, bytes)).status).toBe(404)
    })
  })

  it('travels in the change feed with its amendments', async () => {
    const body = aRecord()
    await create(body)
    await amend(body.id, { booster: true }, 1)
    const page = await withTenant(t.database.db, acmeId, (tx) =>
      changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 1000),
    )
    const change = page.changes.find((c) => c.entity === 'vaccination-record' && c.id === body.id)
    expect(change?.data).toMatchObject({ id: body.id, booster: true, version: 2 })
    expect(change?.data?.amendments).toHaveLength(1)
  })

  it('reaches the patient’s own device through the feed, and no other patient’s (/patient/vaccination-record)', async () => {
    const account = await buildUser(t.database.db, acmeId, { patientId })
    const patient = (await signIn(t.app, 'acme.localhost', account.email)).headers
    const own = aRecord()
    const someoneElse = aRecord({ patient_id: unassignedId })
    expect((await create(own)).status).toBe(200)
    expect((await create(someoneElse)).status).toBe(200)
    const feedOf = async (headers: Record<string, string>) => {
      const answer = await send(headers, 'GET', '/api/sync/changes?limit=1000')
      expect(answer.status).toBe(200)
      const changes = answer.data.changes as Array<{ entity: string; id: string }>
      return changes.filter((change) => change.entity === 'vaccination-record').map((change) => change.id)
    }
    const mine = await feedOf(patient)
    expect(mine).toContain(own.id)
    expect(mine).not.toContain(someoneElse.id)
    // Staff who list patients but may not read the cards learn of no record at all.
    expect(await feedOf(nobody)).toEqual([])
  })
})
