import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { pathFor } from '../../../src/contract/endpoints/define'
import * as disabilityCalls from '../../../src/contract/endpoints/disabilities'
import * as certificateCalls from '../../../src/contract/endpoints/health-certificates'
import * as incidentCalls from '../../../src/contract/endpoints/incident-reports'
import * as historyCalls from '../../../src/contract/endpoints/short-histories'
import { disabilitySheet } from '../../../src/documents/disability-rows'
import { incidentReportDocumentOf } from '../../../src/documents/medical-report-documents'
import { pdfText } from '../../../src/documents/pdf-text'
import { buildReportPdf } from '../../../src/documents/report-document'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aCertificate,
  aDisability,
  anIncidentReport,
  aShortHistory,
  type DisabilityCatalog,
  seedDisabilityCatalog,
} from '../../../tests/fixtures/medical-reports'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import {
  auditLog,
  bloodPressureReadings,
  changeLog,
  encounters,
  patientAssignments,
  tenants,
} from '../../db/schema'
import { patientOf } from './encounter-documents.routes'
import type { ReportKind } from './medical-reports'
import { DISABILITY, HEALTH_CERTIFICATE, INCIDENT_REPORT, SHORT_HISTORY } from './report-kinds'

type Headers = Record<string, string>
type Endpoint = Parameters<typeof pathFor>[0]

/** One report as these tests drive it: its calls, a valid body, a change, and a refused body. */
interface KindUnderTest {
  name: string
  kind: ReportKind
  calls: {
    create: Endpoint
    show: Endpoint
    amend: Endpoint
    download: Endpoint
    list: { endpoint: Endpoint; query: (patientId: string) => string }
    remove?: Endpoint
  }
  writer: string[]
  reader: string[]
  body: (patientId: string) => Record<string, unknown>
  change: Record<string, unknown>
  bad: { body: Record<string, unknown>; field: string; es: string; en: string }
}

/**
 * The medical reports of issue 23 through their real routes (decision 0028): for each of the four,
 * idempotent creates with the device's id, reads, amendments against If-Match that keep the
 * report as it was (NOM-004), soft deletes where SPEC gives one, the PDF, access, assignments,
 * 422 in both languages and tenant isolation; then each report's own calls.
 */
describe('medical reports', () => {
  let t: TestApp
  let acmeId: string
  let catalog: DisabilityCatalog
  let patientId: string
  let unassignedId: string
  let foreignPatientId: string
  let doctor: Headers
  let assigned: Headers
  let nobody: Headers
  let intruder: Headers
  let patient: Headers

  const KINDS: KindUnderTest[] = [
    {
      name: 'short clinical history',
      kind: SHORT_HISTORY,
      calls: {
        create: historyCalls.createShortHistory,
        show: historyCalls.showShortHistory,
        amend: historyCalls.amendShortHistory,
        download: historyCalls.downloadShortHistory,
        list: { endpoint: historyCalls.patientShortHistories, query: (id) => `?patient_id=${id}` },
        remove: historyCalls.deleteShortHistory,
      },
      writer: ['clinical-history-create', 'clinical-history-edit', 'short-history.delete'],
      reader: ['clinical-history-detail'],
      body: (id) => aShortHistory(id),
      change: { plan: 'Reubicar en área administrativa' },
      bad: { body: { type: 'sports' }, field: 'type', es: 'Valor no permitido', en: 'Value not allowed' },
    },
    {
      name: 'health status certificate',
      kind: HEALTH_CERTIFICATE,
      calls: {
        create: certificateCalls.createCertificate,
        show: certificateCalls.showCertificate,
        amend: certificateCalls.amendCertificate,
        download: certificateCalls.downloadCertificate,
        list: { endpoint: certificateCalls.patientCertificates, query: (id) => `?patient_id=${id}` },
      },
      writer: ['certificate-health-status-create', 'certificate-health-status-edit'],
      reader: ['certificate-health-status-view'],
      body: (id) => aCertificate(id),
      change: { restrictions: 'No trabajar en alturas' },
      bad: {
        body: { valid_to: '2026-03-01' },
        field: 'valid_to',
        es: 'La vigencia no puede terminar antes de empezar.',
        en: 'The validity cannot end before it starts.',
      },
    },
    {
      name: 'disability',
      kind: DISABILITY,
      calls: {
        create: disabilityCalls.createDisability,
        show: disabilityCalls.showDisability,
        amend: disabilityCalls.amendDisability,
        download: disabilityCalls.downloadDisability,
        list: { endpoint: disabilityCalls.patientDisabilities, query: (id) => `?patient_id=${id}` },
        remove: disabilityCalls.deleteDisability,
      },
      writer: [
        'record-disabilities-create',
        'record-disabilities-edit',
        'disability.delete',
        'disability.export',
      ],
      reader: ['record-disabilities-view'],
      body: (id) => aDisability(id, catalog),
      change: { comments: 'Entregó el certificado original' },
      bad: {
        body: { end_date: '2026-03-02' },
        field: 'end_date',
        es: 'La fecha de término no puede ser anterior a la de inicio.',
        en: 'The end date cannot be before the start date.',
      },
    },
    {
      name: 'ST-7 report',
      kind: INCIDENT_REPORT,
      calls: {
        create: incidentCalls.createIncidentReport,
        show: incidentCalls.showIncidentReport,
        amend: incidentCalls.amendIncidentReport,
        download: incidentCalls.downloadIncidentReport,
        list: { endpoint: incidentCalls.patientIncidentReports, query: (id) => `?patient_id=${id}` },
      },
      writer: ['incident-report-st7-create', 'incident-report-st7-edit'],
      reader: ['incident-report-st7-view'],
      body: (id) => anIncidentReport(id),
      change: { witnesses: 'Pedro Sánchez, supervisor de turno' },
      bad: {
        body: { attended_on: '2026-03-02' },
        field: 'attended_on',
        es: 'La atención médica no puede ser anterior al accidente.',
        en: 'The medical attention cannot be before the accident.',
      },
    },
  ]
  const ALL_WRITERS = KINDS.flatMap((k) => [...k.writer, ...k.reader])

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (
      await buildTenant(t.database.db, {
        slug: 'acme',
        employerRegistration: 'Y5412345104',
        addressStreet: 'Av. 5 de Febrero 100',
        addressCity: 'Querétaro',
        addressState: 'Querétaro',
        addressPostalCode: '76120',
      })
    ).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedDisabilityCatalog(t.database.db, acmeId)
    await seedDisabilityCatalog(t.database.db, globexId)
    patientId = (await insertPatient(t.database.db, acmeId, { nss: '12345678903', hireDate: '2020-01-15' }))
      .id as string
    unassignedId = (await insertPatient(t.database.db, acmeId)).id as string
    foreignPatientId = (await insertPatient(t.database.db, globexId)).id as string
    const sign = async (
      host: string,
      tenantId: string,
      permissions: string[],
      extra: Record<string, unknown> = {},
    ) => {
      const user = await buildUser(t.database.db, tenantId, {
        permissions,
        name: 'Ricardo',
        professionalLicense: '12345678',
        ...extra,
      })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    // `patients-index` gives the feed its tenant scope.
    doctor = (await sign('acme.localhost', acmeId, [...ALL_WRITERS, 'patients-index', 'assignments.all']))
      .headers
    const professional = await sign('acme.localhost', acmeId, ALL_WRITERS)
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    nobody = (await sign('acme.localhost', acmeId, ['dashboard-index', 'patients-index', 'assignments.all']))
      .headers
    intruder = (await sign('globex.localhost', globexId, [...ALL_WRITERS, 'assignments.all'])).headers
    patient = (await sign('acme.localhost', acmeId, ['patient-incapacities'], { patientId })).headers
  })
  afterAll(() => t.close())

  const send = async (
    headers: Headers,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: object,
    extra: Headers = {},
  ) => {
    const answer = await t.app.inject({ method, url, headers: { ...headers, ...extra }, payload: body })
    const isJson = String(answer.headers['content-type']).includes('json')
    const json = isJson ? answer.json() : null
    return {
      status: answer.statusCode,
      data: json?.data,
      errors: json?.errors,
      etag: answer.headers.etag,
      headers: answer.headers,
      raw: answer.rawPayload,
    }
  }
  const key = () => ({ 'idempotency-key': uuidv7() })

  for (const k of KINDS) {
    describe(k.name, () => {
      const create = (body: Record<string, unknown>, headers = doctor, extra: Headers = key()) =>
        send(headers, 'POST', pathFor(k.calls.create), body, extra)
      const amend = (id: string, body: object, version: string | null, headers = doctor) =>
        send(headers, 'POST', pathFor(k.calls.amend, { id }), body, {
          ...key(),
          ...(version === null ? {} : { 'if-match': version }),
        })
      const show = (id: string, headers = doctor) => send(headers, 'GET', pathFor(k.calls.show, { id }))
      const trail = (id: string) =>
        withTenant(t.database.db, acmeId, async (tx) => ({
          rows: await tx.select().from(k.kind.table).where(eq(k.kind.table.id, id)),
          amendments: await tx.select().from(k.kind.amendments).where(eq(k.kind.amendments.reportId, id)),
          changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
          audit: (await tx.select().from(auditLog)).filter(
            (entry) => (entry.details as { report?: string } | null)?.report === id,
          ),
        }))

      it('stores a report with its feed note and audit entry, and answers it as a read does', async () => {
        const body = k.body(patientId)
        const created = await create(body)
        expect(created.status).toBe(200)
        expect(created.etag).toBe('"1"')
        expect(created.data).toMatchObject({
          ...body,
          author: { name: 'Ricardo Usuario', professional_license: '12345678' },
          amendments: [],
          version: 1,
          deleted_at: null,
        })
        expect((await show(body.id as string)).data).toEqual(created.data)
        const { rows, changes, audit } = await trail(body.id as string)
        expect(rows).toHaveLength(1)
        expect(changes).toMatchObject([{ entity: k.kind.entity, op: 'upsert', version: 1, patientId }])
        expect(audit.map((entry) => entry.action)).toEqual([
          `${k.kind.entity}.create`,
          `${k.kind.entity}.show`,
        ])
      })

      it('answers the same create again with the first result, once, and another body under the id with 409', async () => {
        const body = k.body(patientId)
        const headers = key()
        const first = await create(body, doctor, headers)
        expect(await create(body, doctor, headers)).toMatchObject({ status: 200, data: first.data })
        expect((await create(body)).data).toEqual(first.data)
        expect((await create({ ...body, ...k.change })).status).toBe(409)
        const { rows, changes } = await trail(body.id as string)
        expect([rows.length, changes.length]).toEqual([1, 1])
      })

      it('refuses bad input on its field in Spanish and English (422), keeping nothing', async () => {
        const body = { ...k.body(patientId), ...k.bad.body }
        const es = await create(body)
        expect(es.status).toBe(422)
        expect(es.errors).toEqual({ [k.bad.field]: [k.bad.es] })
        const en = await create(body, doctor, { ...key(), 'accept-language': 'en' })
        expect(en.errors).toEqual({ [k.bad.field]: [k.bad.en] })
        expect((await trail(body.id as string)).rows).toHaveLength(0)
      })

      it('asks for a session (401) and the create permission (403)', async () => {
        expect((await create(k.body(patientId), { host: 'acme.localhost' })).status).toBe(401)
        expect((await create(k.body(patientId), nobody)).status).toBe(403)
        expect((await show(uuidv7(), nobody)).status).toBe(403)
      })

      it('knows no patient nor report of another tenant (404)', async () => {
        expect((await create(k.body(foreignPatientId))).status).toBe(404)
        const created = (await create(k.body(patientId))).data
        expect((await show(created.id, intruder)).status).toBe(404)
        expect((await amend(created.id, k.change, '"1"', intruder)).status).toBe(404)
        expect((await send(intruder, 'GET', pathFor(k.calls.download, { id: created.id }))).status).toBe(404)
      })

      it('keeps a professional to the patients in their care (404 otherwise)', async () => {
        expect((await create(k.body(patientId), assigned)).status).toBe(200)
        expect((await create(k.body(unassignedId), assigned)).status).toBe(404)
        const other = (await create(k.body(unassignedId))).data
        expect((await show(other.id, assigned)).status).toBe(404)
        expect((await amend(other.id, k.change, '"1"', assigned)).status).toBe(404)
        const list = k.calls.list
        expect(
          (await send(assigned, 'GET', `${pathFor(list.endpoint)}${list.query(unassignedId)}`)).status,
        ).toBe(404)
      })

      it('amends against If-Match, keeping each changed field before and after (NOM-004)', async () => {
        const created = (await create(k.body(patientId))).data
        expect((await amend(created.id, k.change, null)).status).toBe(428)
        const amended = await amend(created.id, k.change, '"1"')
        expect(amended.status).toBe(200)
        expect(amended.etag).toBe('"2"')
        const [field, after] = Object.entries(k.change)[0] as [string, unknown]
        expect(amended.data[field]).toEqual(after)
        expect(amended.data.amendments).toMatchObject([
          {
            version: 2,
            amended_by: { name: 'Ricardo Usuario' },
            changes: { [field]: { before: created[field], after } },
          },
        ])
        const stale = await amend(created.id, k.change, '"1"')
        expect(stale.status).toBe(412)
        expect(stale.data.version).toBe(2)
        // The same value again changes nothing: no version, no amendment.
        expect((await amend(created.id, k.change, '"2"')).data.version).toBe(2)
        const { changes, amendments } = await trail(created.id)
        expect([changes.length, amendments.length]).toEqual([2, 1])
      })

      it('refuses an amendment that leaves the report invalid, on its field (422)', async () => {
        const created = (await create(k.body(patientId))).data
        const refused = await amend(created.id, k.bad.body, '"1"')
        expect(refused.status).toBe(422)
        expect(Object.keys(refused.errors)).toEqual([k.bad.field])
        expect((await show(created.id)).data.version).toBe(1)
      })

      it("lists a patient's reports, newest first, audited", async () => {
        const older = (await create({ ...k.body(unassignedId) })).data
        const list = k.calls.list
        const answer = await send(doctor, 'GET', `${pathFor(list.endpoint)}${list.query(unassignedId)}`)
        expect(answer.status).toBe(200)
        expect(answer.data.map((r: { id: string }) => r.id)).toContain(older.id)
        expect(
          (await send(nobody, 'GET', `${pathFor(list.endpoint)}${list.query(unassignedId)}`)).status,
        ).toBe(403)
      })

      it('downloads the PDF named with the day, audited as a read', async () => {
        const created = (await create(k.body(patientId))).data
        const pdf = await send(doctor, 'GET', pathFor(k.calls.download, { id: created.id }))
        expect(pdf.status).toBe(200)
        expect(pdf.headers['content-type']).toBe('application/pdf')
        expect(pdf.headers['content-disposition']).toMatch(
          /^attachment; filename="[a-z0-9_]+_\d{2}_\d{2}_\d{4}\.pdf"$/,
        )
        expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-')
        expect((await trail(created.id)).audit.map((entry) => entry.action)).toContain(
          `${k.kind.entity}.download`,
        )
        expect(
          (await send({ host: 'acme.localhost' }, 'GET', pathFor(k.calls.download, { id: created.id })))
            .status,
        ).toBe(401)
      })

      const remove = k.calls.remove
      if (remove) {
        it('deletes softly with its permission, audited and fed as a tombstone; then it is unknown', async () => {
          const created = (await create(k.body(patientId))).data
          expect(
            (await send(assigned, 'DELETE', pathFor(remove, { id: uuidv7() }), undefined, key())).status,
          ).toBe(404)
          expect(
            (await send(nobody, 'DELETE', pathFor(remove, { id: created.id }), undefined, key())).status,
          ).toBe(403)
          expect(
            (await send(intruder, 'DELETE', pathFor(remove, { id: created.id }), undefined, key())).status,
          ).toBe(404)
          expect(
            (await send(doctor, 'DELETE', pathFor(remove, { id: created.id }), undefined, key())).status,
          ).toBe(200)
          expect((await show(created.id)).status).toBe(404)
          expect((await amend(created.id, k.change, '"2"')).status).toBe(422)
          const { rows, changes, audit } = await trail(created.id)
          expect(rows[0]?.deletedAt).not.toBeNull()
          expect(changes.map((change) => change.op)).toEqual(['upsert', 'delete'])
          expect(audit.map((entry) => entry.action)).toContain(`${k.kind.entity}.delete`)
        })
      }
    })
  }

  describe('their own calls', () => {
    const get = (headers: Headers, url: string) => send(headers, 'GET', url)

    it('names the short history types in the request’s language', async () => {
      const es = await get(doctor, pathFor(historyCalls.shortHistoryTypes))
      expect(es.data).toContainEqual({ code: 'return_to_work', name: 'Reincorporación laboral' })
      const en = await send(doctor, 'GET', pathFor(historyCalls.shortHistoryTypes), undefined, {
        'accept-language': 'en',
      })
      expect(en.data).toContainEqual({ code: 'return_to_work', name: 'Return to work' })
      expect((await get(nobody, pathFor(historyCalls.shortHistoryTypes))).status).toBe(403)
    })

    it('prefills a certificate from the latest consultation and the readings taken since, and the signer', async () => {
      const url = pathFor(certificateCalls.certificatePrefill, { patient: patientId })
      const answer = await get(doctor, url)
      expect(answer.status).toBe(200)
      expect(answer.data).toMatchObject({
        patient_id: patientId,
        encounter: null,
        vital_signs: { weight_kg: null, systolic: null },
        professional: { name: 'Ricardo Usuario', professional_license: '12345678' },
      })
      expect(
        (await get(assigned, pathFor(certificateCalls.certificatePrefill, { patient: unassignedId }))).status,
      ).toBe(404)
      expect((await get(intruder, url)).status).toBe(404)
      expect((await get(nobody, url)).status).toBe(403)
    })

    it('takes the consultation’s vital signs and diagnoses, and a blood pressure read since, into the prefill', async () => {
      const person = (await insertPatient(t.database.db, acmeId)).id as string
      const encounterId = uuidv7()
      await withTenant(t.database.db, acmeId, async (tx) => {
        await tx.insert(encounters).values({
          tenantId: acmeId,
          id: encounterId,
          patientId: person,
          type: 'initial',
          startedAt: '2026-03-01T15:00:00Z',
          modality: 'on_site',
          reasonId: uuidv7(),
          weightKg: 80,
          heightM: 1.75,
          systolic: 150,
          diastolic: 95,
          diagnoses: [{ code: 'I10', name: 'Hipertensión esencial', affected_system_id: uuidv7() }],
        })
        await tx.insert(bloodPressureReadings).values({
          tenantId: acmeId,
          id: uuidv7(),
          patientId: person,
          takenAt: '2026-03-02T15:00:00Z',
          systolic: 128,
          diastolic: 82,
        })
      })
      const answer = await get(doctor, pathFor(certificateCalls.certificatePrefill, { patient: person }))
      expect(answer.data.encounter).toMatchObject({
        id: encounterId,
        started_at: '2026-03-01T15:00:00.000Z',
        diagnoses: [{ code: 'I10' }],
      })
      expect(answer.data.vital_signs).toMatchObject({
        weight_kg: 80,
        height_m: 1.75,
        systolic: 128,
        diastolic: 82,
      })
      const certificate = await send(
        doctor,
        'POST',
        pathFor(certificateCalls.createCertificate),
        aCertificate(person, { encounter_id: encounterId, weight_kg: 80 }),
        key(),
      )
      expect(certificate.status).toBe(200)
      const foreign = await send(
        doctor,
        'POST',
        pathFor(certificateCalls.createCertificate),
        aCertificate(patientId, { encounter_id: encounterId }),
        key(),
      )
      expect(Object.keys(foreign.errors)).toEqual(['encounter_id'])
    })

    it('keeps a short history’s and an ST-7’s files, and removes them (SPEC’s file delete), never for another tenant', async () => {
      const { multipart, sampleFile } = await import('../../../tests/fixtures/file-owner')
      const owners = [
        [historyCalls.createShortHistory, historyCalls.shortHistoryFileCalls, aShortHistory(patientId)],
        [
          incidentCalls.createIncidentReport,
          incidentCalls.incidentReportFileCalls,
          anIncidentReport(patientId),
        ],
      ] as const
      for (const [createCall, files, body] of owners) {
        const owner = (await send(doctor, 'POST', pathFor(createCall), body, key())).data
        const form = await multipart(
          { id: uuidv7(), name: 'estudio.pdf' },
          { filename: 'estudio.pdf', type: 'application/pdf', bytes: sampleFile('pdf', 5000, 7) },
        )
        const upload = await t.app.inject({
          method: 'POST',
          url: pathFor(files.upload, { ownerId: owner.id }),
          headers: { ...assigned, 'content-type': form.contentType, ...key() },
          payload: form.payload,
        })
        expect(upload.statusCode).toBe(200)
        const file = upload.json().data
        expect((await get(doctor, pathFor(files.download, { id: file.id }))).status).toBe(200)
        expect(
          (await send(intruder, 'DELETE', pathFor(files.remove, { id: file.id }), undefined, key())).status,
        ).toBe(404)
        expect(
          (await send(assigned, 'DELETE', pathFor(files.remove, { id: file.id }), undefined, key())).status,
        ).toBe(200)
        expect((await get(doctor, pathFor(files.download, { id: file.id }))).status).toBe(404)
      }
    })

    it('prefills an ST-7 with the employer from the tenant, the worker from the patient, and the disabilities to link', async () => {
      const disability = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(patientId, catalog),
          key(),
        )
      ).data
      const url = pathFor(incidentCalls.incidentReportPrefill, { patient: patientId })
      const answer = await get(doctor, url)
      expect(answer.status).toBe(200)
      expect(answer.data.employer).toEqual({
        business_name: 'Clínica acme S.A. de C.V.',
        employer_registration: 'Y5412345104',
        address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
      })
      expect(answer.data.worker).toMatchObject({ nss: '12345678903', hire_date: '2020-01-15' })
      expect(answer.data.disabilities).toContainEqual({
        id: disability.id,
        start_date: '2026-03-03',
        end_date: '2026-03-09',
        assigned_number: 'AB123456',
      })
      expect(
        (await get(assigned, pathFor(incidentCalls.incidentReportPrefill, { patient: unassignedId }))).status,
      ).toBe(404)
      expect((await get(intruder, url)).status).toBe(404)
      expect((await get(nobody, url)).status).toBe(403)
    })

    it('links an ST-7 only to a disability of the same patient (422 otherwise)', async () => {
      const other = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(unassignedId, catalog),
          key(),
        )
      ).data
      const refused = await send(
        doctor,
        'POST',
        pathFor(incidentCalls.createIncidentReport),
        anIncidentReport(patientId, { disability_id: other.id }),
        key(),
      )
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.errors)).toEqual(['disability_id'])
      const own = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(patientId, catalog),
          key(),
        )
      ).data
      const linked = await send(
        doctor,
        'POST',
        pathFor(incidentCalls.createIncidentReport),
        anIncidentReport(patientId, { disability_id: own.id }),
        key(),
      )
      expect(linked.status).toBe(200)
    })

    it('downloads an ST-7 laid out like IMSS’s form, the very bytes the device builds from the same record', async () => {
      const disability = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(patientId, catalog),
          key(),
        )
      ).data
      const created = (
        await send(
          doctor,
          'POST',
          pathFor(incidentCalls.createIncidentReport),
          anIncidentReport(patientId, { disability_id: disability.id }),
          key(),
        )
      ).data
      const zone = 'America/Tijuana'
      const pdf = await send(
        doctor,
        'GET',
        `${pathFor(incidentCalls.downloadIncidentReport, { id: created.id })}?time_zone=${zone}`,
      )
      expect(pdf.status).toBe(200)
      // The device holds the report as the feed gives it (the show answer) and the patient's record.
      const shown = (await send(doctor, 'GET', pathFor(incidentCalls.showIncidentReport, { id: created.id })))
        .data
      const tenant = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(tenants).where(eq(tenants.id, acmeId)),
      )
      const device = buildReportPdf(
        incidentReportDocumentOf(
          shown,
          {
            language: 'es',
            timeZone: zone,
            tenant: {
              name: tenant[0]?.tradeName ?? '',
              logo: null,
              address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
            },
            patient: await withTenant(t.database.db, acmeId, (tx) => patientOf(tx, patientId, 'es')),
          },
          disability,
        ),
      )
      expect(pdfText(pdf.raw)).toEqual(pdfText(device.bytes))
      expect(Buffer.compare(pdf.raw, Buffer.from(device.bytes))).toBe(0)
      const text = pdfText(pdf.raw).join('\n')
      for (const part of [
        '1. Datos del patrón',
        '2. Datos del trabajador',
        '3. Datos del accidente',
        '4. Primera atención médica',
        '5. Calificación',
      ])
        expect(text).toContain(part)
      expect(text).toContain('Del 2026/03/03 al 2026/03/09, folio AB123456')
    })

    it('refuses a disability whose days disagree with its dates, or whose modality is not in the catalogue', async () => {
      const url = pathFor(disabilityCalls.createDisability)
      const days = await send(
        doctor,
        'POST',
        url,
        aDisability(patientId, catalog, { assigned_days: 6 }),
        key(),
      )
      expect(days.errors).toEqual({
        assigned_days: ['Los días asignados no coinciden con las fechas de inicio y término.'],
      })
      const type = await send(
        doctor,
        'POST',
        url,
        aDisability(patientId, catalog, { type_id: catalog.openId }),
        key(),
      )
      expect(Object.keys(type.errors)).toEqual(['type_id'])
    })

    it('answers a patient their own disabilities, and nobody else’s', async () => {
      const own = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(patientId, catalog),
          key(),
        )
      ).data
      const mine = await get(patient, pathFor(disabilityCalls.patientDisabilities))
      expect(mine.status).toBe(200)
      expect(mine.data.map((d: { id: string }) => d.id)).toContain(own.id)
      expect(mine.data[0]).toMatchObject({ type_name: expect.any(String), status_name: expect.any(String) })
      expect(
        (await get(patient, `${pathFor(disabilityCalls.patientDisabilities)}?patient_id=${unassignedId}`))
          .status,
      ).toBe(404)
      expect((await get(patient, pathFor(disabilityCalls.showDisability, { id: own.id }))).status).toBe(403)
    })

    it('counts the lost days by modality and month for the graph, overlaps once', async () => {
      const tenant = await buildTenant(t.database.db, { slug: 'initech' })
      const initech = await seedDisabilityCatalog(t.database.db, tenant.id)
      const worker = (await insertPatient(t.database.db, tenant.id)).id as string
      const admin = await buildUser(t.database.db, tenant.id, {
        permissions: [...ALL_WRITERS, 'record-disabilities-index', 'assignments.all'],
      })
      const headers = (await signIn(t.app, 'initech.localhost', admin.email)).headers
      const post = (body: object) =>
        send(headers, 'POST', pathFor(disabilityCalls.createDisability), body, key())
      await post(
        aDisability(worker, initech, { start_date: '2026-01-30', end_date: '2026-02-02', assigned_days: 4 }),
      )
      await post(
        aDisability(worker, initech, {
          start_date: '2026-02-01',
          end_date: '2026-02-03',
          assigned_days: 3,
          type_id: initech.relapseId,
        }),
      )
      const graph = await get(
        headers,
        `${pathFor(disabilityCalls.disabilitiesDataGraph)}?from=2026-01-01&to=2026-02-28`,
      )
      expect(graph.status).toBe(200)
      expect(graph.data).toEqual({
        months: ['2026-01', '2026-02'],
        series: [
          { type_id: initech.initialId, type_name: 'Inicial', days: [2, 2] },
          { type_id: initech.relapseId, type_name: 'Recaída', days: [0, 1] },
        ],
        total_days: 5,
      })
      const byPrivate = await get(
        headers,
        `${pathFor(disabilityCalls.disabilitiesDataGraph)}?from=2026-01-01&to=2026-02-28&issuer=private`,
      )
      expect(byPrivate.data).toEqual({ months: ['2026-01', '2026-02'], series: [], total_days: 0 })
      const refused = await get(
        headers,
        `${pathFor(disabilityCalls.disabilitiesDataGraph)}?from=2026-03-01&to=2026-01-01`,
      )
      expect(Object.keys(refused.errors)).toEqual(['to'])
      expect((await get(patient, pathFor(disabilityCalls.disabilitiesDataGraph))).status).toBe(403)
      expect(
        (await get({ host: 'initech.localhost' }, pathFor(disabilityCalls.disabilitiesDataGraph))).status,
      ).toBe(401)
    })

    it('exports the disabilities under the filters as a spreadsheet named with the day, only those in care', async () => {
      const url = `${pathFor(disabilityCalls.disabilitiesSpreadsheet)}?from=2026-03-01&to=2026-03-31`
      const sheet = await get(doctor, url)
      expect(sheet.status).toBe(200)
      expect(sheet.headers['content-type']).toContain('spreadsheetml')
      expect(sheet.headers['content-disposition']).toMatch(
        /^attachment; filename="incapacidades_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )
      expect((await get(nobody, url)).status).toBe(403)
      expect((await get(doctor, `${url}&type_id=nope`)).status).toBe(422)
      expect((await get(doctor, `${url}&issuer=nope`)).status).toBe(422)
    })

    it('lays the spreadsheet out as the device does: the shared rows under every filter, the search accent-blind', async () => {
      const tenant = await buildTenant(t.database.db, { slug: 'umbrella' })
      const umbrella = await seedDisabilityCatalog(t.database.db, tenant.id)
      const worker = await insertPatient(t.database.db, tenant.id, {
        name: 'José',
        lastName: 'Núñez',
        secondLastName: null,
        payrollNumber: 'N-7781',
      })
      const admin = await buildUser(t.database.db, tenant.id, {
        permissions: [...ALL_WRITERS, 'assignments.all'],
      })
      const headers = (await signIn(t.app, 'umbrella.localhost', admin.email)).headers
      const post = (body: object) =>
        send(headers, 'POST', pathFor(disabilityCalls.createDisability), body, key())
      await post(aDisability(worker.id as string, umbrella, { assigned_number: 'imss-1' }))
      await post(
        aDisability(worker.id as string, umbrella, {
          issuer: 'company',
          assigned_number: null,
          start_date: '2026-04-01',
          end_date: '2026-04-02',
          assigned_days: 2,
        }),
      )
      const sheet = await get(
        headers,
        `${pathFor(disabilityCalls.disabilitiesSpreadsheet)}?issuer=imss&search=${encodeURIComponent('jose nunez')}`,
      )
      const book = XLSX.read(sheet.raw)
      const rows = XLSX.utils.sheet_to_json<unknown[]>(
        book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
        { header: 1 },
      )
      expect(book.SheetNames).toEqual(['Incapacidades'])
      expect(rows).toEqual([
        disabilitySheet([], 'es').header,
        [
          'N-7781',
          'José Núñez',
          'Esguince de tobillo derecho',
          '2026/03/03',
          '2026/03/09',
          7,
          'Inicial',
          'Vigente',
          'IMSS',
          'IMSS-1',
        ],
      ])
      // The search narrows the query in SQL first (issue 24): the payroll number and a name with a
      // mark outside Latin-1 still match, a word nobody holds leaves the header alone.
      const payrollNumbers = async (search: string) => {
        const found = await get(
          headers,
          `${pathFor(disabilityCalls.disabilitiesSpreadsheet)}?search=${encodeURIComponent(search)}`,
        )
        const book = XLSX.read(found.raw)
        return XLSX.utils
          .sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
            header: 1,
          })
          .slice(1)
          .map((row) => row[0])
      }
      expect(await payrollNumbers('n-7781')).toEqual(['N-7781', 'N-7781'])
      expect(await payrollNumbers('NÚÑEZ jose')).toEqual(['N-7781', 'N-7781'])
      expect(await payrollNumbers('nunezz')).toEqual([])
      const other = await insertPatient(t.database.db, tenant.id, {
        name: 'Ŝtefan',
        lastName: 'Ŏrtiz',
        secondLastName: null,
        payrollNumber: 'N-9',
      })
      await post(aDisability(other.id as string, umbrella))
      expect(await payrollNumbers('stefan ortiz')).toEqual(['N-9'])
    })

    it('keeps a drawn signature with a disability and prints the PDF with it', async () => {
      const { multipart, sampleFile } = await import('../../../tests/fixtures/file-owner')
      const own = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(patientId, catalog),
          key(),
        )
      ).data
      const form = await multipart(
        { id: uuidv7(), name: 'firma.png' },
        { filename: 'firma.png', type: 'image/png', bytes: sampleFile('png') },
      )
      const upload = await t.app.inject({
        method: 'POST',
        url: pathFor(disabilityCalls.disabilitySignatureFileCalls.upload, { ownerId: own.id }),
        headers: { ...doctor, 'content-type': form.contentType, ...key() },
        payload: form.payload,
      })
      expect(upload.statusCode).toBe(200)
      expect(upload.json().data).toMatchObject({ owner_kind: 'disability-signature', owner_id: own.id })
      const pdf = await send(doctor, 'GET', pathFor(disabilityCalls.downloadDisability, { id: own.id }))
      expect(pdf.raw.toString('latin1')).toContain('/Subtype /Image')
      const pdfForm = await multipart(
        { id: uuidv7(), name: 'gif.gif' },
        { filename: 'x.gif', type: 'image/gif', bytes: sampleFile('gif') },
      )
      const refused = await t.app.inject({
        method: 'POST',
        url: pathFor(disabilityCalls.disabilityFileCalls.upload, { ownerId: own.id }),
        headers: { ...doctor, 'content-type': pdfForm.contentType, ...key() },
        payload: pdfForm.payload,
      })
      expect(refused.statusCode).toBe(422)
      expect(Object.keys(refused.json().errors)).toEqual(['file'])
    })

    it('feeds each report to who reads it, and a patient their own disabilities only', async () => {
      const history = (
        await send(doctor, 'POST', pathFor(historyCalls.createShortHistory), aShortHistory(patientId), key())
      ).data
      const disability = (
        await send(
          doctor,
          'POST',
          pathFor(disabilityCalls.createDisability),
          aDisability(patientId, catalog),
          key(),
        )
      ).data
      const feed = async (headers: Headers) =>
        (await get(headers, '/api/sync/changes?limit=5000')).data.changes as { entity: string; id: string }[]
      const seen = await feed(doctor)
      expect(seen.find((c) => c.id === history.id)?.entity).toBe('short-history')
      expect(seen.find((c) => c.id === disability.id)).toMatchObject({
        entity: 'disability',
        data: { ...disability },
      })
      const own = await feed(patient)
      expect(own.some((c) => c.id === disability.id)).toBe(true)
      expect(own.some((c) => c.entity === 'short-history' || c.entity === 'incident-report')).toBe(false)
    })
  })
})
