import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import type { NewTriageConsultation } from '../sync/covid-mutators'
import { createTriageConsultation } from '../sync/covid-mutators'
import { createEncounter, type NewEncounter, updateEncounter } from '../sync/encounter-mutators'
import { createPatient, updatePatient } from '../sync/mutators'
import { applyChanges } from '../sync/pull'
import { aDevice, aPatient, CURPS } from '../sync/test-fixtures'
import {
  type MonthRange,
  packDashboardConsultations,
  readDashboardConsultations,
} from './dashboard-consultations'
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

describe('the dashboard’s rows', () => {
  it('follow the mutators: a patient as the rules read them, a consultation recorded and amended, a triage consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(
      db,
      ctx,
      aPatient({ exam_frequency: '1-year', biological_sex: 'female' }),
    )
    expect(await db.dashboardSummaries.get(patient.id)).toEqual({
      patient_id: patient.id,
      patient: {
        id: patient.id,
        name: 'María Guadalupe González Martínez',
        subgroups: [],
        special_sublabel_ids: [],
        hire_date: null,
        exam_frequency: '1-year',
        birth_date: '1985-03-17',
        biological_sex: 'female',
        occupational_risks: [],
      },
      doses: [],
      last_exam_on: null,
      // Never examined and no hire date: no exam owed yet.
      exam_due_day: null,
      triage: [],
      disabilities: [],
    })
    const encounter = await createEncounter(db, ctx, aConsultation(patient.id))
    // Recorded in one transaction with the dashboard's rows: there at once, not a moment later.
    expect(await db.dashboardConsultations.get(encounter.id)).toEqual({
      id: encounter.id,
      patient_id: patient.id,
      started_at: '2026-11-20T16:30:00.000Z',
      month: '2026-11',
      diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }],
    })
    await updateEncounter(db, ctx, encounter.id, {
      started_at: '2026-10-31T23:00:00-06:00',
      diagnoses: [{ code: 'E119', name: 'Diabetes mellitus tipo 2', affected_system_id: ENDOCRINE }],
    })
    // 23:00 in central Mexico is the next day in UTC: the row moves to November's pack.
    expect(await db.dashboardConsultations.get(encounter.id)).toMatchObject({
      month: '2026-11',
      diagnoses: [{ code: 'E119', name: 'Diabetes mellitus tipo 2', affected_system_id: ENDOCRINE }],
    })
    const triage = await createTriageConsultation(db, ctx, aTriage(patient.id))
    expect((await db.dashboardSummaries.get(patient.id))?.triage).toEqual([
      { id: triage.id, consulted_at: '2026-11-24T15:30:00.000Z', status: 'observation', pregnancy: true },
    ])
  })

  it('follow a patient edited in a transaction of the patients alone, keeping the records they held', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const triage = await createTriageConsultation(db, ctx, aTriage(patient.id))
    await updatePatient(db, ctx, patient.id, { special_sublabel_ids: [SUBLABEL] })
    await vi.waitFor(async () =>
      expect(await db.dashboardSummaries.get(patient.id)).toMatchObject({
        patient: expect.objectContaining({ special_sublabel_ids: [SUBLABEL] }),
        triage: [expect.objectContaining({ id: triage.id })],
      }),
    )
  })

  it('follow the feed: records before their patient are kept uncounted; a deleted patient leaves a row only for their records', async () => {
    const { db } = aDevice()
    await applyChanges(db, {
      changes: [pulledDisability(DISABILITY, PATIENT), pulledEncounter(ENCOUNTER, PATIENT)],
      cursor: '1',
      hasMore: false,
    })
    expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({
      patient: null,
      disabilities: [{ id: DISABILITY, type_id: TYPE, start_date: '2026-11-20', end_date: '2026-11-26' }],
    })
    expect(await db.dashboardConsultations.get(ENCOUNTER)).toMatchObject({
      patient_id: PATIENT,
      month: '2026-10',
    })
    await applyChanges(db, { changes: [pulledPatient(PATIENT)], cursor: '2', hasMore: false })
    expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({
      patient: expect.objectContaining({ name: 'Rosa López', special_sublabel_ids: [SUBLABEL] }),
      disabilities: [expect.objectContaining({ id: DISABILITY })],
    })
    await applyChanges(db, {
      changes: [
        { ...pulledDisability(DISABILITY, PATIENT, 2), op: 'delete', data: null },
        { ...pulledEncounter(ENCOUNTER, PATIENT, 2), op: 'delete', data: null },
      ],
      cursor: '3',
      hasMore: false,
    })
    expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({ disabilities: [] })
    expect(await db.dashboardConsultations.get(ENCOUNTER)).toBeUndefined()
    await applyChanges(db, {
      changes: [{ entity: 'patient', id: PATIENT, op: 'delete', version: 2, data: null }],
      cursor: '4',
      hasMore: false,
    })
    expect(await db.dashboardSummaries.get(PATIENT)).toBeUndefined()
  })

  it('leave out consultations without a diagnosis: they count in no figure', async () => {
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
    expect(await db.dashboardConsultations.count()).toBe(0)
  })

  it('are read from their packs and the rows changed since; a cleared table computes every row again', async () => {
    const { db, ctx } = aDevice()
    const first = await createPatient(db, ctx, aPatient())
    const second = await createPatient(
      db,
      ctx,
      aPatient({ curp: CURPS.juan, name: 'Juan', payroll_number: 'N020001' }),
    )
    const october = await createEncounter(
      db,
      ctx,
      aConsultation(first.id, { started_at: '2026-10-05T16:00:00.000Z' }),
    )
    await packDashboardSummaries(db)
    await packDashboardConsultations(db)
    expect(await readSummaries(dashboardSummaryTables(db))).toMatchObject({ unpacked: 0 })
    const november = await createEncounter(db, ctx, aConsultation(second.id))
    const ids = async (range: { from: string | null; to: string | null }) => {
      const read = await readDashboardConsultations(db, range)
      return { ids: read.rows.map((row) => row.id).sort(), unpacked: read.unpacked }
    }
    expect(await ids({ from: null, to: null })).toEqual({
      ids: [october.id, november.id].sort(),
      unpacked: 1,
    })
    expect(await ids({ from: '2026-11', to: '2026-12' })).toEqual({ ids: [november.id], unpacked: 1 })
    expect(await ids({ from: null, to: '2026-10' })).toEqual({ ids: [october.id], unpacked: 1 })
    await db.encounters.clear()
    expect(await ids({ from: null, to: null })).toEqual({ ids: [], unpacked: 0 })
    await db.periodicExams.clear()
    const cleared = await readSummaries(dashboardSummaryTables(db))
    expect(cleared.unpacked).toBe(0)
    expect(cleared.rows.map((row) => row.patient?.id).sort()).toEqual([first.id, second.id].sort())
  })

  it('keep a month’s consultations unpacked across readings until the month is packed again', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const october = await createEncounter(
      db,
      ctx,
      aConsultation(patient.id, { started_at: '2026-10-05T16:00:00.000Z' }),
    )
    await createEncounter(db, ctx, aConsultation(patient.id))
    await packDashboardConsultations(db)
    const read = async (range: MonthRange = { from: '2026-10', to: '2026-10' }) =>
      (await readDashboardConsultations(db, range)).rows
    const [first] = await read()
    // The same month read again (alone, or with another): the very rows, not parsed again, and
    // its pack not read again either (the months and packings come from the keys).
    const packsRead = vi.spyOn(db.dashboardConsultationPacks, 'bulkGet')
    expect((await read())[0]).toBe(first)
    expect(packsRead).not.toHaveBeenCalled()
    expect((await read({ from: null, to: null })).find((row) => row.id === october.id)).toBe(first)
    expect(packsRead).toHaveBeenCalledTimes(1)
    expect(packsRead.mock.calls[0]?.[0]).toEqual(['2026-11'])
    packsRead.mockRestore()
    // Amended and packed again: the month's new packing is read.
    await updateEncounter(db, ctx, october.id, {
      diagnoses: [{ code: 'E119', name: 'Diabetes mellitus tipo 2', affected_system_id: ENDOCRINE }],
    })
    await packDashboardConsultations(db)
    const [amended] = await read()
    expect(amended).not.toBe(first)
    expect(amended?.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['E119'])
    // A pack written before packings were named is parsed at every reading.
    const pack = await db.dashboardConsultationPacks.get('2026-10')
    await db.dashboardConsultationPacks.put({ month: '2026-10', rows: pack?.rows ?? '[]' })
    const [unnamed] = await read()
    expect(unnamed).toEqual(amended)
    expect((await read())[0]).not.toBe(unnamed)
  })

  it('are built on version 19 from the rows a version-18 device holds, packed', async () => {
    const userId = 'doctor-upgrade-18'
    const old = new Dexie(localDbName('demo', userId))
    old.version(18).stores({
      patients: 'id, curp, [sortName+id]',
      encounters: 'id, patient_id, [patient_id+started_at], syncState',
      covidConsultations: 'id, patient_id, [patient_id+consulted_at], syncState',
      vaccinationRecords: 'id, patient_id, [patient_id+applied_on], vaccine_id, syncState',
      periodicExams: 'id, patient_id, [patient_id+examined_on], syncState',
      disabilities: 'id, patient_id, [patient_id+start_date], start_date, end_date, syncState',
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
    await old
      .table('disabilities')
      .add({ ...pulledDisability(DISABILITY, PATIENT).data, version: 1, syncState: 'synced' })
    old.close()

    const db = openLocalDb({ tenant: 'demo', userId })
    try {
      expect(await db.dashboardSummaries.get(PATIENT)).toMatchObject({
        patient: expect.objectContaining({ special_sublabel_ids: [SUBLABEL] }),
        disabilities: [expect.objectContaining({ id: DISABILITY })],
      })
      expect(await readSummaries(dashboardSummaryTables(db))).toMatchObject({ unpacked: 0 })
      expect(await readDashboardConsultations(db, { from: null, to: null })).toEqual({
        rows: [expect.objectContaining({ id: ENCOUNTER, month: '2026-10' })],
        unpacked: 0,
      })
    } finally {
      await db.delete()
    }
  })
})
