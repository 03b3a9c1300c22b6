import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TriageFields, triageOf } from '../../../src/contract/schemas/covid'
import { pdfText } from '../../../src/documents/pdf-text'
import { type TriageListNames, triageDocumentOf } from '../../../src/documents/triage-document'
import { buildTriageNotePdf } from '../../../src/documents/triage-note-pdf'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import {
  auditLog,
  changeLog,
  covidTests,
  patientAssignments,
  referenceItems,
  triageConsultations,
  triageReclassifications,
} from '../../db/schema'
import { COVID_LISTS } from '../../seed/covid-lists'
import { changesAfter } from '../sync/feed'

const BASE = '/api/covid'
const STAFF = ['covid-index', 'covid-history', 'covid-create']
const BIRTH = '1990-03-15'

/**
 * COVID triage and follow-up through the real routes (SPEC §7 "COVID", issue 20, decision 0025):
 * the rule checked again by the server, idempotent creates, the reclassification of the last
 * consultation in the server's order, tests with If-Match, the patient's own reads, counts and
 * the spreadsheet, access, assignments, validation in both languages and tenant isolation.
 */
describe('COVID triage', () => {
  let t: TestApp
  let acmeId: string
  let globexId: string
  let patientId: string
  let elderId: string
  let unassignedId: string
  let globexPatientId: string
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  let ownPatient: Record<string, string>
  let tenantName: string
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    const items = Object.entries(COVID_LISTS).flatMap(([list, entries]) =>
      entries.map(([code, nameEs, nameEn], sort) => ({ list, code, nameEs, nameEn, sort })),
    )
    await t.database.db.insert(referenceItems).values(items).onConflictDoNothing()
    const acme = await buildTenant(t.database.db, { slug: 'acme' })
    acmeId = acme.id
    tenantName = acme.tradeName
    globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    patientId = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
    elderId = (await insertPatient(t.database.db, acmeId, { birthDate: '1950-06-01' })).id as string
    unassignedId = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
    globexPatientId = (await insertPatient(t.database.db, globexId, { birthDate: BIRTH })).id as string
    const sign = async (host: string, tenantId: string, permissions: string[], extra = {}) => {
      const user = await buildUser(t.database.db, tenantId, { permissions, name: 'Rosa', ...extra })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [...STAFF, 'assignments.all'])).headers
    const professional = await sign('acme.localhost', acmeId, STAFF)
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(patientAssignments).values([
        { tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id },
        { tenantId: acmeId, id: uuidv7(), patientId: elderId, userId: professional.id },
      ]),
    )
    nobody = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, [...STAFF, 'assignments.all'])).headers
    ownPatient = (await sign('acme.localhost', acmeId, ['patient-covid'], { patientId })).headers
  })
  afterAll(() => t.close())

  const send = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
    extra: Record<string, string> = {},
  ) => {
    const answer = await t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { ...headers, ...extra },
      payload: body,
    })
    const json = String(answer.headers['content-type'] ?? '').includes('json') ? answer.json() : {}
    return {
      status: answer.statusCode,
      data: json.data,
      errors: json.errors,
      message: json.message,
      etag: answer.headers.etag,
    }
  }

  let minute = 0
  /** A consultation of a febrile patient on air, its proposal the rule's for a patient born in `birth`. */
  const triage = (
    overrides: Partial<Omit<TriageFields, 'proposed_classification' | 'classification'>> = {},
    birth = BIRTH,
  ) => {
    minute++
    const fields = {
      consulted_at: new Date(Date.UTC(2026, 10, 20, 15, minute)).toISOString(),
      status: 'suspicious',
      covid_case: 'suspected',
      symptoms: ['fever', 'cough'],
      other_symptoms: [],
      respiratory_rate: 18,
      oximetry: 97,
      supplemental_oxygen: 'room-air',
      temperature_c: 38.2,
      systolic: 120,
      diastolic: 80,
      heart_rate: 88,
      consciousness: 'alert',
      chronic_degenerative_diseases: [],
      immunocompromises: [],
      pregnancy: null,
      notes: 'Fiebre y tos seca desde ayer; aislamiento en casa.',
      ...overrides,
    } as Omit<TriageFields, 'proposed_classification' | 'classification'>
    const proposed = triageOf(fields as TriageFields, birth).classification
    return { id: uuidv7(), ...fields, proposed_classification: proposed, classification: proposed }
  }
  const create = (body: object, patient = patientId, headers = doctor, key = uuidv7()) =>
    send(headers, 'POST', `/medic-consultation/${patient}`, body, { 'idempotency-key': key })
  const reclassify = (
    patient: string,
    classification: string,
    headers = doctor,
    key = uuidv7(),
    id = uuidv7(),
  ) =>
    send(
      headers,
      'POST',
      `/triage-reclassification/${patient}`,
      { id, reclassified_at: '2026-11-21T17:00:00.000Z', classification, reason: 'Control telefónico.' },
      { 'idempotency-key': key },
    )
  const trail = (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(triageConsultations).where(eq(triageConsultations.id, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      audit: (await tx.select().from(auditLog)).filter(
        (entry) => (entry.details as { consultation?: string } | null)?.consultation === id,
      ),
    }))

  describe('a triage consultation', () => {
    it('is stored with the rule’s proposal, its feed note and audit entry, and read back alike', async () => {
      const body = triage()
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.etag).toBe('"1"')
      expect(created.data).toMatchObject({
        ...body,
        patient_id: patientId,
        chosen_classification: body.classification,
        news2_score: 1,
        reclassification_id: null,
        author: { name: 'Rosa Usuario' },
        version: 1,
      })
      const read = await send(doctor, 'GET', `/medic-consultation/show/${body.id}`)
      expect(read.data).toEqual(created.data)
      const { rows, changes, audit } = await trail(body.id)
      expect(rows).toHaveLength(1)
      expect(changes).toMatchObject([{ entity: 'covid-consultation', op: 'upsert', version: 1, patientId }])
      expect(audit.map((entry) => entry.action)).toEqual([
        'covid-consultation.create',
        'covid-consultation.read',
      ])
      expect(audit[0]).toMatchObject({ entity: 'patient', entityId: patientId })
    })

    it('records an override with its reason beside the proposal', async () => {
      const body = { ...triage(), classification: 'high', override_reason: 'Disnea al hablar por teléfono.' }
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.data).toMatchObject({
        proposed_classification: 'low',
        chosen_classification: 'high',
        classification: 'high',
      })
    })

    it('counts the risk factors: a patient of 76 is proposed one step up', async () => {
      const body = triage({}, '1950-06-01')
      expect(body.proposed_classification).toBe('low-medium')
      expect((await create(body, elderId)).data).toMatchObject({ proposed_classification: 'low-medium' })
    })

    it('refuses a proposal the rule would not make (422 on proposed_classification), keeping nothing', async () => {
      const body = { ...triage({ oximetry: 91 }), proposed_classification: 'low', classification: 'low' }
      const refused = await create(body)
      expect(refused.status).toBe(422)
      expect(refused.errors).toEqual({
        proposed_classification: [
          'La clasificación propuesta no corresponde a los signos vitales y factores de riesgo.',
        ],
      })
      expect((await trail(body.id)).rows).toEqual([])
    })

    it('refuses bad input with field messages in Spanish and English (422)', async () => {
      const body = { ...triage(), oximetry: 48, symptoms: ['fever', 'zombie'] }
      const es = await create(body)
      expect(es.status).toBe(422)
      expect(es.errors).toEqual({ oximetry: ['Debe ser al menos 49.'] })
      const en = await send(
        doctor,
        'POST',
        `/medic-consultation/${patientId}`,
        { ...triage(), classification: 'high' },
        { 'idempotency-key': uuidv7(), 'accept-language': 'en' },
      )
      expect(en.errors).toEqual({
        override_reason: ['Write why you chose a classification other than the proposed one.'],
      })
      const unknown = await create({ ...triage(), symptoms: ['fever', 'zombie'] })
      expect(unknown.errors).toEqual({ 'symptoms.1': ['Valor no permitido'] })
    })

    it('answers a replay with the stored answer and one row; the same id with another body is a 409', async () => {
      const body = triage()
      const key = uuidv7()
      const first = await create(body, patientId, doctor, key)
      expect(await create(body, patientId, doctor, key)).toEqual(first)
      expect((await create(body)).data).toEqual(first.data)
      expect((await create({ ...body, notes: 'Otra nota' })).status).toBe(409)
      const { rows, changes } = await trail(body.id)
      expect([rows.length, changes.length]).toEqual([1, 1])
    })

    it('needs a session (401) and the create permission (403)', async () => {
      expect((await create(triage(), patientId, anonymous)).status).toBe(401)
      expect((await create(triage(), patientId, nobody)).status).toBe(403)
      expect((await create(triage(), patientId, ownPatient)).status).toBe(403)
    })

    it('treats another tenant’s patient and an unassigned one as unknown (404)', async () => {
      expect((await create(triage(), globexPatientId)).status).toBe(404)
      expect((await create(triage(), patientId, intruder)).status).toBe(404)
      expect((await create(triage(), unassignedId, assigned)).status).toBe(404)
      expect((await create(triage(), patientId, assigned)).status).toBe(200)
      const shown = await create(triage(), unassignedId)
      expect((await send(assigned, 'GET', `/medic-consultation/show/${shown.data.id}`)).status).toBe(404)
      expect((await send(intruder, 'GET', `/medic-consultation/show/${shown.data.id}`)).status).toBe(404)
    })
  })

  describe('a reclassification', () => {
    it('is refused with SPEC §8’s text while the patient has no consultation', async () => {
      const fresh = (await insertPatient(t.database.db, acmeId)).id as string
      const refused = await reclassify(fresh, 'high')
      expect(refused.status).toBe(422)
      expect(refused.message).toBe('Debe de tener al menos 1 consulta covid para poder reclasificar.')
      const rows = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(triageReclassifications).where(eq(triageReclassifications.patientId, fresh)),
      )
      expect(rows).toEqual([])
    })

    it('overwrites the classification of the last consultation, which the feed carries', async () => {
      const patient = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
      // The later consultation reaches the server first: "last" is by when it took place.
      const later = triage({ consulted_at: '2026-11-22T16:00:00.000Z' })
      const earlier = triage({ consulted_at: '2026-11-19T16:00:00.000Z' })
      await create(later, patient)
      await create(earlier, patient)
      const done = await reclassify(patient, 'high')
      expect(done.status).toBe(200)
      expect(done.data).toMatchObject({
        consultation_id: later.id,
        previous_classification: 'low',
        classification: 'high',
        patient_id: patient,
      })
      const [overwritten] = (await trail(later.id)).rows
      expect(overwritten).toMatchObject({ classification: 'high', chosenClassification: 'low', version: 2 })
      expect((await trail(earlier.id)).rows[0]).toMatchObject({ classification: 'low', version: 1 })
      const page = await withTenant(t.database.db, acmeId, (tx) =>
        changesAfter(tx, acmeId, { kind: 'patient', patientId: patient }, undefined, 100),
      )
      expect(page.changes.find((change) => change.id === later.id)).toMatchObject({
        entity: 'covid-consultation',
        version: 2,
        data: { classification: 'high', chosen_classification: 'low', reclassification_id: done.data.id },
      })
      expect(page.changes.find((change) => change.id === done.data.id)).toMatchObject({
        entity: 'covid-reclassification',
      })
      const last = await send(doctor, 'GET', `/triage-reclassification/last/${patient}`)
      expect(last.data).toEqual(done.data)
    })

    it('applies two in the order the server receives them: the later one holds', async () => {
      const patient = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
      const only = triage()
      await create(only, patient)
      const first = await reclassify(patient, 'medium')
      const second = await reclassify(patient, 'low-medium')
      expect(first.data.previous_classification).toBe('low')
      expect(second.data.previous_classification).toBe('medium')
      expect((await trail(only.id)).rows[0]).toMatchObject({ classification: 'low-medium', version: 3 })
      expect((await send(doctor, 'GET', `/triage-reclassification/last/${patient}`)).data.id).toBe(
        second.data.id,
      )
    })

    it('answers a replay once, refuses an unassigned patient (404) and a reader (403)', async () => {
      const key = uuidv7()
      const id = uuidv7()
      const first = await reclassify(patientId, 'medium', doctor, key, id)
      expect(await reclassify(patientId, 'medium', doctor, key, id)).toEqual(first)
      expect((await reclassify(patientId, 'medium', doctor, uuidv7(), id)).data).toEqual(first.data)
      const rows = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(triageReclassifications).where(eq(triageReclassifications.id, id)),
      )
      expect(rows).toHaveLength(1)
      expect((await reclassify(unassignedId, 'high', assigned)).status).toBe(404)
      expect((await reclassify(patientId, 'high', nobody)).status).toBe(403)
      expect((await reclassify(patientId, 'high', anonymous)).status).toBe(401)
      expect((await reclassify(patientId, 'urgent')).errors).toEqual({
        classification: ['Valor no permitido'],
      })
    })
  })

  describe('the outbox', () => {
    it('replays a consultation and a reclassification in one sync batch, each answered on its own', async () => {
      const patient = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
      const body = triage()
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/sync/batch',
        headers: doctor,
        payload: {
          requests: [
            { key: uuidv7(), method: 'POST', path: `${BASE}/medic-consultation/${patient}`, body },
            {
              key: uuidv7(),
              method: 'POST',
              path: `${BASE}/triage-reclassification/${patient}`,
              body: {
                id: uuidv7(),
                reclassified_at: '2026-11-21T10:00:00.000Z',
                classification: 'medium',
                reason: 'Tos nocturna.',
              },
            },
          ],
        },
      })
      const answers = answer.json().data.answers as Array<{ status: number }>
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect((await trail(body.id)).rows[0]).toMatchObject({ classification: 'medium', version: 2 })
    })
  })

  describe('a declined follow-up', () => {
    const decline = (patient: string, headers = doctor, body: object = {}) =>
      send(
        headers,
        'POST',
        `/medic-consultation/reject/${patient}`,
        {
          id: uuidv7(),
          declined_at: '2026-11-21T18:00:00.000Z',
          kind: 'unreachable',
          reason: 'No contesta el teléfono.',
          ...body,
        },
        { 'idempotency-key': uuidv7() },
      )

    it('is recorded with its reason, and refused without one (422), unassigned (404) or unpermitted (403)', async () => {
      const done = await decline(patientId)
      expect(done.status).toBe(200)
      expect(done.data).toMatchObject({ kind: 'unreachable', reason: 'No contesta el teléfono.' })
      expect((await decline(patientId, doctor, { reason: '  ' })).errors).toEqual({
        reason: ['Este campo es obligatorio.'],
      })
      expect((await decline(unassignedId, assigned)).status).toBe(404)
      expect((await decline(globexPatientId)).status).toBe(404)
      expect((await decline(patientId, nobody)).status).toBe(403)
      expect((await decline(patientId, anonymous)).status).toBe(401)
    })
  })

  describe('the history reads', () => {
    it('answer the status history, the current status, the graph and the record, audited', async () => {
      const patient = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
      const first = triage({ consulted_at: '2026-11-10T16:00:00.000Z', status: 'suspicious', oximetry: 95 })
      const second = triage({
        consulted_at: '2026-11-15T16:00:00.000Z',
        status: 'recovered',
        temperature_c: 36.6,
      })
      await create(first, patient)
      await create(second, patient)
      const history = await send(doctor, 'GET', `/patients/status-covid-histories/${patient}`)
      expect(history.data.map((entry: { status: string }) => entry.status)).toEqual([
        'recovered',
        'suspicious',
      ])
      const current = await send(doctor, 'GET', `/patients/status-covid-histories/${patient}/current`)
      expect(current.data).toMatchObject({ consultation_id: second.id, status: 'recovered' })
      const graph = await send(doctor, 'GET', `/medic-consultation/graph/${patient}`)
      expect(graph.data).toEqual([
        {
          consultation_id: first.id,
          at: first.consulted_at,
          temperature_c: 38.2,
          oximetry: 95,
          respiratory_rate: 18,
        },
        {
          consultation_id: second.id,
          at: second.consulted_at,
          temperature_c: 36.6,
          oximetry: 97,
          respiratory_rate: 18,
        },
      ])
      const record = await send(doctor, 'GET', `/medic-consultation?patient_id=${patient}`)
      expect(record.data.consultations.map((c: { id: string }) => c.id)).toEqual([second.id, first.id])
      expect([record.data.reclassifications, record.data.declines]).toEqual([[], []])
      const none = (await insertPatient(t.database.db, acmeId)).id as string
      expect((await send(doctor, 'GET', `/patients/status-covid-histories/${none}/current`)).data).toBeNull()
      const audited = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.entityId, patient)),
      )
      expect(audited.map((entry) => entry.action)).toEqual(
        expect.arrayContaining([
          'covid-status.list',
          'covid-status.read',
          'covid-graph.read',
          'covid-record.list',
        ]),
      )
      expect((await send(assigned, 'GET', `/patients/status-covid-histories/${unassignedId}`)).status).toBe(
        404,
      )
      expect((await send(intruder, 'GET', `/medic-consultation/graph/${patient}`)).status).toBe(404)
      expect((await send(nobody, 'GET', `/patients/status-covid-histories/${patient}`)).status).toBe(403)
      expect((await send(anonymous, 'GET', `/medic-consultation/graph/${patient}`)).status).toBe(401)
    })

    it('finds evolution notes by words, accents and case aside', async () => {
      const patient = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
      await create(triage({ notes: 'Saturación baja por la mañana; se envía a urgencias.' }), patient)
      await create(triage({ notes: 'Sin síntomas, regreso a planta.' }), patient)
      await create(triage({ notes: null }), patient)
      const all = await send(doctor, 'GET', `/covid-history/evolution-notes-list/patient/${patient}`)
      expect(all.data).toHaveLength(2)
      const found = await send(
        doctor,
        'GET',
        `/covid-history/evolution-notes-list/patient/${patient}?search=SATURACION%20manana`,
      )
      expect(found.data.map((note: { notes: string }) => note.notes)).toEqual([
        'Saturación baja por la mañana; se envía a urgencias.',
      ])
      expect(
        (
          await send(
            doctor,
            'GET',
            `/covid-history/evolution-notes-list/patient/${patient}?search=${'x'.repeat(101)}`,
          )
        ).status,
      ).toBe(422)
    })

    it('lets a patient read their own, never another’s (404), and draw their own graph', async () => {
      const body = triage()
      await create(body, patientId)
      expect((await send(ownPatient, 'GET', `/medic-consultation/show/${body.id}`)).status).toBe(200)
      expect(
        (await send(ownPatient, 'GET', `/patients/status-covid-histories/${patientId}/current`)).status,
      ).toBe(200)
      expect((await send(ownPatient, 'GET', `/covid-history/covid-tests/patient/${patientId}`)).status).toBe(
        200,
      )
      const graph = await send(ownPatient, 'GET', '/medic-consultation/graph-patient')
      expect(graph.data.map((point: { consultation_id: string }) => point.consultation_id)).toContain(body.id)
      const other = triage()
      await create(other, unassignedId)
      expect((await send(ownPatient, 'GET', `/medic-consultation/show/${other.id}`)).status).toBe(404)
      expect((await send(ownPatient, 'GET', `/patients/status-covid-histories/${unassignedId}`)).status).toBe(
        404,
      )
      // The staff graph is not theirs to call.
      expect((await send(ownPatient, 'GET', `/medic-consultation/graph/${patientId}`)).status).toBe(403)
      expect((await send(doctor, 'GET', '/medic-consultation/graph-patient')).status).toBe(403)
    })
  })

  describe('the triage note', () => {
    it('is the very PDF the device builds from the same consultation, scoped and audited', async () => {
      const patientRow = await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })
      const body = triage({ chronic_degenerative_diseases: ['diabetes'], other_symptoms: ['dizziness'] })
      await create(body, patientRow.id as string)
      const url = `${BASE}/medic-consultation/pdf?id=${body.id}&time_zone=America/Tijuana`
      const answer = await t.app.inject({ method: 'GET', url, headers: doctor })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      const show = (await send(doctor, 'GET', `/medic-consultation/show/${body.id}`)).data
      const lists: TriageListNames = {}
      for (const list of Object.keys(COVID_LISTS)) {
        ;(lists as Record<string, Map<string, string>>)[list] = new Map(
          (COVID_LISTS[list] ?? []).map(([code, es]) => [code, es]),
        )
      }
      const device = buildTriageNotePdf(
        triageDocumentOf(show, {
          language: 'es',
          timeZone: 'America/Tijuana',
          tenant: { name: tenantName, logo: null, address: null },
          patient: {
            name: [patientRow.name, patientRow.lastName, patientRow.secondLastName].filter(Boolean).join(' '),
            birth_date: patientRow.birthDate as string,
            sex: null,
            curp: patientRow.curp as string,
          },
          lists,
        }),
      )
      expect(pdfText(answer.rawPayload)).toEqual(pdfText(device.bytes))
      expect(Buffer.compare(answer.rawPayload, Buffer.from(device.bytes))).toBe(0)
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="${device.fileName}"`)
      expect((await trail(body.id)).audit.map((entry) => entry.action)).toContain('covid-consultation.pdf')
      const get = (headers: Record<string, string>, id = body.id) =>
        t.app.inject({ method: 'GET', url: `${BASE}/medic-consultation/pdf?id=${id}`, headers })
      expect((await get(anonymous)).statusCode).toBe(401)
      expect((await get(nobody)).statusCode).toBe(403)
      expect((await get(intruder)).statusCode).toBe(404)
      expect((await get(assigned)).statusCode).toBe(404)
      expect((await get(doctor, 'nope')).statusCode).toBe(422)
    })
  })

  it('lets a nurse who is a patient too read her own record, not write it, out of her care', async () => {
    const herself = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
    const user = await buildUser(t.database.db, acmeId, {
      permissions: [...STAFF, 'patient-covid'],
      patientId: herself,
    })
    const nurse = (await signIn(t.app, 'acme.localhost', user.email)).headers
    await create(triage(), herself)
    expect((await send(nurse, 'GET', `/patients/status-covid-histories/${herself}/current`)).status).toBe(200)
    expect((await create(triage(), herself, nurse)).status).toBe(404)
  })

  describe('COVID tests', () => {
    const path = (patient: string, id = '') =>
      `/covid-history/covid-tests/patient/${patient}${id ? `/${id}` : ''}`
    const aTest = (body: object = {}) => ({
      id: uuidv7(),
      date: '2026-11-18',
      type: 'pcr',
      result: 'positive',
      ...body,
    })

    it('are created once, edited against If-Match, deleted softly, all in the feed and the audit', async () => {
      const body = aTest()
      const key = uuidv7()
      const created = await send(doctor, 'POST', path(patientId), body, { 'idempotency-key': key })
      expect(created.status).toBe(200)
      expect(created.data).toMatchObject({ ...body, patient_id: patientId, version: 1 })
      expect(await send(doctor, 'POST', path(patientId), body, { 'idempotency-key': key })).toEqual(created)
      expect(
        (await send(doctor, 'POST', path(patientId), body, { 'idempotency-key': uuidv7() })).data,
      ).toEqual(created.data)
      const noBase = await send(
        doctor,
        'PUT',
        path(patientId, body.id),
        { result: 'negative' },
        { 'idempotency-key': uuidv7() },
      )
      expect(noBase.status).toBe(428)
      const stale = await send(
        doctor,
        'PUT',
        path(patientId, body.id),
        { result: 'negative' },
        { 'idempotency-key': uuidv7(), 'if-match': '"7"' },
      )
      expect(stale.status).toBe(412)
      const edited = await send(
        doctor,
        'PUT',
        path(patientId, body.id),
        { result: 'negative' },
        { 'idempotency-key': uuidv7(), 'if-match': '"1"' },
      )
      expect(edited.data).toMatchObject({ result: 'negative', version: 2 })
      const bad = await send(
        doctor,
        'PUT',
        path(patientId, body.id),
        { type: 'saliva' },
        { 'idempotency-key': uuidv7(), 'if-match': '"2"' },
      )
      expect(bad.errors).toEqual({ type: ['Valor no permitido'] })
      const listed = await send(doctor, 'GET', path(patientId))
      expect(listed.data.map((test: { id: string }) => test.id)).toContain(body.id)
      expect(
        (await send(doctor, 'DELETE', path(patientId, body.id), undefined, { 'idempotency-key': uuidv7() }))
          .status,
      ).toBe(200)
      const after = await send(doctor, 'GET', path(patientId))
      expect(after.data.map((test: { id: string }) => test.id)).not.toContain(body.id)
      const [row] = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(covidTests).where(eq(covidTests.id, body.id)),
      )
      expect(row?.deletedAt).not.toBeNull()
      const changes = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(changeLog).where(eq(changeLog.entityId, body.id)),
      )
      expect(changes.map((change) => [change.entity, change.op, change.version])).toEqual([
        ['covid-test', 'upsert', 1],
        ['covid-test', 'upsert', 2],
        ['covid-test', 'delete', 3],
      ])
      const actions = await withTenant(t.database.db, acmeId, async (tx) =>
        (await tx.select().from(auditLog))
          .filter((entry) => (entry.details as { test?: string } | null)?.test === body.id)
          .map((entry) => entry.action),
      )
      expect(actions).toEqual(['covid-test.create', 'covid-test.update', 'covid-test.delete'])
    })

    it('refuses an unknown result (422), another tenant (404), an unassigned patient (404), a reader (403)', async () => {
      expect(
        (
          await send(doctor, 'POST', path(patientId), aTest({ result: 'maybe' }), {
            'idempotency-key': uuidv7(),
          })
        ).errors,
      ).toEqual({ result: ['Valor no permitido'] })
      expect(
        (await send(intruder, 'POST', path(patientId), aTest(), { 'idempotency-key': uuidv7() })).status,
      ).toBe(404)
      expect(
        (await send(assigned, 'POST', path(unassignedId), aTest(), { 'idempotency-key': uuidv7() })).status,
      ).toBe(404)
      expect((await send(assigned, 'GET', path(unassignedId))).status).toBe(404)
      expect((await send(nobody, 'GET', path(patientId))).status).toBe(403)
      expect(
        (await send(ownPatient, 'POST', path(patientId), aTest(), { 'idempotency-key': uuidv7() })).status,
      ).toBe(403)
      expect((await send(anonymous, 'GET', path(patientId))).status).toBe(401)
    })
  })

  describe('the lists, the counts and the spreadsheet', () => {
    it('answer each COVID list in the request’s language, and the triage filters under operation', async () => {
      const es = await send(doctor, 'GET', '/triage-clasifications')
      expect(es.data.map((item: { code: string }) => item.code)).toEqual([
        'low',
        'low-medium',
        'medium',
        'high',
      ])
      expect(es.data[3].name).toBe('Riesgo alto')
      const en = await send(doctor, 'GET', '/consciousness-states', undefined, { 'accept-language': 'en' })
      expect(en.data[0]).toEqual({ code: 'alert', name: 'Alert' })
      const filters = await t.app.inject({
        method: 'GET',
        url: '/api/operation/get-filters/triage',
        headers: doctor,
      })
      expect(filters.json().data.statuses).toHaveLength(8)
      expect(filters.json().data.classifications[0]).toEqual({ code: 'low', name: 'Riesgo bajo' })
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/operation/get-filters/triage',
        headers: nobody,
      })
      expect(refused.statusCode).toBe(403)
    })

    it('count the patients by the status of their last consultation, within the caller’s scope', async () => {
      const counted = await send(doctor, 'GET', '/triage-concentrated/count')
      expect(counted.status).toBe(200)
      const doctorTotal = counted.data.total as number
      const assignedCounts = await send(assigned, 'GET', '/triage-concentrated/count')
      // The professional sees their two patients only.
      expect(assignedCounts.data.total).toBeLessThanOrEqual(2)
      expect(doctorTotal).toBeGreaterThan(assignedCounts.data.total)
      const patient = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
      await create(triage({ consulted_at: '2026-10-01T16:00:00.000Z', status: 'suspicious' }), patient)
      await create(triage({ consulted_at: '2026-10-03T16:00:00.000Z', status: 'hospitalized' }), patient)
      const october = await send(doctor, 'GET', '/triage-concentrated/count?from=2026-10-01&to=2026-10-31')
      expect(october.data).toMatchObject({ hospitalized: 1, suspicious: 0, total: 1 })
      const filtered = await send(doctor, 'GET', '/triage-concentrated/count?statuses=hospitalized,recovered')
      expect(filtered.data.total).toBe(filtered.data.hospitalized + filtered.data.recovered)
      expect(
        (await send(doctor, 'GET', '/triage-concentrated/count?from=2026-10-31&to=2026-10-01')).errors,
      ).toEqual({
        to: ['La fecha final no puede ser anterior a la inicial.'],
      })
      expect((await send(doctor, 'GET', '/triage-concentrated/count?statuses=zombie')).status).toBe(422)
      expect((await send(nobody, 'GET', '/triage-concentrated/count')).status).toBe(403)
      expect((await send(intruder, 'GET', '/triage-concentrated/count')).data.total).toBe(0)
    })

    it('download as a spreadsheet named with the day, audited with the patients it showed', async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${BASE}/triage-concentrated/download?statuses=hospitalized`,
        headers: doctor,
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toContain('spreadsheetml')
      expect(answer.headers['content-disposition']).toMatch(
        /^attachment; filename="triage_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )
      const exported = await withTenant(t.database.db, acmeId, async (tx) =>
        (await tx.select().from(auditLog)).filter((entry) => entry.action === 'covid-triage.export'),
      )
      const details = exported.at(-1)?.details as { patients: string[] } | undefined
      expect(details?.patients.length).toBeGreaterThan(0)
      const refused = await t.app.inject({
        method: 'GET',
        url: `${BASE}/triage-concentrated/download`,
        headers: nobody,
      })
      expect(refused.statusCode).toBe(403)
    })
  })
})
