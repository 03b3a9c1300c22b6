import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { createPatient, updatePatient } from '../sync/mutators'
import { amendPeriodicExam, createPeriodicExam, deletePeriodicExam } from '../sync/periodic-exam-mutators'
import { applyChanges } from '../sync/pull'
import { aDevice, aPatient, CURPS } from '../sync/test-fixtures'
import { localDbName, openLocalDb } from './local-db'
import { periodicExamDueList } from './periodic-exam-due'
import { packPeriodicExamSummaries, periodicExamSummaryTables } from './periodic-exam-summary'
import { readSummaries } from './summary-packs'

const SUBGROUP = '0193a7e2-5b1c-7d4e-8f00-0000000000c1'
const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-00000000e001'
const EXAM = '0193a7f2-5b1e-7c3d-8e4f-00000000e101'
const anExam = { condition: 'compliant' as const, observations: null, recommendations: null }

/** A periodic exam as the feed carries it. */
const pulledExam = (id: string, patientId: string, examinedOn: string, version = 1) => ({
  entity: 'periodic-exam' as const,
  id,
  op: 'upsert' as const,
  version,
  data: { id, patient_id: patientId, examined_on: examinedOn, condition: 'fails', clinical_exams: [] },
})

const pulledPatient = (id: string) => ({
  entity: 'patient' as const,
  id,
  op: 'upsert' as const,
  version: 1,
  data: {
    id,
    name: 'Rosa',
    last_name: 'López',
    curp: CURPS.ana,
    payroll_number: 'N000777',
    exam_frequency: '1-year',
    hire_date: '2020-02-01',
    subgroups: [SUBGROUP],
  },
})

describe('the periodic exams’ due list’s summary', () => {
  it('follows the mutators: a patient, an exam recorded, amended to an earlier day, and deleted', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(
      db,
      ctx,
      aPatient({ exam_frequency: '1-year', subgroups: [SUBGROUP] }),
    )
    expect(await db.periodicExamSummaries.get(patient.id)).toEqual({
      patient_id: patient.id,
      patient: expect.objectContaining({ id: patient.id, curp: CURPS.guadalupe, exam_frequency: '1-year' }),
      subgroups: [SUBGROUP],
      last_id: null,
      last_exam_on: null,
      last_condition: null,
    })
    const older = await createPeriodicExam(db, ctx, {
      ...anExam,
      patient_id: patient.id,
      examined_on: '2025-06-01',
    })
    const newer = await createPeriodicExam(db, ctx, {
      ...anExam,
      patient_id: patient.id,
      examined_on: '2026-03-01',
      condition: 'fails',
    })
    expect(await db.periodicExamSummaries.get(patient.id)).toMatchObject({
      last_id: newer.id,
      last_exam_on: '2026-03-01',
      last_condition: 'fails',
    })
    // Amended to a day before the other exam: the other is the latest now.
    await amendPeriodicExam(db, ctx, newer.id, { examined_on: '2025-01-10' })
    expect(await db.periodicExamSummaries.get(patient.id)).toMatchObject({
      last_id: older.id,
      last_exam_on: '2025-06-01',
    })
    await deletePeriodicExam(db, ctx, older.id)
    expect(await db.periodicExamSummaries.get(patient.id)).toMatchObject({
      last_id: newer.id,
      last_exam_on: '2025-01-10',
    })
  })

  it('follows a patient edited in a transaction of the patients alone, right after it commits', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient({ exam_frequency: '1-year' }))
    const exam = await createPeriodicExam(db, ctx, {
      ...anExam,
      patient_id: patient.id,
      examined_on: '2026-01-05',
    })
    await updatePatient(db, ctx, patient.id, { name: 'Lupita', exam_frequency: '6-months' })
    await vi.waitFor(async () =>
      expect(await db.periodicExamSummaries.get(patient.id)).toMatchObject({
        patient: expect.objectContaining({ name: 'Lupita', exam_frequency: '6-months' }),
        // The patient's own write keeps the latest exam the row held.
        last_id: exam.id,
        last_exam_on: '2026-01-05',
      }),
    )
  })

  it('follows the feed: an exam before its patient is kept unlisted, then listed; a deleted patient leaves the list', async () => {
    const { db } = aDevice()
    await applyChanges(db, {
      changes: [pulledExam(EXAM, PATIENT, '2026-02-01')],
      cursor: '1',
      hasMore: false,
    })
    expect(await db.periodicExamSummaries.get(PATIENT)).toMatchObject({ patient: null, last_id: EXAM })
    expect((await periodicExamDueList(db, '2026-11-26')).rows).toEqual([])
    await applyChanges(db, { changes: [pulledPatient(PATIENT)], cursor: '2', hasMore: false })
    const [row] = (await periodicExamDueList(db, '2026-11-26')).rows
    expect(row).toMatchObject({
      patient_id: PATIENT,
      name: 'Rosa López',
      payroll_number: 'N000777',
      last_exam_on: '2026-02-01',
      last_condition: 'fails',
      last_id: EXAM,
      state: 'applied',
      due_on: '2027-02-01',
      subgroups: [SUBGROUP],
    })
    await applyChanges(db, {
      changes: [{ ...pulledExam(EXAM, PATIENT, '2026-02-01', 2), op: 'delete', data: null }],
      cursor: '3',
      hasMore: false,
    })
    // No exam left: due from the hire date, long expired.
    expect((await periodicExamDueList(db, '2026-11-26')).rows[0]).toMatchObject({
      last_id: null,
      state: 'expired',
    })
    await applyChanges(db, {
      changes: [{ entity: 'patient', id: PATIENT, op: 'delete', version: 2, data: null }],
      cursor: '4',
      hasMore: false,
    })
    expect(await db.periodicExamSummaries.get(PATIENT)).toBeUndefined()
  })

  it('states follow the date without a write: the same rows read on another day', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient({ exam_frequency: '1-year' }))
    await createPeriodicExam(db, ctx, { ...anExam, patient_id: patient.id, examined_on: '2025-12-01' })
    expect((await periodicExamDueList(db, '2026-11-01')).rows[0]?.state).toBe('applied')
    expect((await periodicExamDueList(db, '2026-11-26')).rows[0]?.state).toBe('due_soon')
    expect((await periodicExamDueList(db, '2026-12-02')).rows[0]?.state).toBe('expired')
  })

  it('is read from its packs and the rows changed since; a cleared table computes every row again, packed', async () => {
    const { db, ctx } = aDevice()
    const first = await createPatient(db, ctx, aPatient({ exam_frequency: '1-year' }))
    const second = await createPatient(
      db,
      ctx,
      aPatient({ curp: CURPS.juan, name: 'Juan', payroll_number: 'N020001', exam_frequency: '2-years' }),
    )
    expect((await readSummaries(periodicExamSummaryTables(db))).unpacked).toBe(2)
    await packPeriodicExamSummaries(db)
    expect(await readSummaries(periodicExamSummaryTables(db))).toMatchObject({ unpacked: 0 })
    expect(await db.periodicExamSummaryPacks.count()).toBe(1)
    const exam = await createPeriodicExam(db, ctx, {
      ...anExam,
      patient_id: second.id,
      examined_on: '2026-05-05',
    })
    const read = await readSummaries(periodicExamSummaryTables(db))
    expect(read.unpacked).toBe(1)
    expect(read.rows.map((row) => [row.patient_id, row.last_id]).sort()).toEqual(
      [
        [first.id, null],
        [second.id, exam.id],
      ].sort(),
    )
    await db.periodicExams.clear()
    const cleared = await readSummaries(periodicExamSummaryTables(db))
    expect(cleared.unpacked).toBe(0)
    expect(cleared.rows.map((row) => row.last_id)).toEqual([null, null])
  })

  it('is built on version 17 from the rows a version-15 device holds, packed', async () => {
    const userId = 'nurse-upgrade-15'
    const old = new Dexie(localDbName('demo', userId))
    old.version(15).stores({
      patients: 'id, curp, [sortName+id]',
      periodicExams:
        'id, patient_id, [patient_id+examined_on], [patient_id+examined_on+condition], syncState',
    })
    await old.table('patients').add({ ...pulledPatient(PATIENT).data, version: 1, syncState: 'synced' })
    await old.table('periodicExams').bulkAdd([
      { ...pulledExam('x-1', PATIENT, '2025-02-01').data, version: 1, syncState: 'synced' },
      { ...pulledExam('x-2', PATIENT, '2026-02-01').data, version: 1, syncState: 'synced' },
      {
        ...pulledExam('x-3', PATIENT, '2026-09-01').data,
        version: 1,
        syncState: 'pending',
        deleted_at: '2026-09-02T10:00:00.000Z',
      },
    ])
    old.close()

    const db = openLocalDb({ tenant: 'demo', userId })
    try {
      expect(await db.periodicExamSummaries.get(PATIENT)).toMatchObject({
        patient: expect.objectContaining({ name: 'Rosa', hire_date: '2020-02-01' }),
        last_id: 'x-2',
        last_exam_on: '2026-02-01',
      })
      expect(await readSummaries(periodicExamSummaryTables(db))).toMatchObject({
        rows: [expect.objectContaining({ patient_id: PATIENT })],
        unpacked: 0,
      })
    } finally {
      await db.delete()
    }
  })
})
