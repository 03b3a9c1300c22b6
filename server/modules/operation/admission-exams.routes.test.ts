import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admissionExamFileCalls } from '../../../src/contract/endpoints/admission-exams'
import { pathFor } from '../../../src/contract/endpoints/define'
import { completeAdmissionSections } from '../../../src/contract/schemas/admission-exam-example'
import { pdfText } from '../../../src/documents/pdf-text'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { multipart, sampleFile } from '../../../tests/fixtures/file-owner'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { admissionExams, auditLog, changeLog, patientAssignments } from '../../db/schema'
import { changesAfter } from '../sync/feed'

const STAFF = ['medical-exam-create', 'medical-exam-edit', 'medical-exam-detail']
const BASE = '/api/operation/patients/admission-medical-exam'

/**
 * Admission (pre-employment) exams through the real routes (SPEC §7 `admission-medical-exam`,
 * issue 22): a draft saved step by step as amendments (NOM-004), the result with its sections and
 * conditions, the candidate's age, treatments added and removed, lab files, the feed and the
 * audit, access, assignments, validation in both languages and tenant isolation.
 */
describe('admission exams', () => {
  let t: TestApp
  let acmeId: string
  let candidateId: string
  let childId: string
  let unassignedId: string
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let reader: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }
  const sections = completeAdmissionSections()

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    candidateId = (await insertPatient(t.database.db, acmeId, { administrativeStatus: 'candidate' }))
      .id as string
    // Seven on the exam days below: too young to be examined (SPEC §5: 8 to 99).
    childId = (await insertPatient(t.database.db, acmeId, { birthDate: '2019-06-01' })).id as string
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
        .values({ tenantId: acmeId, id: uuidv7(), patientId: candidateId, userId: professional.id }),
    )
    reader = (await sign('acme.localhost', acmeId, ['medical-exam-detail', 'assignments.all'])).headers
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
  const aDraft = (body: object = {}) => ({
    id: uuidv7(),
    examined_on: '2026-11-20',
    position: 'Operador de montacargas',
    family_history: sections.family_history,
    treatments: [{ id: uuidv7(), medicine: 'Losartán', dose: '50 mg', indications: 'Cada 24 horas' }],
    ...body,
  })
  const create = (
    body: object,
    patient = candidateId,
    headers = doctor,
    extra: Record<string, string> = key(),
  ) => send(headers, 'POST', `${BASE}/${patient}`, body, extra)
  const amend = (
    id: string,
    body: object,
    version: number,
    headers = doctor,
    extra: Record<string, string> = {},
  ) => send(headers, 'POST', `${BASE}/update/${id}`, body, { ...key(), 'if-match': `"${version}"`, ...extra })
  const trail = async (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(admissionExams).where(eq(admissionExams.id, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      actions: (await tx.select().from(auditLog))
        .filter((entry) => (entry.details as { exam?: string } | null)?.exam === id)
        .map((entry) => entry.action),
    }))

  describe('a draft saved step by step', () => {
    it('starts with the first step, a candidate’s, and takes each later step as an amendment', async () => {
      const body = aDraft()
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.etag).toBe('"1"')
      expect(created.data).toMatchObject({
        id: body.id,
        patient_id: candidateId,
        family_history: sections.family_history,
        hygiene_housing: null,
        result: null,
        treatments: [{ ...body.treatments[0], deleted_at: null }],
        author: { name: expect.stringContaining('Rosa') },
        version: 1,
      })
      let version = 1
      for (const section of [
        'hygiene_housing',
        'personal_background',
        'work_background',
        'systems_interrogation',
        'physical_exploration',
        'lab_results',
      ] as const) {
        const step = await amend(body.id, { [section]: sections[section] }, version)
        expect(step.status).toBe(200)
        version = step.data.version
      }
      const done = await amend(
        body.id,
        { result: 'complies_with_conditions', conditions: 'Uso obligatorio de protección auditiva' },
        version,
      )
      expect(done.data).toMatchObject({ result: 'complies_with_conditions', version: 8 })
      expect(done.data.amendments).toHaveLength(7)
      expect(done.data.amendments[0].changes.hygiene_housing).toEqual({
        before: null,
        after: sections.hygiene_housing,
      })
      const { changes, actions } = await trail(body.id)
      expect(changes).toHaveLength(8)
      expect(actions.slice(0, 2)).toEqual(['admission-exam.create', 'admission-exam.update'])
    })

    it('answers a replay with the first answer; the same id with another body is a 409', async () => {
      const body = aDraft()
      const extra = key()
      const first = await create(body, candidateId, doctor, extra)
      expect(await create(body, candidateId, doctor, extra)).toEqual(first)
      expect((await create(body)).data).toEqual(first.data)
      expect((await create({ ...body, position: 'Almacenista' })).status).toBe(409)
    })
  })

  describe('validation', () => {
    it('refuses a result before every section, with messages in Spanish and English (422)', async () => {
      const es = await create(aDraft({ result: 'complies' }))
      expect(es.status).toBe(422)
      expect(es.errors).toMatchObject({
        hygiene_housing: ['Completa esta sección antes de dar el resultado del examen.'],
        lab_results: ['Completa esta sección antes de dar el resultado del examen.'],
      })
      const en = await create(
        aDraft({ ...sections, result: 'complies_with_conditions' }),
        candidateId,
        doctor,
        {
          ...key(),
          'accept-language': 'en',
        },
      )
      expect(en.errors).toEqual({ conditions: ['Write the conditions under which the candidate complies.'] })
    })

    it('holds the SPEC §5 ranges and the candidate’s age on the exam day', async () => {
      const habits = {
        ...sections.hygiene_housing,
        consumptions: [{ substance: 'tobacco', consumption: 301, times_per_week: 8, age_started: 7 }],
      }
      const ranges = await create(aDraft({ hygiene_housing: habits }))
      expect(ranges.errors).toEqual({
        'hygiene_housing.consumptions.0.consumption': ['Debe ser como máximo 300.'],
        'hygiene_housing.consumptions.0.times_per_week': ['Debe ser como máximo 7.'],
        'hygiene_housing.consumptions.0.age_started': ['Debe ser al menos 8.'],
      })
      const young = await create(aDraft(), childId)
      expect(young.errors).toEqual({
        examined_on: ['La edad del candidato en la fecha del examen debe estar entre 8 y 99 años.'],
      })
    })

    it('judges an amendment on the exam it leaves', async () => {
      const body = aDraft()
      await create(body)
      const early = await amend(body.id, { result: 'complies' }, 1)
      expect(early.status).toBe(422)
      expect(early.errors.physical_exploration).toEqual([
        'Completa esta sección antes de dar el resultado del examen.',
      ])
      expect((await amend(body.id, {}, 1)).status).toBe(422)
      expect((await amend(body.id, { position: 'Chofer' }, 1, doctor, { 'if-match': '"9"' })).status).toBe(
        412,
      )
      expect(
        (await send(doctor, 'POST', `${BASE}/update/${body.id}`, { position: 'Chofer' }, key())).status,
      ).toBe(428)
      expect((await trail(body.id)).rows[0]?.version).toBe(1)
    })
  })

  describe('access', () => {
    it('needs a session (401) and the permissions (403); other tenants and the unassigned get 404', async () => {
      const body = aDraft()
      await create(body)
      expect((await create(aDraft(), candidateId, anonymous)).status).toBe(401)
      expect((await create(aDraft(), candidateId, reader)).status).toBe(403)
      expect((await create(aDraft(), candidateId, intruder)).status).toBe(404)
      expect((await create(aDraft(), unassignedId, assigned)).status).toBe(404)
      expect((await create(aDraft(), candidateId, assigned)).status).toBe(200)
      expect((await amend(body.id, { position: 'Chofer' }, 1, reader)).status).toBe(403)
      expect((await amend(body.id, { position: 'Chofer' }, 1, intruder)).status).toBe(404)
      const elsewhere = aDraft()
      await create(elsewhere, unassignedId)
      expect((await amend(elsewhere.id, { position: 'Chofer' }, 1, assigned)).status).toBe(404)
      expect((await send(assigned, 'GET', `${BASE}/show/${elsewhere.id}`)).status).toBe(404)
      expect((await send(assigned, 'GET', `${BASE}/get-all/${unassignedId}`)).status).toBe(404)
    })

    it('shows an exam and lists the patient’s, audited', async () => {
      const body = aDraft({ examined_on: '2026-11-25' })
      await create(body)
      const shown = await send(reader, 'GET', `${BASE}/show/${body.id}`)
      expect(shown.data).toMatchObject({ id: body.id, version: 1 })
      expect(shown.etag).toBe('"1"')
      const list = await send(reader, 'GET', `${BASE}/get-all/${candidateId}`)
      expect(list.data[0].id).toBe(body.id)
      expect((await trail(body.id)).actions).toEqual(['admission-exam.create', 'admission-exam.show'])
      expect((await send(anonymous, 'GET', `${BASE}/show/${body.id}`)).status).toBe(401)
      expect((await send(nobody, 'GET', `${BASE}/show/${body.id}`)).status).toBe(403)
      expect((await send(intruder, 'GET', `${BASE}/show/${body.id}`)).status).toBe(404)
      expect((await send(intruder, 'GET', `${BASE}/get-all/${candidateId}`)).status).toBe(404)
      expect((await send(doctor, 'GET', `${BASE}/show/nope`)).status).toBe(422)
    })
  })

  describe('treatments', () => {
    it('are added by an amendment and removed softly, each kept in the history', async () => {
      const body = aDraft()
      await create(body)
      const second = { id: uuidv7(), medicine: 'Metformina', dose: '850 mg', indications: null }
      const added = await amend(body.id, { treatments: [second] }, 1)
      expect(added.data.treatments.map((r: { medicine: string }) => r.medicine)).toEqual([
        'Losartán',
        'Metformina',
      ])
      expect(added.data.amendments[0].changes.treatments).toEqual({ before: [null], after: [second] })
      const url = `${BASE}/treatment/${second.id}`
      expect((await send(reader, 'DELETE', url, undefined, key())).status).toBe(403)
      expect((await send(anonymous, 'DELETE', url, undefined, key())).status).toBe(401)
      expect((await send(intruder, 'DELETE', url, undefined, key())).status).toBe(404)
      expect((await send(doctor, 'DELETE', `${BASE}/treatment/nope`, undefined, key())).status).toBe(422)
      expect((await send(doctor, 'DELETE', url, undefined, key())).status).toBe(200)
      expect((await send(doctor, 'DELETE', url, undefined, key())).status).toBe(200)
      const shown = await send(doctor, 'GET', `${BASE}/show/${body.id}`)
      expect(shown.data.version).toBe(3)
      expect(shown.data.treatments[1].deleted_at).not.toBeNull()
      expect(shown.data.amendments[1].changes.treatments).toEqual({ before: [second], after: [] })
      expect((await amend(body.id, { treatments: [second] }, 3)).status).toBe(422)
    })
  })

  describe('lab files', () => {
    it('hang on the exam: a PDF read back by a reader, refused to other tenants', async () => {
      const body = aDraft()
      await create(body)
      const bytes = sampleFile('pdf', 5_000, 41)
      const form = await multipart(
        { id: uuidv7(), name: 'biometria.pdf' },
        { filename: 'biometria.pdf', type: 'application/pdf', bytes },
      )
      const upload = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: pathFor(admissionExamFileCalls.upload, { ownerId: body.id }),
          headers: { ...headers, 'content-type': form.contentType, ...key() },
          payload: form.payload,
        })
      expect((await upload(intruder)).statusCode).toBe(404)
      const stored = await upload(doctor)
      expect(stored.json().data).toMatchObject({ owner_kind: 'admission-exam', owner_id: body.id })
      const got = await t.app.inject({
        method: 'GET',
        url: pathFor(admissionExamFileCalls.download, { id: stored.json().data.id }),
        headers: reader,
      })
      expect(new Uint8Array(got.rawPayload)).toEqual(new Uint8Array(bytes))
    })
  })

  describe('the PDF', () => {
    it('is the whole exam’s document, audited; refused without a session or permission, to other tenants and the unassigned', async () => {
      const body = aDraft({ ...sections, result: 'complies' })
      await create(body)
      const url = (id: string) => `${BASE}/pdf/${id}?time_zone=America/Mexico_City`
      const answer = await t.app.inject({ method: 'GET', url: url(body.id), headers: reader })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="examen_admision_20_11_2026.pdf"',
      )
      expect(pdfText(new Uint8Array(answer.rawPayload))).toEqual(
        expect.arrayContaining(['Examen médico de admisión', 'Resultado: Cumple', 'Losartán']),
      )
      expect((await trail(body.id)).actions).toContain('admission-exam.pdf')
      const status = async (headers: Record<string, string>, id = body.id) =>
        (await t.app.inject({ method: 'GET', url: url(id), headers })).statusCode
      expect(await status(anonymous)).toBe(401)
      expect(await status(nobody)).toBe(403)
      expect(await status(intruder)).toBe(404)
      expect(await status(doctor, 'nope')).toBe(422)
      const elsewhere = aDraft()
      await create(elsewhere, unassignedId)
      expect(await status(assigned, elsewhere.id)).toBe(404)
    })
  })

  it('travels in the change feed with its treatments and amendments', async () => {
    const body = aDraft()
    await create(body)
    await amend(body.id, { personal_background: sections.personal_background }, 1)
    const page = await withTenant(t.database.db, acmeId, (tx) =>
      changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 1000),
    )
    const change = page.changes.find((c) => c.entity === 'admission-exam' && c.id === body.id)
    expect(change?.data).toMatchObject({
      id: body.id,
      personal_background: sections.personal_background,
      version: 2,
    })
    expect(change?.data?.treatments).toHaveLength(1)
    expect(change?.data?.amendments).toHaveLength(1)
  })
})
