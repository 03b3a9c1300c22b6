import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aConsultation,
  aLine,
  type EncounterCatalog,
  seedEncounterCatalog,
} from '../../../tests/fixtures/encounters'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import {
  auditLog,
  changeLog,
  encounterAmendments,
  encounters,
  medicines,
  patientAssignments,
} from '../../db/schema'
import { changesAfter } from '../sync/feed'

const BASE = '/api/operation/patients/encounter'

const CLINICIAN = [
  'medical-consultation-create',
  'medical-consultation-edit',
  'consultation.list',
  'consultation.view',
  'consultation.prescription',
]

/**
 * Medical consultations through the real routes (SPEC §7 "Encounters", issue 19, decision 0022):
 * idempotent creates with the device's id, amendments against If-Match that keep the note as it
 * was (NOM-004), the prescription's rules, access, assignments, validation in both languages and
 * tenant isolation.
 */
describe('medical consultations', () => {
  let t: TestApp
  let acmeId: string
  let catalog: EncounterCatalog
  let globexCatalog: EncounterCatalog
  let patientId: string
  let unassignedId: string
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let reader: Record<string, string>
  let noPrescription: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedEncounterCatalog(t.database.db, acmeId)
    globexCatalog = await seedEncounterCatalog(t.database.db, globexId)
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    unassignedId = (await insertPatient(t.database.db, acmeId)).id as string
    const sign = async (host: string, tenantId: string, permissions: string[], name = 'Prueba') => {
      const user = await buildUser(t.database.db, tenantId, {
        permissions,
        name,
        professionalLicense: '12345678',
      })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [...CLINICIAN, 'assignments.all'], 'Ricardo')).headers
    const professional = await sign('acme.localhost', acmeId, CLINICIAN, 'Lucía')
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    reader = (
      await sign('acme.localhost', acmeId, [
        'patients-index',
        'consultation.list',
        'consultation.view',
        'assignments.all',
      ])
    ).headers
    noPrescription = (
      await sign('acme.localhost', acmeId, [
        'medical-consultation-create',
        'medical-consultation-edit',
        'consultation.view',
        'assignments.all',
      ])
    ).headers
    nobody = (await sign('acme.localhost', acmeId, ['dashboard-index', 'patients-index', 'assignments.all']))
      .headers
    intruder = (await sign('globex.localhost', globexId, [...CLINICIAN, 'assignments.all'])).headers
  })
  afterAll(() => t.close())

  const send = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST',
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
    const json = answer.json()
    return { status: answer.statusCode, data: json.data, errors: json.errors, etag: answer.headers.etag }
  }
  const consultation = (overrides: Record<string, unknown> = {}) => ({
    id: uuidv7(),
    ...aConsultation(catalog, patientId, overrides),
  })
  const create = (
    body = consultation(),
    headers = doctor,
    key = uuidv7(),
    extra: Record<string, string> = {},
  ) => send(headers, 'POST', '', body, { 'idempotency-key': key, ...extra })
  const amend = (
    id: string,
    body: object,
    version: string | null,
    headers = doctor,
    key = uuidv7(),
    extra: Record<string, string> = {},
  ) =>
    send(headers, 'POST', `/${id}`, body, {
      'idempotency-key': key,
      ...(version === null ? {} : { 'if-match': version }),
      ...extra,
    })
  /** What the database holds about one consultation: its rows, amendments, feed notes and audit entries. */
  const trail = (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(encounters).where(eq(encounters.id, id)),
      amendments: await tx.select().from(encounterAmendments).where(eq(encounterAmendments.encounterId, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      audit: (await tx.select().from(auditLog)).filter(
        (entry) => (entry.details as { encounter?: string } | null)?.encounter === id,
      ),
    }))

  describe('creating', () => {
    it('stores the consultation with its feed note and audit entry, and answers it as a read does', async () => {
      const body = consultation()
      const created = await create(body)
      expect(created.status).toBe(200)
      expect(created.etag).toBe('"1"')
      expect(created.data).toMatchObject({
        ...body,
        bmi: 25.7,
        prescription: [],
        prescriber: { name: 'Ricardo Usuario', title: null, professional_license: '12345678' },
        version: 1,
        deleted_at: null,
      })
      const read = await send(reader, 'GET', `/show/${body.id}`)
      expect(read.data).toEqual({ ...created.data, amendments: [] })
      const { rows, changes, audit } = await trail(body.id)
      expect(rows).toHaveLength(1)
      expect(changes).toMatchObject([{ entity: 'encounter', op: 'upsert', version: 1, patientId }])
      expect(audit.map((entry) => entry.action)).toEqual(['encounter.create', 'encounter.read'])
      expect(audit[0]).toMatchObject({ entity: 'patient', entityId: patientId })
    })

    it('takes a remote consultation with its call duration', async () => {
      const created = await create(consultation({ modality: 'remote', call_duration: '00:25:10' }))
      expect(created.status).toBe(200)
      expect(created.data).toMatchObject({ modality: 'remote', call_duration: '00:25:10' })
    })

    it('answers a replay with the stored answer, one row; the same key with another body is a 422', async () => {
      const body = consultation()
      const key = uuidv7()
      const first = await create(body, doctor, key)
      expect(await create(body, doctor, key)).toEqual(first)
      const reused = await create({ ...body, plan: 'Otro plan' }, doctor, key)
      expect(reused.status).toBe(422)
      const { rows, changes } = await trail(body.id)
      expect([rows.length, changes.length]).toEqual([1, 1])
    })

    it('answers the same create under another key with the first result, and refuses another body (409)', async () => {
      const body = consultation()
      const first = await create(body)
      expect((await create(body)).data).toEqual(first.data)
      expect((await create({ ...body, plan: 'Otro plan' })).status).toBe(409)
      expect((await trail(body.id)).rows[0]?.plan).toBe(body.plan)
    })

    it('refuses bad input with the field messages in Spanish and English (422), keeping nothing', async () => {
      const bad = [
        [
          { call_duration: '00:20' },
          'call_duration',
          'Una consulta presencial no lleva duración de llamada.',
          'An on-site consultation takes no call duration.',
        ],
        [
          { modality: 'remote' },
          'call_duration',
          'Una consulta a distancia necesita la duración de la llamada.',
          'A remote consultation needs the call duration.',
        ],
        [
          { modality: 'remote', call_duration: '25:00' },
          'call_duration',
          'Escribe la duración de la llamada como HH:MM o HH:MM:SS.',
          'Write the call duration as HH:MM or HH:MM:SS.',
        ],
        [{ weight_kg: 301 }, 'weight_kg', 'Debe ser como máximo 300.', 'Must be at most 300.'],
        [{ oximetry: 48 }, 'oximetry', 'Debe ser al menos 49.', 'Must be at least 49.'],
        [{ respiratory_rate: 31 }, 'respiratory_rate', 'Debe ser como máximo 30.', 'Must be at most 30.'],
        [{ type: 'urgent' }, 'type', 'Valor no permitido', 'Value not allowed'],
        [
          { started_at: '2026-02-30T10:00:00Z' },
          'started_at',
          'Escribe la fecha como AAAA/MM/DD.',
          'Write the date as YYYY/MM/DD.',
        ],
        [
          { diagnoses: [] },
          'diagnoses',
          'La consulta necesita al menos un diagnóstico.',
          'The consultation needs at least one diagnosis.',
        ],
        [
          {
            diagnoses: [
              { code: 'J00', name: 'Rinofaringitis', affected_system_id: catalog.respiratoryId },
              { code: 'j00', name: 'Resfriado', affected_system_id: catalog.respiratoryId },
            ],
          },
          'diagnoses',
          'Un diagnóstico con este código ya está en la consulta.',
          'A diagnosis with this code is already in the consultation.',
        ],
        [
          { diagnoses: [{ code: 'A00ZZ', name: 'Otro', affected_system_id: catalog.respiratoryId }] },
          'diagnoses.0.code',
          'El diagnóstico no existe en el catálogo CIE-10.',
          'The diagnosis is not in the ICD-10 catalogue.',
        ],
        [
          { diagnoses: [{ code: 'J00', name: 'Resfriado', affected_system_id: uuidv7() }] },
          'diagnoses.0.affected_system_id',
          'El valor elegido no existe en el catálogo.',
          'The chosen value is not in the catalogue.',
        ],
        [
          { reason_id: uuidv7() },
          'reason_id',
          'El valor elegido no existe en el catálogo.',
          'The chosen value is not in the catalogue.',
        ],
        [
          { prescription: [aLine(catalog)] },
          'prescription',
          'Guarda los datos de la consulta antes de agregar la receta.',
          'Save the consultation data before adding the prescription.',
        ],
        [
          { plan: 'x'.repeat(5001) },
          'plan',
          'Debe tener como máximo 5000 caracteres.',
          'Must have at most 5000 characters.',
        ],
      ] as const
      for (const [overrides, field, spanish, english] of bad) {
        const body = consultation(overrides)
        const inSpanish = await create(body)
        expect(inSpanish.status, field).toBe(422)
        expect(inSpanish.errors[field], field).toEqual([spanish])
        const inEnglish = await create(body, doctor, uuidv7(), { 'accept-language': 'en' })
        expect(inEnglish.errors[field], field).toEqual([english])
        expect((await trail(body.id)).rows, field).toHaveLength(0)
      }
    })

    it('answers 401 without a session and 403 without the create permission', async () => {
      const body = consultation()
      expect((await create(body, anonymous)).status).toBe(401)
      expect((await create(body, reader)).status).toBe(403)
      expect((await create(body, nobody)).status).toBe(403)
      expect((await trail(body.id)).rows).toHaveLength(0)
    })

    it('answers 404 for a patient of another tenant, or none, or one not in the professional’s care', async () => {
      // Values of the intruder's own catalogues: only the patient is out of reach.
      const intruding = { id: uuidv7(), ...aConsultation(globexCatalog, patientId) }
      expect((await create(intruding, intruder)).status).toBe(404)
      const nowhere = consultation({ patient_id: uuidv7() })
      expect((await create(nowhere)).status).toBe(404)
      const notMine = { id: uuidv7(), ...aConsultation(catalog, unassignedId) }
      expect((await create(notMine, assigned)).status).toBe(404)
      expect((await create(consultation(), assigned)).status).toBe(200)
      for (const body of [intruding, nowhere, notMine]) expect((await trail(body.id)).rows).toHaveLength(0)
    })
  })

  describe('amending (NOM-004)', () => {
    it('applies the changed fields to the version the client saw and keeps the note as it was', async () => {
      const created = (await create()).data
      const amended = await amend(created.id, { plan: 'Reposo 48 horas.', weight_kg: 74 }, '"1"')
      expect(amended.status).toBe(200)
      expect(amended.etag).toBe('"2"')
      expect(amended.data).toMatchObject({ plan: 'Reposo 48 horas.', weight_kg: 74, bmi: 26.2, version: 2 })
      const shown = await send(reader, 'GET', `/show/${created.id}`)
      expect(shown.data.amendments).toEqual([
        {
          id: expect.any(String),
          version: 2,
          amended_at: expect.any(String),
          amended_by: { id: expect.any(String), name: 'Ricardo Usuario' },
          changes: {
            weight_kg: { before: 72.5, after: 74 },
            plan: { before: created.plan, after: 'Reposo 48 horas.' },
          },
        },
      ])
      // The edit's own answer carries the same history: the device that sent it holds it at once.
      expect(amended.data.amendments).toEqual(shown.data.amendments)
      const { changes, audit, amendments } = await trail(created.id)
      expect(changes.map((change) => change.version)).toEqual([1, 2])
      expect(amendments).toHaveLength(1)
      expect(audit.map((entry) => entry.action)).toEqual([
        'encounter.create',
        'encounter.update',
        'encounter.read',
      ])
    })

    it('keeps every amendment in order, each with what it replaced', async () => {
      const created = (await create()).data
      await amend(created.id, { analysis: 'Faringitis viral.' }, '1')
      await amend(created.id, { analysis: 'Faringoamigdalitis viral.', type: 'follow_up' }, '2')
      const { amendments } = (await send(reader, 'GET', `/show/${created.id}`)).data
      expect(amendments.map((a: { version: number; changes: object }) => [a.version, a.changes])).toEqual([
        [2, { analysis: { before: created.analysis, after: 'Faringitis viral.' } }],
        [
          3,
          {
            type: { before: 'initial', after: 'follow_up' },
            analysis: { before: 'Faringitis viral.', after: 'Faringoamigdalitis viral.' },
          },
        ],
      ])
    })

    it('answers 412 with the current consultation when the version is stale, and 428 without If-Match', async () => {
      const created = (await create()).data
      await amend(created.id, { plan: 'Primero' }, '1')
      const stale = await amend(created.id, { plan: 'Tarde' }, '1')
      expect(stale.status).toBe(412)
      expect(stale.data).toMatchObject({ id: created.id, plan: 'Primero', version: 2 })
      expect((await amend(created.id, { plan: 'Sin versión' }, null)).status).toBe(428)
      const { rows, amendments } = await trail(created.id)
      expect(rows[0]).toMatchObject({ version: 2, plan: 'Primero' })
      expect(amendments).toHaveLength(1)
    })

    it('answers a replay with the stored answer and amends once', async () => {
      const created = (await create()).data
      const key = uuidv7()
      const first = await amend(created.id, { objective: 'Sin fiebre.' }, '1', doctor, key)
      expect(await amend(created.id, { objective: 'Sin fiebre.' }, '1', doctor, key)).toEqual(first)
      expect((await amend(created.id, { objective: 'Otra cosa.' }, '1', doctor, key)).status).toBe(422)
      const { amendments, changes } = await trail(created.id)
      expect([amendments.length, changes.length]).toEqual([1, 2])
    })

    it('judges the call duration on the consultation as the amendment leaves it', async () => {
      const created = (await create()).data
      const remote = await amend(created.id, { modality: 'remote' }, '1')
      expect(remote.status).toBe(422)
      expect(remote.errors).toEqual({
        call_duration: ['Una consulta a distancia necesita la duración de la llamada.'],
      })
      const both = await amend(created.id, { modality: 'remote', call_duration: '00:15' }, '1')
      expect(both.data).toMatchObject({ modality: 'remote', call_duration: '00:15', version: 2 })
    })

    it('writes nothing for an amendment that changes nothing', async () => {
      const created = (await create()).data
      const same = await amend(created.id, { plan: created.plan }, '1')
      expect(same.data).toMatchObject({ version: 1 })
      expect((await trail(created.id)).amendments).toHaveLength(0)
    })

    it('answers 401, 403, 422 and another tenant’s or an unassigned patient’s 404, changing nothing', async () => {
      const created = (await create()).data
      const other = (await create({ id: uuidv7(), ...aConsultation(catalog, unassignedId) })).data
      expect((await amend(created.id, { plan: 'x' }, '1', anonymous)).status).toBe(401)
      expect((await amend(created.id, { plan: 'x' }, '1', reader)).status).toBe(403)
      expect((await amend(created.id, {}, '1')).status).toBe(422)
      expect((await amend(created.id, { systolic: 251 }, '1')).status).toBe(422)
      expect((await amend(created.id, { plan: 'x' }, '1', intruder)).status).toBe(404)
      expect((await amend(other.id, { plan: 'x' }, '1', assigned)).status).toBe(404)
      expect((await amend(uuidv7(), { plan: 'x' }, '1')).status).toBe(404)
      expect((await trail(created.id)).rows[0]).toMatchObject({ version: 1, plan: created.plan })
      expect((await trail(other.id)).rows[0]).toMatchObject({ version: 1 })
    })
  })

  describe('the prescription', () => {
    it('is written on a saved consultation and kept as an amendment', async () => {
      const created = (await create()).data
      const lines = [
        aLine(catalog),
        aLine(catalog, {
          medicine_id: catalog.ibuprofenId,
          presentation_id: catalog.tablet400Id,
          medicine_name: 'Ibuprofeno',
          dose: '400 mg',
          every_hours: 12,
          for_days: 3,
        }),
      ]
      const written = await amend(created.id, { prescription: lines }, '1')
      expect(written.status).toBe(200)
      expect(written.data.prescription).toEqual(lines)
      const { amendments } = await trail(created.id)
      expect(amendments[0]?.changes).toEqual({ prescription: { before: [], after: lines } })
    })

    it('refuses a duplicate dose and a duplicate medicine with SPEC §8’s texts', async () => {
      const created = (await create()).data
      const twice = await amend(created.id, { prescription: [aLine(catalog), aLine(catalog)] }, '1')
      expect(twice.status).toBe(422)
      expect(twice.errors).toEqual({ prescription: ['Una presentación con esta dosis ya existe.'] })
      const again = await amend(
        created.id,
        {
          prescription: [
            aLine(catalog),
            aLine(catalog, { presentation_id: catalog.tablet750Id, dose: '750 mg' }),
          ],
        },
        '1',
        doctor,
        uuidv7(),
        { 'accept-language': 'en' },
      )
      expect(again.errors).toEqual({
        prescription: ['The medicine you are trying to add already exists in the medicines catalogue.'],
      })
      const spanish = await amend(
        created.id,
        {
          prescription: [
            aLine(catalog),
            aLine(catalog, { presentation_id: catalog.tablet750Id, dose: '750 mg' }),
          ],
        },
        '1',
      )
      expect(spanish.errors).toEqual({
        prescription: ['El medicamento que intenta agregar ya existe en el catálogo de medicamentos.'],
      })
      expect((await trail(created.id)).amendments).toHaveLength(0)
    })

    it('needs every field of a line, and a medicine and presentation of the catalogue', async () => {
      const created = (await create()).data
      const { dose: _dose, ...withoutDose } = aLine(catalog)
      const missing = await amend(created.id, { prescription: [withoutDose] }, '1')
      expect(missing.errors).toEqual({ 'prescription.0.dose': ['Este campo es obligatorio.'] })
      const noDays = await amend(created.id, { prescription: [aLine(catalog, { for_days: 0 })] }, '1')
      expect(noDays.errors).toEqual({ 'prescription.0.for_days': ['Debe ser al menos 1.'] })
      const wrongPresentation = await amend(
        created.id,
        { prescription: [aLine(catalog, { presentation_id: catalog.tablet400Id })] },
        '1',
      )
      expect(wrongPresentation.errors).toEqual({
        'prescription.0.presentation_id': ['La presentación no existe para este medicamento.'],
      })
      const unknown = await amend(
        created.id,
        { prescription: [aLine(catalog, { medicine_id: uuidv7() })] },
        '1',
      )
      expect(unknown.errors).toEqual({
        'prescription.0.medicine_id': ['El medicamento no existe en el catálogo de medicamentos.'],
      })
    })

    it('is refused (403) to a professional without the prescription permission', async () => {
      const created = (await create(consultation(), noPrescription)).data
      expect((await amend(created.id, { prescription: [aLine(catalog)] }, '1', noPrescription)).status).toBe(
        403,
      )
      expect((await amend(created.id, { plan: 'Control en una semana.' }, '1', noPrescription)).status).toBe(
        200,
      )
    })

    it('keeps a line whose medicine the catalogue dropped since, on a later amendment', async () => {
      const created = (await create()).data
      const line = aLine(catalog, {
        medicine_id: catalog.ibuprofenId,
        presentation_id: catalog.tablet400Id,
        medicine_name: 'Ibuprofeno',
        dose: '400 mg',
      })
      await amend(created.id, { prescription: [line] }, '1')
      await withTenant(t.database.db, acmeId, (tx) =>
        tx
          .update(medicines)
          .set({ deletedAt: new Date().toISOString() })
          .where(eq(medicines.id, catalog.ibuprofenId)),
      )
      const kept = await amend(created.id, { prescription: [line, aLine(catalog)] }, '2')
      expect(kept.status).toBe(200)
      expect(kept.data.prescription).toHaveLength(2)
    })
  })

  describe('reading', () => {
    it('lists a patient’s consultations newest first, with diagnoses and prescriber, and audits it', async () => {
      const patient = (await insertPatient(t.database.db, acmeId)).id as string
      const older = (
        await create({
          id: uuidv7(),
          ...aConsultation(catalog, patient, { started_at: '2026-10-01T14:00:00Z' }),
        })
      ).data
      const newer = (
        await create({
          id: uuidv7(),
          ...aConsultation(catalog, patient, { started_at: '2026-11-02T09:15:00-06:00' }),
        })
      ).data
      const listed = await send(reader, 'GET', `?patient_id=${patient}`)
      expect(listed.status).toBe(200)
      // The history lists the consultations; their amendments come with each one's own answer.
      const withoutHistory = ({ amendments: _amendments, ...encounter }: Record<string, unknown>) => encounter
      expect(listed.data).toEqual([withoutHistory(newer), withoutHistory(older)])
      expect(newer.started_at).toBe('2026-11-02T15:15:00.000Z')
      expect(listed.data[0]).toMatchObject({
        diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: catalog.respiratoryId }],
        prescriber: { name: 'Ricardo Usuario' },
      })
      const audited = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.entityId, patient)),
      )
      expect(audited.map((entry) => entry.action)).toContain('encounter.list')
    })

    it('answers 401, 403, 422, another tenant’s 404 and an unassigned patient’s 404', async () => {
      const created = (await create()).data
      const other = (await create({ id: uuidv7(), ...aConsultation(catalog, unassignedId) })).data
      const list = `?patient_id=${patientId}`
      expect((await send(anonymous, 'GET', list)).status).toBe(401)
      expect((await send(nobody, 'GET', list)).status).toBe(403)
      expect((await send(reader, 'GET', '?patient_id=nope')).status).toBe(422)
      expect((await send(intruder, 'GET', list)).status).toBe(404)
      expect((await send(assigned, 'GET', `?patient_id=${unassignedId}`)).status).toBe(404)
      expect((await send(assigned, 'GET', list)).status).toBe(200)
      expect((await send(anonymous, 'GET', `/show/${created.id}`)).status).toBe(401)
      expect((await send(nobody, 'GET', `/show/${created.id}`)).status).toBe(403)
      expect((await send(reader, 'GET', '/show/nope')).status).toBe(422)
      expect((await send(intruder, 'GET', `/show/${created.id}`)).status).toBe(404)
      expect((await send(assigned, 'GET', `/show/${other.id}`)).status).toBe(404)
      expect((await send(assigned, 'GET', `/show/${created.id}`)).status).toBe(200)
    })

    it('names the modalities in the request’s language', async () => {
      expect((await send(doctor, 'GET', '/modalities')).data).toEqual([
        { code: 'on_site', name: 'Presencial' },
        { code: 'remote', name: 'A distancia' },
      ])
      expect((await send(doctor, 'GET', '/modalities', undefined, { 'accept-language': 'en' })).data).toEqual(
        [
          { code: 'on_site', name: 'On site' },
          { code: 'remote', name: 'Remote' },
        ],
      )
      expect((await send(anonymous, 'GET', '/modalities')).status).toBe(401)
      expect((await send(nobody, 'GET', '/modalities')).status).toBe(403)
    })
  })

  describe('in the change feed', () => {
    it('carries consultations as the API presents them, to those who may list them', async () => {
      const created = (await create()).data
      const page = await withTenant(t.database.db, acmeId, (tx) =>
        changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 5000),
      )
      expect(page.changes.find((change) => change.id === created.id)).toEqual({
        entity: 'encounter',
        id: created.id,
        op: 'upsert',
        version: 1,
        data: { ...created, amendments: [] },
      })
      const pull = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/sync/changes?limit=5000', headers })
      const clinical = (await pull(reader)).json().data.changes
      const staff = (await pull(nobody)).json().data.changes
      expect(clinical.some((change: { id: string }) => change.id === created.id)).toBe(true)
      // Registration staff see the same patients, not their clinical notes.
      expect(staff.some((change: { entity: string }) => change.entity === 'encounter')).toBe(false)
    })

    it("carries a consultation's amendments as the show call answers them, so the device prints its history offline", async () => {
      const created = (await create()).data
      await amend(created.id, { plan: 'Reposo 48 horas.' }, '"1"')
      await amend(created.id, { weight_kg: 74 }, '"2"')
      const shown = (await send(reader, 'GET', `/show/${created.id}`)).data
      expect(shown.amendments.map((amendment: { version: number }) => amendment.version)).toEqual([2, 3])
      const page = await withTenant(t.database.db, acmeId, (tx) =>
        changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 5000),
      )
      const carried = page.changes.find((change) => change.id === created.id)
      expect(carried?.version).toBe(3)
      expect(carried?.data).toEqual(shown)
    })
  })
})
