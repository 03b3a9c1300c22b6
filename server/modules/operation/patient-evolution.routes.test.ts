import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TriageFields, triageOf } from '../../../src/contract/schemas/covid'
import {
  type EvolutionConsultation,
  type EvolutionReading,
  type EvolutionTriage,
  evolutionChartData,
  evolutionNotes,
} from '../../../src/documents/patient-evolution'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aConsultation,
  type EncounterCatalog,
  seedEncounterCatalog,
} from '../../../tests/fixtures/encounters'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, patientAssignments, referenceItems } from '../../db/schema'
import { COVID_LISTS } from '../../seed/covid-lists'
import { changesAfter } from '../sync/feed'

const BIRTH = '1985-04-12'
const MEXICO = 'America/Mexico_City'
/** Whoever records what the evolution shows: consultations, triages and readings. */
const RECORDERS = [
  'medical-consultation-create',
  'covid-create',
  'covid-history',
  'patients-edit',
  'patients-index',
  'assignments.all',
]

/**
 * A patient's evolution through the real routes (SPEC §7 `chart-data`, `notes-evolution`; issue
 * 24, decision 0034): the series and notes the shared functions make from the rows the device
 * pulls (so both sides agree), the period read in the time zone asked, the audit, access,
 * assignments, validation in both languages and tenant isolation.
 */
describe('patient evolution', () => {
  let t: TestApp
  let acmeId: string
  let catalog: EncounterCatalog
  let patientId: string
  let unassignedId: string
  let globexPatientId: string
  let recorder: Record<string, string>
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  const send = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
  ) => {
    const answer = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...(method === 'POST' ? { 'idempotency-key': uuidv7() } : {}) },
      payload: body,
    })
    const json = answer.json()
    return { status: answer.statusCode, data: json.data, errors: json.errors }
  }
  const chart = (query: string, headers = doctor) =>
    send(headers, 'GET', `/api/operation/patients/chart-data?${query}`)
  const notes = (patient: string, headers = doctor) =>
    send(headers, 'GET', `/api/operation/patients/notes-evolution/${patient}`)
  const novemberOf = (patient: string, zone = MEXICO) =>
    `patient_id=${patient}&from=2026-11-01&to=2026-11-30&time_zone=${encodeURIComponent(zone)}`

  beforeAll(async () => {
    t = await buildTestApp()
    const items = Object.entries(COVID_LISTS).flatMap(([list, entries]) =>
      entries.map(([code, nameEs, nameEn], sort) => ({ list, code, nameEs, nameEn, sort })),
    )
    await t.database.db.insert(referenceItems).values(items).onConflictDoNothing()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedEncounterCatalog(t.database.db, acmeId)
    patientId = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
    unassignedId = (await insertPatient(t.database.db, acmeId, { birthDate: BIRTH })).id as string
    globexPatientId = (await insertPatient(t.database.db, globexId, { birthDate: BIRTH })).id as string
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions, name: 'Ricardo' })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    recorder = (await sign('acme.localhost', acmeId, RECORDERS)).headers
    doctor = (await sign('acme.localhost', acmeId, ['patient-evolution-index', 'assignments.all'])).headers
    const professional = await sign('acme.localhost', acmeId, ['patient-evolution-index'])
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId, userId: professional.id }),
    )
    nobody = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, ['patient-evolution-index', 'assignments.all']))
      .headers

    // October's first visit, November's follow-up (both marked), a triage with its note, and readings.
    const consultation = (started_at: string, type: 'initial' | 'follow_up', systolic: number) =>
      send(recorder, 'POST', '/api/operation/patients/encounter', {
        id: uuidv7(),
        ...aConsultation(catalog, patientId, { started_at, type, systolic, diastolic: 90 }),
      })
    expect((await consultation('2026-10-20T16:00:00.000Z', 'initial', 150)).status).toBe(200)
    expect((await consultation('2026-11-18T16:00:00.000Z', 'follow_up', 138)).status).toBe(200)
    const fields = {
      consulted_at: '2026-11-10T15:00:00.000Z',
      status: 'suspicious',
      covid_case: 'suspected',
      symptoms: ['fever'],
      other_symptoms: [],
      respiratory_rate: 18,
      oximetry: 95,
      supplemental_oxygen: 'room-air',
      temperature_c: 38.4,
      consciousness: 'alert',
      chronic_degenerative_diseases: [],
      immunocompromises: [],
      notes: 'Fiebre desde ayer; aislamiento en casa.',
    } as unknown as TriageFields
    const proposed = triageOf(fields, BIRTH).classification
    const triage = await send(recorder, 'POST', `/api/covid/medic-consultation/${patientId}`, {
      id: uuidv7(),
      ...fields,
      proposed_classification: proposed,
      classification: proposed,
    })
    expect(triage.status).toBe(200)
    const reading = (path: string, body: object) =>
      send(recorder, 'POST', `/api/operation/patients/${path}`, {
        id: uuidv7(),
        patient_id: patientId,
        note: null,
        ...body,
      })
    for (const [path, body] of [
      // The last minute of 30 November in central Mexico: in the period there, December in UTC.
      ['blood-pressure', { taken_at: '2026-12-01T05:59:00.000Z', systolic: 128, diastolic: 84 }],
      ['glucose', { taken_at: '2026-11-12T14:00:00.000Z', glucose: 142, moment: 'fasting' }],
      ['somatometry', { taken_at: '2026-11-14T14:00:00.000Z', weight_kg: 81.5, height_m: 1.7 }],
      ['nutritions', { taken_at: '2026-11-14T20:00:00.000Z', meals: [], water_ml: 1500 }],
    ] as const) {
      expect((await reading(path, body)).status, path).toBe(200)
    }
  })
  afterAll(() => t.close())

  /** The patient's rows as the device holds them: what the change feed brought. */
  const deviceRows = async () => {
    const page = await withTenant(t.database.db, acmeId, (tx) =>
      changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 5000),
    )
    const ofPatient = page.changes.filter((change) => change.data?.patient_id === patientId)
    const data = <T>(entities: string[]) =>
      ofPatient
        .filter((change) => entities.includes(change.entity))
        .map((change) => ({ ...change.data, kind: change.entity }) as unknown as T)
    return {
      consultations: data<EvolutionConsultation>(['encounter']),
      triages: data<EvolutionTriage>(['covid-consultation']),
      readings: data<EvolutionReading>(['blood-pressure', 'glucose', 'somatometry', 'nutrition']),
    }
  }

  describe('the chart data', () => {
    it("answers the period's measures and consultations, as the device works them out from its rows", async () => {
      const answer = await chart(novemberOf(patientId))
      expect(answer.status).toBe(200)
      const { data } = answer
      expect(data.series.systolic.map((point: { value: number }) => point.value)).toEqual([138, 128])
      expect(data.series.temperature_c).toEqual([
        expect.objectContaining({ at: '2026-11-10T15:00:00.000Z', value: 38.4, source: 'triage' }),
        expect.objectContaining({ at: '2026-11-18T16:00:00.000Z', value: 37.8, source: 'consultation' }),
      ])
      expect(data.series.glucose.map((point: { value: number }) => point.value)).toEqual([142])
      expect(data.series.bmi.map((point: { value: number }) => point.value)).toEqual([28.2, 25.7])
      expect(
        data.consultations.map((mark: { source: string; type: string | null }) => [mark.source, mark.type]),
      ).toEqual([
        ['triage', null],
        ['consultation', 'follow_up'],
      ])
      const device = evolutionChartData(await deviceRows(), {
        from: '2026-11-01',
        to: '2026-11-30',
        timeZone: MEXICO,
      })
      expect(data).toEqual(device)
    })

    it('reads the days in the time zone asked (the server’s when none is)', async () => {
      const utc = await chart(novemberOf(patientId, 'UTC'))
      // The blood pressure of 1 December 05:59 UTC belongs to December there.
      expect(utc.data.series.systolic.map((point: { value: number }) => point.value)).toEqual([138])
      const serverZone = await chart(`patient_id=${patientId}&from=2026-11-01&to=2026-11-30`)
      expect(serverZone.data.time_zone).toBe(MEXICO)
      expect(serverZone.data.series.systolic).toHaveLength(2)
      const october = await chart(`patient_id=${patientId}&from=2026-10-01&to=2026-10-31`)
      expect(october.data.consultations).toEqual([
        expect.objectContaining({ at: '2026-10-20T16:00:00.000Z', source: 'consultation', type: 'initial' }),
      ])
    })

    it('is audited against the patient with the period', async () => {
      await chart(novemberOf(patientId))
      const entries = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.action, 'patient-evolution.chart')),
      )
      expect(entries.at(-1)).toMatchObject({
        entity: 'patient',
        entityId: patientId,
        details: { from: '2026-11-01', to: '2026-11-30', time_zone: MEXICO },
      })
    })

    it('refuses a period that ends before it starts and a bad id, per field in Spanish and English (422)', async () => {
      const backwards = await chart(`patient_id=${patientId}&from=2026-11-30&to=2026-11-01`)
      expect(backwards.status).toBe(422)
      expect(backwards.errors).toEqual({ to: ['La fecha inicial debe ser anterior o igual a la final.'] })
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/operation/patients/chart-data?patient_id=nope&from=2026-02-30&to=2026-03-01',
        headers: { ...doctor, 'accept-language': 'en' },
      })
      expect(answer.statusCode).toBe(422)
      expect(Object.keys(answer.json().errors).sort()).toEqual(['from', 'patient_id'])
    })

    it('needs a session (401) and the permission (403)', async () => {
      expect((await chart(novemberOf(patientId), anonymous)).status).toBe(401)
      expect((await chart(novemberOf(patientId), nobody)).status).toBe(403)
    })

    it("hides another tenant's patients and, from a professional, the unassigned ones (404)", async () => {
      expect((await chart(novemberOf(patientId), intruder)).status).toBe(404)
      expect((await chart(novemberOf(globexPatientId))).status).toBe(404)
      expect((await chart(novemberOf(unassignedId), assigned)).status).toBe(404)
      expect((await chart(novemberOf(patientId), assigned)).status).toBe(200)
      expect((await chart(novemberOf(uuidv7()))).status).toBe(404)
    })
  })

  describe('the evolution notes', () => {
    it("lists every consultation's note and the triage's, newest first, as the device does", async () => {
      const answer = await notes(patientId)
      expect(answer.status).toBe(200)
      expect(
        answer.data.map((note: { source: string; at: string }) => [note.source, note.at.slice(0, 10)]),
      ).toEqual([
        ['consultation', '2026-11-18'],
        ['triage', '2026-11-10'],
        ['consultation', '2026-10-20'],
      ])
      expect(answer.data[0]).toMatchObject({
        type: 'follow_up',
        diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda' }],
        plan: 'Hidratación, reposo relativo y paracetamol.',
        author: { name: expect.stringContaining('Ricardo') },
      })
      expect(answer.data[1]).toMatchObject({
        notes: 'Fiebre desde ayer; aislamiento en casa.',
        triage_status: 'suspicious',
      })
      expect(answer.data).toEqual(evolutionNotes(await deviceRows()))
    })

    it('is audited, and refuses the anonymous (401), the unpermitted (403), bad ids (422) and the unreachable (404)', async () => {
      await notes(patientId)
      const entries = await withTenant(t.database.db, acmeId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.action, 'patient-evolution.notes')),
      )
      expect(entries.at(-1)).toMatchObject({ entity: 'patient', entityId: patientId })
      expect((await notes(patientId, anonymous)).status).toBe(401)
      expect((await notes(patientId, nobody)).status).toBe(403)
      const bad = await notes('nope')
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.errors)).toEqual(['id'])
      expect((await notes(patientId, intruder)).status).toBe(404)
      expect((await notes(unassignedId, assigned)).status).toBe(404)
      expect((await notes(patientId, assigned)).status).toBe(200)
    })
  })
})
