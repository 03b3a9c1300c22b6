import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueCalls } from '../../../src/contract/endpoints/catalogues'
import { pathFor } from '../../../src/contract/endpoints/define'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, catalogueEntries, changeLog, recordSections } from '../../db/schema'
import { seedReferenceLists } from '../../seed/reference-lists'
import { changesAfter } from '../sync/feed'

const BASE = '/api/operation/patients'

/**
 * The record sections through the real routes (SPEC §3, §7; DESIGN §5): each guarantee of an
 * editable offline kind — idempotent creates with the device's id, changed fields against
 * If-Match, soft deletes that win — plus access, validation and tenant isolation.
 */
describe('patient record sections', () => {
  let t: TestApp
  let acmeId: string
  let patientId: string
  let otherPatientId: string
  let nurse: Record<string, string>
  let reader: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  let admin: Record<string, string>
  // Values of acme's medical-conditions catalogue (decision 0018): one live, one deactivated.
  const hypertensionId = uuidv7()
  const goutId = uuidv7()
  const globexConditionId = uuidv7()

  beforeAll(async () => {
    t = await buildTestApp()
    await seedReferenceLists(t.database.db)
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    await withTenant(t.database.db, globexId, (tx) =>
      tx.insert(catalogueEntries).values({
        tenantId: globexId,
        id: globexConditionId,
        catalogue: 'medical-conditions',
        name: 'Hipertensión',
        nameKey: 'hipertension',
      }),
    )
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(catalogueEntries).values([
        {
          tenantId: acmeId,
          id: hypertensionId,
          catalogue: 'medical-conditions',
          name: 'Hipertensión',
          nameKey: 'hipertension',
        },
        {
          tenantId: acmeId,
          id: goutId,
          catalogue: 'medical-conditions',
          name: 'Gota',
          nameKey: 'gota',
          active: false,
        },
      ]),
    )
    otherPatientId = (await insertPatient(t.database.db, acmeId)).id as string
    const sign = async (host: string, tenantId: string, permissions: string[]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, { permissions })).email)).headers
    nurse = await sign('acme.localhost', acmeId, ['patients-index', 'patients-edit', 'assignments.all'])
    reader = await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])
    nobody = await sign('acme.localhost', acmeId, ['dashboard-index'])
    admin = await sign('acme.localhost', acmeId, ['medical-conditions-index', 'catalogues.delete'])
    intruder = await sign('globex.localhost', globexId, [
      'patients-index',
      'patients-edit',
      'assignments.all',
    ])
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
    const json = answer.json()
    return { status: answer.statusCode, data: json.data, errors: json.errors, etag: answer.headers.etag }
  }
  const anonymous = { host: 'acme.localhost' }
  const condition = (overrides: Record<string, unknown> = {}) => ({
    id: uuidv7(),
    patient_id: patientId,
    medical_condition_id: hypertensionId,
    note: 'Controlada con dieta',
    year: 2015,
    ...overrides,
  })
  const createCondition = async (body = condition(), key = uuidv7()) =>
    send(nurse, 'POST', '/medical-conditions', body, { 'idempotency-key': key })
  /** What the database holds about one entry: its rows, feed notes and audit entries. */
  const trail = (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(recordSections).where(eq(recordSections.id, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      audit: (await tx.select().from(auditLog)).filter(
        (entry) => (entry.details as { entry?: string } | null)?.entry === id,
      ),
    }))

  describe('creating', () => {
    it('stores the entry with its feed note and audit entry, and answers it as a read does', async () => {
      const body = condition()
      const created = await createCondition(body)
      expect(created.status).toBe(200)
      expect(created.etag).toBe('"1"')
      expect(created.data).toEqual({
        id: body.id,
        patient_id: patientId,
        section: 'medical-conditions',
        medical_condition_id: hypertensionId,
        note: 'Controlada con dieta',
        year: 2015,
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        deleted_at: null,
      })
      const read = await send(reader, 'GET', `/medical-conditions/${body.id}`)
      expect(read.data).toEqual(created.data)
      const { rows, changes, audit } = await trail(body.id)
      expect(rows).toHaveLength(1)
      expect(changes).toMatchObject([{ entity: 'record-section', op: 'upsert', version: 1, patientId }])
      expect(audit.map((entry) => entry.action)).toEqual(['record-section.create', 'record-section.read'])
      expect(audit[0]).toMatchObject({ entity: 'patient', entityId: patientId })
    })

    it('keeps each section to its own SPEC §3 fields', async () => {
      const cases = [
        ['active-medications', { medicine: 'Losartán 50 mg', medicine_id: null }],
        ['medical-histories', { title: 'Apendicitis', note: null, year: 2001 }],
        ['surgical-histories', { title: 'Apendicectomía', note: 'Sin complicaciones', year: 2001 }],
        ['psychiatric-histories', { title: 'Ansiedad', note: null, year: null }],
        ['social-habits', { habit: 'Camina 30 minutos diarios' }],
        ['allergies-tolerances', { description: 'Penicilina' }],
        ['alerts-and-special-needs', { description: 'Usa silla de ruedas' }],
        ['covid-status', { covid_status_id: 'recovered' }],
      ] as const
      for (const [section, fields] of cases) {
        const id = uuidv7()
        const created = await send(nurse, 'POST', `/${section}`, {
          id,
          patient_id: patientId,
          ...fields,
        })
        expect(created.status, section).toBe(200)
        const { version, created_at, updated_at, deleted_at, ...rest } = created.data
        expect(rest, section).toEqual({ id, patient_id: patientId, section, ...fields })
      }
    })

    it('answers a replay with the stored answer and writes nothing more', async () => {
      const body = condition()
      const key = uuidv7()
      const first = await createCondition(body, key)
      expect(await createCondition(body, key)).toEqual(first)
      const { rows, changes } = await trail(body.id)
      expect([rows.length, changes.length]).toEqual([1, 1])
    })

    it('answers the same create under another key with the first result, and refuses another body', async () => {
      const body = condition()
      const first = await createCondition(body)
      expect((await createCondition(body)).data).toEqual(first.data)
      expect((await createCondition({ ...body, year: 2016 })).status).toBe(409)
      expect(
        (
          await send(nurse, 'POST', '/allergies-tolerances', {
            id: body.id,
            patient_id: patientId,
            description: 'x',
          })
        ).status,
      ).toBe(409)
      expect((await trail(body.id)).changes).toHaveLength(1)
    })

    it('answers a create repeated after its entry was deleted with the tombstone', async () => {
      const body = condition()
      await createCondition(body)
      await send(nurse, 'DELETE', `/medical-conditions/${body.id}`)
      const again = await createCondition(body)
      expect(again.status).toBe(200)
      expect(again.data).toMatchObject({ id: body.id, version: 2, deleted_at: expect.any(String) })
      expect((await trail(body.id)).changes.map((change) => change.op)).toEqual(['upsert', 'delete'])
    })

    it('refuses bad input with the field messages (422), keeping nothing', async () => {
      const now = new Date().getFullYear()
      const bad = [
        [condition({ year: 1919 }), 'year', 'Debe ser al menos 1920.'],
        [condition({ year: now + 1 }), 'year', `Debe ser como máximo ${now}.`],
        [condition({ year: 2001.5 }), 'year', 'Debe ser un número entero.'],
        [condition({ medical_condition_id: '  ' }), 'medical_condition_id', 'Este campo es obligatorio.'],
        [
          condition({ medical_condition_id: 'unicorn-fever' }),
          'medical_condition_id',
          'El valor elegido no existe en el catálogo.',
        ],
        // Deactivated in the catalogue: old entries keep it, new ones may not pick it.
        [
          condition({ medical_condition_id: goutId }),
          'medical_condition_id',
          'El valor elegido no existe en el catálogo.',
        ],
        // A condition of the shared reference list is no longer a value a new entry may carry.
        [
          condition({ medical_condition_id: 'hypertension' }),
          'medical_condition_id',
          'El valor elegido no existe en el catálogo.',
        ],
        // Another tenant's value, or one of another catalogue, is not in this one.
        [
          condition({ medical_condition_id: uuidv7() }),
          'medical_condition_id',
          'El valor elegido no existe en el catálogo.',
        ],
        [condition({ note: 'x'.repeat(1001) }), 'note', 'Debe tener como máximo 1000 caracteres.'],
      ] as const
      for (const [body, field, message] of bad) {
        const answer = await createCondition(body)
        expect(answer.status, field).toBe(422)
        expect(answer.errors[field], field).toEqual([message])
        expect((await trail(body.id)).rows).toHaveLength(0)
      }
      const untitled = await send(nurse, 'POST', '/medical-histories', {
        id: uuidv7(),
        patient_id: patientId,
        title: '',
      })
      expect(untitled.errors).toEqual({ title: ['Este campo es obligatorio.'] })
      const covid = await send(nurse, 'POST', '/covid-status', {
        id: uuidv7(),
        patient_id: patientId,
        covid_status_id: 'zombie',
      })
      expect(covid.errors).toEqual({ covid_status_id: ['Valor no permitido'] })
    })

    it('answers 401 without a session and 403 without the edit permission', async () => {
      expect((await send(anonymous, 'POST', '/medical-conditions', condition())).status).toBe(401)
      const body = condition()
      expect((await send(reader, 'POST', '/medical-conditions', body)).status).toBe(403)
      expect((await trail(body.id)).rows).toHaveLength(0)
    })

    it('answers 404 for a patient of another tenant, or none', async () => {
      // A value of the intruder's own catalogue: only the patient is out of reach.
      const intruding = condition({ medical_condition_id: globexConditionId })
      expect((await send(intruder, 'POST', '/medical-conditions', intruding)).status).toBe(404)
      const body = condition({ patient_id: uuidv7() })
      expect((await createCondition(body)).status).toBe(404)
      expect((await trail(body.id)).rows).toHaveLength(0)
    })
  })

  describe('listing and reading', () => {
    it('lists a patient’s live entries of one section, in the order they were made', async () => {
      const first = (
        await send(nurse, 'POST', '/social-habits', {
          id: uuidv7(),
          patient_id: otherPatientId,
          habit: 'Fuma',
        })
      ).data
      const second = (
        await send(nurse, 'POST', '/social-habits', {
          id: uuidv7(),
          patient_id: otherPatientId,
          habit: 'Corre',
        })
      ).data
      await send(nurse, 'POST', '/allergies-tolerances', {
        id: uuidv7(),
        patient_id: otherPatientId,
        description: 'Polen',
      })
      await send(nurse, 'DELETE', `/social-habits/${first.id}`)
      const listed = await send(reader, 'GET', `/social-habits?patient_id=${otherPatientId}`)
      expect(listed.status).toBe(200)
      expect(listed.data).toEqual([second])
    })

    it('audits the list', async () => {
      await send(reader, 'GET', `/covid-status?patient_id=${otherPatientId}`)
      const audited = await withTenant(t.database.db, acmeId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'record-section.list'), eq(auditLog.entityId, otherPatientId))),
      )
      expect(audited.map((entry) => entry.details)).toContainEqual({ section: 'covid-status' })
    })

    it('answers 401, 403, 422 and another tenant’s 404', async () => {
      const created = (await createCondition()).data
      const list = `/medical-conditions?patient_id=${patientId}`
      expect((await send(anonymous, 'GET', list)).status).toBe(401)
      expect((await send(nobody, 'GET', list)).status).toBe(403)
      expect((await send(reader, 'GET', '/medical-conditions?patient_id=nope')).status).toBe(422)
      expect((await send(reader, 'GET', '/medical-conditions/nope')).status).toBe(422)
      expect((await send(intruder, 'GET', list)).status).toBe(404)
      expect((await send(intruder, 'GET', `/medical-conditions/${created.id}`)).status).toBe(404)
      expect((await send(anonymous, 'GET', `/medical-conditions/${created.id}`)).status).toBe(401)
      expect((await send(nobody, 'GET', `/medical-conditions/${created.id}`)).status).toBe(403)
    })

    it('does not find an entry through another section’s path', async () => {
      const created = (await createCondition()).data
      expect((await send(reader, 'GET', `/allergies-tolerances/${created.id}`)).status).toBe(404)
    })
  })

  describe('updating', () => {
    const update = (id: string, body: object, version: string | null, headers = nurse, key = uuidv7()) =>
      send(headers, 'PUT', `/medical-conditions/${id}`, body, {
        'idempotency-key': key,
        ...(version === null ? {} : { 'if-match': version }),
      })

    it('applies only the changed fields to the version the client saw', async () => {
      const created = (await createCondition()).data
      const updated = await update(created.id, { note: 'Con losartán' }, '"1"')
      expect(updated.status).toBe(200)
      expect(updated.etag).toBe('"2"')
      expect(updated.data).toMatchObject({
        note: 'Con losartán',
        year: 2015,
        medical_condition_id: hypertensionId,
        version: 2,
      })
      const { changes, audit } = await trail(created.id)
      expect(changes.map((change) => change.version)).toEqual([1, 2])
      expect(audit.map((entry) => entry.action)).toEqual(['record-section.create', 'record-section.update'])
    })

    it('answers 412 with the current entry when the version is stale, and 428 without If-Match', async () => {
      const created = (await createCondition()).data
      await update(created.id, { year: 2016 }, '1')
      const stale = await update(created.id, { note: 'tarde' }, '1')
      expect(stale.status).toBe(412)
      expect(stale.data).toMatchObject({ id: created.id, year: 2016, note: created.note, version: 2 })
      expect((await update(created.id, { note: 'sin versión' }, null)).status).toBe(428)
      expect((await trail(created.id)).rows[0]).toMatchObject({ version: 2, note: created.note })
    })

    it('answers a replay with the stored answer', async () => {
      const created = (await createCondition()).data
      const key = uuidv7()
      const first = await update(created.id, { year: 2010 }, '1', nurse, key)
      expect(await update(created.id, { year: 2010 }, '1', nurse, key)).toEqual(first)
      expect((await trail(created.id)).changes).toHaveLength(2)
    })

    it('refuses an edit of a deleted entry (the delete wins)', async () => {
      const created = (await createCondition()).data
      await send(nurse, 'DELETE', `/medical-conditions/${created.id}`)
      const late = await update(created.id, { note: 'después' }, '1')
      expect(late.status).toBe(422)
      expect((await trail(created.id)).rows[0]).toMatchObject({ note: created.note, version: 2 })
    })

    it('keeps an old entry naming a condition of the shared list readable and editable', async () => {
      const id = uuidv7()
      await withTenant(t.database.db, acmeId, (tx) =>
        tx.insert(recordSections).values({
          tenantId: acmeId,
          id,
          patientId,
          section: 'medical-conditions',
          medicalConditionId: 'diabetes',
        }),
      )
      expect((await send(reader, 'GET', `/medical-conditions/${id}`)).data).toMatchObject({
        medical_condition_id: 'diabetes',
      })
      const edited = await update(id, { note: 'Sigue en control' }, '1')
      expect(edited.status).toBe(200)
      expect(edited.data).toMatchObject({ medical_condition_id: 'diabetes', note: 'Sigue en control' })
      const moved = await update(id, { medical_condition_id: hypertensionId }, '2')
      expect(moved.data).toMatchObject({ medical_condition_id: hypertensionId, version: 3 })
    })

    it('keeps a catalogue value a live entry names from being deleted (422 naming where)', async () => {
      const usedId = uuidv7()
      await withTenant(t.database.db, acmeId, (tx) =>
        tx.insert(catalogueEntries).values({
          tenantId: acmeId,
          id: usedId,
          catalogue: 'medical-conditions',
          name: 'Asma',
          nameKey: 'asma',
        }),
      )
      const entry = (await createCondition(condition({ medical_condition_id: usedId }))).data
      const destroy = () =>
        t.app.inject({
          method: 'DELETE',
          url: pathFor(catalogueCalls['medical-conditions'].destroy, { id: usedId }),
          headers: admin,
        })
      const refused = await destroy()
      expect(refused.statusCode).toBe(422)
      expect(JSON.stringify(refused.json())).toMatch(/expediente|registro/i)
      await send(nurse, 'DELETE', `/medical-conditions/${entry.id}`)
      expect((await destroy()).statusCode).toBe(200)
    })

    it('answers 401, 403, 422 and another tenant’s 404, changing nothing', async () => {
      const created = (await createCondition()).data
      expect((await update(created.id, { note: 'x' }, '1', anonymous)).status).toBe(401)
      expect((await update(created.id, { note: 'x' }, '1', reader)).status).toBe(403)
      expect((await update(created.id, {}, '1')).status).toBe(422)
      expect((await update(created.id, { year: 1900 }, '1')).status).toBe(422)
      expect((await update(created.id, { medical_condition_id: 'unicorn-fever' }, '1')).status).toBe(422)
      expect((await update(created.id, { note: 'x' }, '1', intruder)).status).toBe(404)
      expect((await trail(created.id)).rows[0]).toMatchObject({ version: 1, note: created.note })
    })

    it('updates the COVID status at SPEC’s PUT /update path', async () => {
      const id = uuidv7()
      await send(nurse, 'POST', '/covid-status', { id, patient_id: patientId, covid_status_id: 'suspicious' })
      const updated = await send(
        nurse,
        'PUT',
        `/covid-status/update/${id}`,
        { covid_status_id: 'recovered' },
        { 'if-match': '1' },
      )
      expect(updated.status).toBe(200)
      expect(updated.data).toMatchObject({ covid_status_id: 'recovered', version: 2 })
    })
  })

  describe('deleting', () => {
    it('leaves a tombstone the feed carries, once, and audits it', async () => {
      const created = (await createCondition()).data
      const key = uuidv7()
      const gone = await send(nurse, 'DELETE', `/medical-conditions/${created.id}`, undefined, {
        'idempotency-key': key,
      })
      expect(gone).toMatchObject({ status: 200, data: null })
      expect(
        (
          await send(nurse, 'DELETE', `/medical-conditions/${created.id}`, undefined, {
            'idempotency-key': key,
          })
        ).status,
      ).toBe(200)
      expect((await send(reader, 'GET', `/medical-conditions/${created.id}`)).status).toBe(404)
      const { rows, changes, audit } = await trail(created.id)
      expect(rows[0]?.deletedAt).not.toBeNull()
      expect(changes.map((change) => change.op)).toEqual(['upsert', 'delete'])
      expect(audit.map((entry) => entry.action)).toContain('record-section.delete')
    })

    it('answers 401, 403 and another tenant’s 404, deleting nothing', async () => {
      const created = (await createCondition()).data
      expect((await send(anonymous, 'DELETE', `/medical-conditions/${created.id}`)).status).toBe(401)
      expect((await send(reader, 'DELETE', `/medical-conditions/${created.id}`)).status).toBe(403)
      expect((await send(nurse, 'DELETE', '/medical-conditions/nope')).status).toBe(422)
      expect((await send(intruder, 'DELETE', `/medical-conditions/${created.id}`)).status).toBe(404)
      expect((await trail(created.id)).rows[0]?.deletedAt).toBeNull()
    })
  })

  describe('in the change feed', () => {
    it('carries entries as the API presents them, and deletes as tombstones', async () => {
      const kept = (
        await send(nurse, 'POST', '/alerts-and-special-needs', {
          id: uuidv7(),
          patient_id: patientId,
          description: 'Marcapasos',
        })
      ).data
      const removed = (await createCondition()).data
      await send(nurse, 'DELETE', `/medical-conditions/${removed.id}`)
      const page = await withTenant(t.database.db, acmeId, (tx) =>
        changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 5000),
      )
      const ofEntry = (id: string) => page.changes.find((change) => change.id === id)
      expect(ofEntry(kept.id)).toEqual({
        entity: 'record-section',
        id: kept.id,
        op: 'upsert',
        version: 1,
        data: kept,
      })
      expect(ofEntry(removed.id)).toMatchObject({ entity: 'record-section', op: 'delete', data: null })
    })

    it('gives a patient-mode user only their own entries', async () => {
      const mine = (
        await send(nurse, 'POST', '/social-habits', { id: uuidv7(), patient_id: patientId, habit: 'Nada' })
      ).data
      const theirs = (
        await send(nurse, 'POST', '/social-habits', {
          id: uuidv7(),
          patient_id: otherPatientId,
          habit: 'Algo',
        })
      ).data
      const page = await withTenant(t.database.db, acmeId, (tx) =>
        changesAfter(tx, acmeId, { kind: 'patient', patientId }, undefined, 5000),
      )
      const ids = page.changes.map((change) => change.id)
      expect(ids).toContain(mine.id)
      expect(ids).not.toContain(theirs.id)
    })
  })
})
