import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { pathFor } from '../../../src/contract/endpoints/define'
import { periodicExamResultFileCalls } from '../../../src/contract/endpoints/periodic-exams'
import { nameKey } from '../../../src/contract/schemas/catalogue-definitions'
import { pdfText } from '../../../src/documents/pdf-text'
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
  patientAssignments,
  patients,
  periodicExams,
} from '../../db/schema'
import { changesAfter } from '../sync/feed'

const STAFF = [
  'periodic-exams-index',
  'periodic-exams-view',
  'periodic-exams-create',
  'periodic-exams-edit',
  'periodic-exam.export',
]
const AUDIOMETRY = '0193a3b0-0000-7000-8000-0000000000e1'
const SPIROMETRY = '0193a3b0-0000-7000-8000-0000000000e2'

/**
 * Periodic exams through the real routes (SPEC §7 "Periodic exams", issue 22): idempotent
 * creates, amendments that keep the exam as it was (NOM-004), soft deletes of exams and of their
 * clinical-exam rows, result files, the feed and the audit, access, assignments, validation in
 * both languages and tenant isolation.
 */
describe('periodic exams', () => {
  let t: TestApp
  let acmeId: string
  let patientId: string
  let candidateId: string
  let unassignedId: string
  const payroll = new Map<string, string>()
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let reader: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(catalogueEntries).values(
        [
          [AUDIOMETRY, 'Audiometría'],
          [SPIROMETRY, 'Espirometría'],
        ].map(([id, name]) => ({
          tenantId: acmeId,
          id: id as string,
          catalogue: 'clinicalExam',
          name: name as string,
          nameKey: nameKey(name as string),
        })),
      ),
    )
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    candidateId = (await insertPatient(t.database.db, acmeId, { administrativeStatus: 'candidate' }))
      .id as string
    unassignedId = (await insertPatient(t.database.db, acmeId)).id as string
    for (const id of [patientId, candidateId, unassignedId]) {
      const [row] = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select({ payroll: patients.payrollNumber }).from(patients).where(eq(patients.id, id)),
      )
      payroll.set(id, row?.payroll ?? '')
    }
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions, name: 'Rosa' })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [...STAFF, 'periodic-exam.delete', 'assignments.all']))
      .headers
    const professional = await sign('acme.localhost', acmeId, STAFF)
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    reader = (await sign('acme.localhost', acmeId, ['periodic-exams-view', 'assignments.all'])).headers
    nobody = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (
      await sign('globex.localhost', globexId, [...STAFF, 'periodic-exam.delete', 'assignments.all'])
    ).headers
  })
  afterAll(() => t.close())

  const base = (patient: string) => `/api/operation/patients/${patient}/periodic-exams`
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
  const anExam = (body: object = {}) => ({
    id: uuidv7(),
    examined_on: '2026-11-20',
    condition: 'compliant',
    observations: 'Sin hallazgos relevantes',
    exposures: [{ agent: 'noise', years: 6, notes: '88 dB' }],
    clinical_exams: [{ id: uuidv7(), clinical_exam_id: AUDIOMETRY, result: 'Hipoacusia leve bilateral' }],
    ...body,
  })
  const create = (
    body: object,
    patient = patientId,
    headers = doctor,
    extra: Record<string, string> = key(),
  ) => send(headers, 'POST', base(patient), body, extra)
  const amend = (id: string, body: object, version: number, headers = doctor, patient = patientId) =>
    send(headers, 'POST', `${base(patient)}/${id}`, body, { ...key(), 'if-match': `"${version}"` })
  const trail = async (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(periodicExams).where(eq(periodicExams.id, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      actions: (await tx.select().from(auditLog))
        .filter((entry) => (entry.details as { exam?: string } | null)?.exam === id)
        .map((entry) => entry.action),
    }))

  describe('creating', () => {
    it('records an exam with its clinical exams, named from the catalogue, answering its version', async () => {
      const body = anExam()
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.etag).toBe('"1"')
      expect(created.data).toMatchObject({
        id: body.id,
        patient_id: patientId,
        condition: 'compliant',
        recommendations: null,
        exposures: [{ agent: 'noise', years: 6, notes: '88 dB' }],
        clinical_exams: [{ ...body.clinical_exams[0], clinical_exam_name: 'Audiometría', deleted_at: null }],
        author: { name: expect.stringContaining('Rosa') },
        amendments: [],
        version: 1,
      })
      const { changes, actions } = await trail(body.id)
      expect(changes.map((change) => [change.entity, change.op])).toEqual([['periodic-exam', 'upsert']])
      expect(actions).toEqual(['periodic-exam.create'])
    })

    it('answers a replay with the first answer; the same id with another body is a 409', async () => {
      const body = anExam()
      const extra = key()
      const first = await create(body, patientId, doctor, extra)
      expect(await create(body, patientId, doctor, extra)).toEqual(first)
      expect((await create(body)).data).toEqual(first.data)
      expect((await create({ ...body, condition: 'fails' })).status).toBe(409)
      const { rows, changes } = await trail(body.id)
      expect([rows.length, changes.length]).toEqual([1, 1])
    })

    it('examines a candidate before hire', async () => {
      expect((await create(anExam(), candidateId)).status).toBe(200)
    })

    it('refuses bad input with field messages in Spanish and English (422), keeping nothing', async () => {
      const body = anExam({ condition: 'regular', exposures: [{ agent: 'noise', years: 101 }] })
      const es = await create(body)
      expect(es.status).toBe(422)
      expect(es.errors).toEqual({
        condition: ['Valor no permitido'],
        'exposures.0.years': ['Debe ser como máximo 100.'],
      })
      const twice = anExam({
        clinical_exams: [
          { id: uuidv7(), clinical_exam_id: AUDIOMETRY, result: null },
          { id: uuidv7(), clinical_exam_id: AUDIOMETRY, result: null },
        ],
      })
      const en = await create(twice, patientId, doctor, { ...key(), 'accept-language': 'en' })
      expect(en.errors).toEqual({
        clinical_exams: ['Each clinical exam is recorded only once in the periodic exam.'],
      })
      const unknown = await create(anExam({ clinical_exams: [{ id: uuidv7(), clinical_exam_id: uuidv7() }] }))
      expect(unknown.errors).toEqual({ clinical_exams: ['El valor elegido no existe en el catálogo.'] })
      expect((await trail(body.id)).rows).toEqual([])
    })

    it('needs a session (401) and the create permission (403)', async () => {
      expect((await create(anExam(), patientId, anonymous)).status).toBe(401)
      expect((await create(anExam(), patientId, reader)).status).toBe(403)
      expect((await create(anExam(), patientId, nobody)).status).toBe(403)
    })

    it('treats another tenant’s patient and an unassigned one as unknown (404)', async () => {
      expect((await create(anExam(), patientId, intruder)).status).toBe(404)
      expect((await create(anExam(), unassignedId, assigned)).status).toBe(404)
      expect((await create(anExam(), patientId, assigned)).status).toBe(200)
    })
  })

  describe('reading', () => {
    it('shows an exam and lists the patient’s, audited; refuses the unpermitted, the unassigned and other tenants', async () => {
      const body = anExam({ examined_on: '2026-11-25' })
      await create(body)
      const shown = await send(reader, 'GET', `${base(patientId)}/${body.id}`)
      expect(shown.data).toMatchObject({ id: body.id, version: 1 })
      expect(shown.etag).toBe('"1"')
      const list = await send(reader, 'GET', base(patientId))
      expect(list.data[0].id).toBe(body.id)
      expect((await trail(body.id)).actions).toEqual(['periodic-exam.create', 'periodic-exam.show'])
      expect((await send(anonymous, 'GET', `${base(patientId)}/${body.id}`)).status).toBe(401)
      expect((await send(nobody, 'GET', `${base(patientId)}/${body.id}`)).status).toBe(403)
      expect((await send(intruder, 'GET', `${base(patientId)}/${body.id}`)).status).toBe(404)
      expect((await send(doctor, 'GET', `${base(unassignedId)}/${body.id}`)).status).toBe(404)
      expect((await send(doctor, 'GET', `${base(patientId)}/nope`)).status).toBe(422)
      const elsewhere = anExam()
      await create(elsewhere, unassignedId)
      expect((await send(assigned, 'GET', `${base(unassignedId)}/${elsewhere.id}`)).status).toBe(404)
      expect((await send(assigned, 'GET', base(unassignedId))).status).toBe(404)
      expect((await send(intruder, 'GET', base(patientId))).status).toBe(404)
    })
  })

  describe('amendments', () => {
    it('keeps the exam and its clinical exams as they were, against If-Match', async () => {
      const body = anExam()
      await create(body)
      const url = `${base(patientId)}/${body.id}`
      expect((await send(doctor, 'POST', url, { condition: 'fails' }, key())).status).toBe(428)
      expect((await amend(body.id, { condition: 'fails' }, 7)).status).toBe(412)
      const row = body.clinical_exams[0] as { id: string; clinical_exam_id: string }
      const added = { id: uuidv7(), clinical_exam_id: SPIROMETRY, result: 'Patrón normal' }
      const amended = await amend(
        body.id,
        { condition: 'fails', clinical_exams: [{ ...row, result: 'Hipoacusia moderada' }, added] },
        1,
      )
      expect(amended.status).toBe(200)
      expect(amended.data).toMatchObject({ condition: 'fails', version: 2 })
      expect(amended.data.clinical_exams.map((r: { result: string }) => r.result).sort()).toEqual([
        'Hipoacusia moderada',
        'Patrón normal',
      ])
      expect(amended.data.amendments[0].changes).toEqual({
        condition: { before: 'compliant', after: 'fails' },
        clinical_exams: {
          before: [{ ...row, result: 'Hipoacusia leve bilateral' }, null],
          after: [{ ...row, result: 'Hipoacusia moderada' }, added],
        },
      })
      expect((await amend(body.id, { condition: 'fails' }, 2)).data.version).toBe(2)
      const fixed = await amend(body.id, { clinical_exams: [{ ...row, clinical_exam_id: SPIROMETRY }] }, 2)
      expect(fixed.errors).toEqual({
        clinical_exams: ['El examen clínico de un resultado registrado no cambia; elimínalo y agrega otro.'],
      })
      expect((await trail(body.id)).actions).toEqual(['periodic-exam.create', 'periodic-exam.update'])
    })

    it('refuses bad changes (422), the unpermitted (403), the unassigned and other tenants (404)', async () => {
      const body = anExam()
      await create(body)
      expect((await amend(body.id, {}, 1)).status).toBe(422)
      expect((await amend(body.id, { condition: 'x' }, 1)).errors).toEqual({
        condition: ['Valor no permitido'],
      })
      expect((await amend(body.id, { condition: 'fails' }, 1, anonymous)).status).toBe(401)
      expect((await amend(body.id, { condition: 'fails' }, 1, reader)).status).toBe(403)
      expect((await amend(body.id, { condition: 'fails' }, 1, intruder)).status).toBe(404)
      const elsewhere = anExam()
      await create(elsewhere, unassignedId)
      expect((await amend(elsewhere.id, { condition: 'fails' }, 1, assigned, unassignedId)).status).toBe(404)
      expect((await trail(body.id)).rows[0]?.version).toBe(1)
    })
  })

  describe('deletes', () => {
    it('remove a clinical exam softly, as an amendment of its exam', async () => {
      const body = anExam()
      await create(body)
      const row = body.clinical_exams[0] as { id: string }
      const url = `${base(patientId)}/clinic_exam/${row.id}`
      expect((await send(reader, 'DELETE', url, undefined, key())).status).toBe(403)
      expect((await send(anonymous, 'DELETE', url, undefined, key())).status).toBe(401)
      expect((await send(intruder, 'DELETE', url, undefined, key())).status).toBe(404)
      expect(
        (await send(doctor, 'DELETE', `${base(unassignedId)}/clinic_exam/${row.id}`, undefined, key()))
          .status,
      ).toBe(404)
      expect(
        (await send(doctor, 'DELETE', `${base(patientId)}/clinic_exam/nope`, undefined, key())).status,
      ).toBe(422)
      expect((await send(doctor, 'DELETE', url, undefined, key())).status).toBe(200)
      expect((await send(doctor, 'DELETE', url, undefined, key())).status).toBe(200)
      const shown = await send(doctor, 'GET', `${base(patientId)}/${body.id}`)
      expect(shown.data.version).toBe(2)
      expect(shown.data.clinical_exams[0].deleted_at).not.toBeNull()
      expect(shown.data.amendments[0].changes.clinical_exams.after).toEqual([])
      const revived = await amend(body.id, { clinical_exams: [{ ...body.clinical_exams[0] }] }, 2)
      expect(revived.status).toBe(422)
    })

    it('remove an exam softly, audited and in the feed; it leaves the list and takes no amendment', async () => {
      const body = anExam()
      await create(body)
      const url = `${base(patientId)}/${body.id}`
      expect((await send(assigned, 'DELETE', url, undefined, key())).status).toBe(403)
      expect((await send(anonymous, 'DELETE', url, undefined, key())).status).toBe(401)
      expect((await send(intruder, 'DELETE', url, undefined, key())).status).toBe(404)
      expect((await send(doctor, 'DELETE', `${base(patientId)}/nope`, undefined, key())).status).toBe(422)
      expect((await send(doctor, 'DELETE', url, undefined, key())).status).toBe(200)
      const list = await send(doctor, 'GET', base(patientId))
      expect(list.data.map((exam: { id: string }) => exam.id)).not.toContain(body.id)
      expect((await amend(body.id, { condition: 'fails' }, 2)).status).toBe(422)
      const { rows, changes, actions } = await trail(body.id)
      expect(rows[0]?.deletedAt).not.toBeNull()
      expect(changes.map((change) => [change.op, change.version])).toEqual([
        ['upsert', 1],
        ['delete', 2],
      ])
      expect(actions).toEqual(['periodic-exam.create', 'periodic-exam.delete'])
    })
  })

  describe('result files', () => {
    const upload = async (
      headers: Record<string, string>,
      owner: string,
      bytes: Uint8Array,
      type = 'application/pdf',
    ) => {
      const body = await multipart(
        { id: uuidv7(), name: 'audiograma.pdf' },
        { filename: 'audiograma.pdf', type, bytes },
      )
      const answer = await t.app.inject({
        method: 'POST',
        url: pathFor(periodicExamResultFileCalls.upload, { patient: patientId, ownerId: owner }),
        headers: { ...headers, 'content-type': body.contentType, ...key() },
        payload: body.payload,
      })
      return { status: answer.statusCode, data: answer.json().data }
    }

    it('hang on a clinical exam row: a PDF or an image, read back, removed softly', async () => {
      const body = anExam()
      await create(body)
      const row = body.clinical_exams[0] as { id: string }
      const bytes = sampleFile('pdf', 5_000, 31)
      const stored = await upload(doctor, row.id, bytes)
      expect(stored.status).toBe(200)
      expect(stored.data).toMatchObject({
        owner_kind: 'periodic-exam-result',
        owner_id: row.id,
        patient_id: patientId,
      })
      const got = await t.app.inject({
        method: 'GET',
        url: pathFor(periodicExamResultFileCalls.download, { patient: patientId, id: stored.data.id }),
        headers: reader,
      })
      expect(new Uint8Array(got.rawPayload)).toEqual(new Uint8Array(bytes))
      expect((await upload(doctor, row.id, sampleFile('gif', 500, 32), 'image/gif')).status).toBe(422)
      expect((await upload(reader, row.id, bytes)).status).toBe(403)
      expect((await upload(intruder, row.id, bytes)).status).toBe(404)
      const removed = await send(
        doctor,
        'DELETE',
        pathFor(periodicExamResultFileCalls.remove, { patient: patientId, id: stored.data.id }),
        undefined,
        key(),
      )
      expect(removed.status).toBe(200)
    })
  })

  describe('the PDF', () => {
    it('is the exam’s document, audited; refused without a session or permission, to other tenants and the unassigned', async () => {
      const body = anExam()
      await create(body)
      const url = (patient: string, id: string) =>
        `${base(patient)}/${id}/download?time_zone=America/Mexico_City`
      const answer = await t.app.inject({ method: 'GET', url: url(patientId, body.id), headers: reader })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="examen_periodico_20_11_2026.pdf"',
      )
      expect(pdfText(new Uint8Array(answer.rawPayload))).toEqual(
        expect.arrayContaining(['Examen médico periódico', 'Calificación: Apto', 'Audiometría']),
      )
      expect((await trail(body.id)).actions).toContain('periodic-exam.pdf')
      const status = async (headers: Record<string, string>, patient = patientId, id = body.id) =>
        (await t.app.inject({ method: 'GET', url: url(patient, id), headers })).statusCode
      expect(await status(anonymous)).toBe(401)
      expect(await status(nobody)).toBe(403)
      expect(await status(intruder)).toBe(404)
      expect(await status(doctor, unassignedId)).toBe(404)
      expect(await status(doctor, patientId, 'nope')).toBe(422)
      const elsewhere = anExam()
      await create(elsewhere, unassignedId)
      expect(await status(assigned, unassignedId, elsewhere.id)).toBe(404)
    })
  })

  describe('the due-state spreadsheet', () => {
    const download = (headers: Record<string, string>, query = 'today=2026-11-26') =>
      t.app.inject({ method: 'GET', url: `/api/operation/patients/periodic-exams/excel?${query}`, headers })
    const payrollsIn = (payload: Buffer) => {
      const book = XLSX.read(payload)
      const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet
      return XLSX.utils
        .sheet_to_json<string[]>(sheet, { header: 1 })
        .slice(1)
        .map((row) => row[0])
    }

    it('lists the patients in care with their due state, named with the day, audited', async () => {
      await create(anExam({ examined_on: '2026-06-01' }), unassignedId)
      const answer = await download(doctor)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toContain('spreadsheetml')
      expect(answer.headers['content-disposition']).toMatch(
        /^attachment; filename="examenes_periodicos_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )
      expect(payrollsIn(answer.rawPayload).sort()).toEqual([...payroll.values()].sort())
      const book = XLSX.read(answer.rawPayload)
      const rows = XLSX.utils.sheet_to_json<string[]>(
        book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
        {
          header: 1,
        },
      )
      expect(rows[0]?.[8]).toBe('Estado')
      expect(rows.slice(1).map((row) => row[8])).toEqual(['Aplicado', 'Aplicado', 'Aplicado'])
      const english = await download({ ...doctor, 'accept-language': 'en' })
      expect(english.headers['content-disposition']).toContain('periodic_exams_')
      const exported = await withTenant(t.database.db, acmeId, async (tx) =>
        (await tx.select().from(auditLog)).filter((entry) => entry.action === 'periodic-exam.export'),
      )
      const details = exported.at(-1)?.details as { patients: string[] } | undefined
      expect(details?.patients).toHaveLength(3)
    })

    it('filters by state, and keeps to the caller’s patients and tenant', async () => {
      expect(payrollsIn((await download(doctor, 'today=2026-11-26&states=expired')).rawPayload)).toEqual([])
      expect(payrollsIn((await download(assigned)).rawPayload)).toEqual([payroll.get(patientId)])
      expect(payrollsIn((await download(intruder)).rawPayload)).toEqual([])
    })

    it('needs a session (401), the export permission (403) and good filters (422)', async () => {
      expect((await download(anonymous)).statusCode).toBe(401)
      expect((await download(reader)).statusCode).toBe(403)
      expect((await download(doctor, 'states=late')).statusCode).toBe(422)
      expect((await download(doctor, 'today=2026-13-01')).statusCode).toBe(422)
    })
  })

  it('travels in the change feed with its rows and amendments, to those who may read it', async () => {
    const body = anExam()
    await create(body)
    await amend(body.id, { recommendations: 'Uso de protección auditiva' }, 1)
    const page = await withTenant(t.database.db, acmeId, (tx) =>
      changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 1000),
    )
    const change = page.changes.find((c) => c.entity === 'periodic-exam' && c.id === body.id)
    expect(change?.data).toMatchObject({
      id: body.id,
      recommendations: 'Uso de protección auditiva',
      version: 2,
    })
    expect(change?.data?.clinical_exams).toHaveLength(1)
    expect(change?.data?.amendments).toHaveLength(1)
  })
})
