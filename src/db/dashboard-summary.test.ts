import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import type { NewTriageConsultation } from '../sync/covid-mutators'
import { createTriageConsultation } from '../sync/covid-mutators'
import { createEncounter, type NewEncounter, updateEncounter } from '../sync/encounter-mutators'
import { createPatient, updatePatient } from '../sync/mutators'
import { applyChanges } from '../sync/pull'
import { aDevice, aPatient, CURPS } from '../sync/test-fixtures'
import { dashboardSummaryTables, packDashboardSummaries } from './dashboard-summary'
import { localDbName, openLocalDb } from './local-db'
import { readSummaries } from './summary-packs'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-00000000d001'
const ENCOUNTER = '0193a7f2-5b1e-7c3d-8e4f-00000000d101'
const REASON = '0193a7f2-5b1e-7c3d-8e4f-00000000d201'
const RESPIRATORY = '0193a7f2-5b1e-7c3d-8e4f-00000000d301'
const ENDOCRINE = '0193a7f2-5b1e-7c3d-8e4f-00000000d302'
const SUBLABEL = '0193a7f2-5b1e-7c3d-8e4f-00000000d401'
const DISABILITY = '0193a7f2-5b1e-7c3d-8e4f-00000000d501'
const TYPE = '0193a7f2-5b1e-7c3d-8e4f-00000000d601'

const aConsultation = (patientId: string, overrides: Partial<NewEncounter> = {}): NewEncounter => ({
  patient_id: patientId,
  type: 'initial',
  started_at: '2026-11-20T16:30:00.000Z',
  modality: 'on_site',
  reason_id: REASON,
  diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }],
  ...overrides,
})

const aTriage = (
  patientId: string,
  overrides: Partial<NewTriageConsultation> = {},
): NewTriageConsultation => ({
  patient_id: patientId,
  consulted_at: '2026-11-24T15:30:00.000Z',
  status: 'observation',
  temperature_c: 36.8,
  oximetry: 97,
  systolic: 120,
  heart_rate: 76,
  respiratory_rate: 16,
  supplemental_oxygen: 'room-air',
  consciousness: 'alert',
  classification: 'low',
  pregnancy: true,
  // Pregnancy is a risk factor: the rule proposes more than the professional chose.
  override_reason: 'Embarazo controlado, sin síntomas.',
  ...overrides,
})

/** A consultation as the feed carries it. */
const pulledEncounter = (id: string, patientId: string, version = 1) => ({
  entity: 'encounter' as const,
  id,
  op: 'upsert' as const,
  version,
  data: {
    id,
    patient_id: patientId,
    started_at: '2026-10-02T15:00:00.000Z',
    diagnoses: [{ code: 'E119', name: 'Diabetes mellitus tipo 2', affected_system_id: ENDOCRINE }],
    prescription: [],
    prescriber: null,
  },
})

/** A disability as the feed carries it (the fields the dashboard reads). */
const pulledDisability = (id: string, patientId: string, version = 1) => ({
  entity: 'disability' as const,
  id,
  op: 'upsert' as const,
  version,
  data: {
    id,
    patient_id: patientId,
    type_id: TYPE,
    start_date: '2026-11-20',
    end_date: '2026-11-26',
    assigned_days: 7,
    cause: 'Esguince de tobillo',
    reason: 'Reposo',
  },
})

const pulledPatient = (id: string, sublabels: string[] = [SUBLABEL]) => ({
  entity: 'patient' as const,
  id,
  op: 'upsert' as const,
  version: 1,
  data: { id, name: 'Rosa', last_name: 'López', curp: CURPS.ana, special_sublabel_ids: sublabels },
})

describe('the dashboard’s summary', () => {
  it('follows the mutators: a patient, a consultation recorded and amended, a triage consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    expect(await db.dashboardSummaries.get(patient.id)).toEqual({
      patient_id: patient.id,
      present: true,
      special_sublabel_ids: [],
      consultations: [],
      triage: [],
      disabilities: [],
    })
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    // Recorded in one transaction with the summary: there at once, not a moment later.
    expect((await db.dashboardSummaries.get(patient.id))?.consultations).toEqual([
      {
        id: encounter.id,
        started_at: '2026-11-20T16:30:00.000Z',
        diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }],
      },
    ])
    await updateEncounter(db, ctx, encounter.id, {
      diagnoses: [{ code: 'E119', name: 'Diabetes mellitus tipo 2', affected_system_id: ENDOCRINE }],
    })
    expect((await db.dashboardSummaries.get(patient.id))?.consultations[0]?.diagnoses).toEqual([
      { code: 'E119', name: 'Diabetes mellitus tipo 2', affected_system_id: ENDOCRINE },
    ])
    const triage = await createTriageConsultation(db, ctx, aTriage(patient.id))
    expect((await db.dashboardSummaries.get(patient.id))?.triage).toEqual([
      { id: triage.id, consulted_at: '2026-11-24T15:30:00.000Z', status: 'observation', pregnancy: true },
    ])
  })

  it('follows a patient edited in a transaction of the patients alone, keeping the records it held', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    await updatePatient(db, ctx, patient.id, { special_sublabel_ids: [SUBLABEL] })
    await vi.waitFor(async () =>
      expect(await db.dashboardSummaries.get(patient.id)).toMatchObject({
        present: true,
        special_sublabel_ids: [SUBLABEL],
        consultations: [expect.objectContaining({ id: encounter.id })],
      }),
    )
  })

  it('follows the feed: records before their patient are kept uncounted; a deleted patient leaves a row only for their records', async () => {
    const { db } = aDevice()
    await applyChanges(db, { changes: [pulledEncounter(ENCOUNTER, PATIENT)], cursor: '1', hasMore: false })
    expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({
      present: false,
      consultations: [expect.objectContaining({ id: ENCOUNTER })],
    })
    await applyChanges(db, { changes: [pulledPatient(PATIENT)], cursor: '2', hasMore: false })
    expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({
      present: true,
      special_sublabel_ids: [SUBLABEL],
      consultations: [expect.objectContaining({ id: ENCOUNTER })],
    })
    await applyChanges(db, {
      changes: [{ ...pulledEncounter(ENCOUNTER, PATIENT, 2), op: 'delete', data: null }],
      cursor: '3',
      hasMore: false,
    })
    expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({ present: true, consultations: [] })
    await applyChanges(db, {
      changes: [{ entity: 'patient', id: PATIENT, op: 'delete', version: 2, data: null }],
      cursor: '4',
      hasMore: false,
    })
    expect(await db.dashboardSummaries.get(PATIENT)).toBeUndefined()
  })

  it('follows the feed’s disabilities: live ones kept, a deleted one dropped', async () => {
    const { db } = aDevice()
    await applyChanges(db, {
      changes: [pulledPatient(PATIENT), pulledDisability(DISABILITY, PATIENT)],
      cursor: '1',
      hasMore: false,
    })
    expect((await db.dashboardSummaries.get(PATIENT))?.disabilities).toEqual([
      { id: DISABILITY, type_id: TYPE, start_date: '2026-11-20', end_date: '2026-11-26' },
    ])
    await applyChanges(db, {
      changes: [{ ...pulledDisability(DISABILITY, PATIENT, 2), op: 'delete', data: null }],
      cursor: '2',
      hasMore: false,
    })
    expect((await db.dashboardSummaries.get(PATIENT))?.disabilities).toEqual([])
  })

  it('leaves out consultations without a diagnosis: they count in no figure', async () => {
    const { db } = aDevice()
    await applyChanges(db, {
      changes: [
        pulledPatient(PATIENT),
        {
          ...pulledEncounter(ENCOUNTER, PATIENT),
          data: { ...pulledEncounter(ENCOUNTER, PATIENT).data, diagnoses: [] },
        },
      ],
      cursor: '1',
      hasMore: false,
    })
    expect((await db.dashboardSummaries.get(PATIENT))?.consultations).toEqual([])
  })

  it('is read from its packs and the rows changed since; a cleared table computes every row again', async () => {
    const { db, ctx } = aDevice()
    const first = await createPatient(db, ctx, aPatient())
    const second = await createPatient(
      db,
      ctx,
      aPatient({ curp: CURPS.juan, name: 'Juan', payroll_number: 'N020001' }),
    )
    await packDashboardSummaries(db)
    expect(await readSummaries(dashboardSummaryTables(db))).toMatchObject({ unpacked: 0 })
    const encounter = await createEncounter(db, ctx, aConsultation(second.id))
    const read = await readSummaries(dashboardSummaryTables(db))
    expect(read.unpacked).toBe(1)
    expect(read.rows.map((row) => [row.patient_id, row.consultations.map((c) => c.id)]).sort()).toEqual(
      [
        [first.id, []],
        [second.id, [encounter.id]],
      ].sort(),
    )
    await db.encounters.clear()
    const cleared = await readSummaries(dashboardSummaryTables(db))
    expect(cleared.unpacked).toBe(0)
    expect(cleared.rows.map((row) => row.consultations)).toEqual([[], []])
  })

  it('is built on version 19 from the rows a version-17 device holds, packed', async () => {
    const userId = 'doctor-upgrade-17'
    const old = new Dexie(localDbName('demo', userId))
    old.version(17).stores({
      patients: 'id, curp, [sortName+id]',
      encounters: 'id, patient_id, [patient_id+started_at], syncState',
      covidConsultations: 'id, patient_id, [patient_id+consulted_at], syncState',
    })
    await old.table('patients').add({ ...pulledPatient(PATIENT).data, version: 1, syncState: 'synced' })
    await old.table('encounters').bulkAdd([
      { ...pulledEncounter(ENCOUNTER, PATIENT).data, version: 1, syncState: 'synced' },
      {
        ...pulledEncounter('e-2', PATIENT).data,
        version: 1,
        syncState: 'pending',
        deleted_at: '2026-10-03T10:00:00.000Z',
      },
    ])
    old.close()

    const db = openLocalDb({ tenant: 'demo', userId })
    try {
      expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({
        present: true,
        special_sublabel_ids: [SUBLABEL],
        consultations: [expect.objectContaining({ id: ENCOUNTER })],
      })
      expect(await readSummaries(dashboardSummaryTables(db))).toMatchObject({
        rows: [expect.objectContaining({ patient_id: PATIENT })],
        unpacked: 0,
      })
    } finally {
      await db.delete()
    }
  })
})
