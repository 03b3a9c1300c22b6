import { describe, expect, it } from 'vitest'
import { createPatient } from '../sync/mutators'
import { createPeriodicExam, deletePeriodicExam } from '../sync/periodic-exam-mutators'
import { aDevice, aPatient, CURPS } from '../sync/test-fixtures'
import { periodicExamDueList } from './periodic-exam-due'

const SUBGROUP = '0193a7e2-5b1c-7d4e-8f00-0000000000c1'

describe('the periodic exams’ due list on the device', () => {
  it('puts every cached patient in the state of the contract’s rule, from their latest live exam', async () => {
    const { db, ctx } = aDevice()
    const due = await createPatient(db, ctx, aPatient({ exam_frequency: '1-year', subgroups: [SUBGROUP] }))
    const never = await createPatient(
      db,
      ctx,
      aPatient({ curp: CURPS.juan, name: 'Juan', payroll_number: 'N020001', exam_frequency: '1-year' }),
    )
    const exam = { condition: 'compliant' as const, observations: null, recommendations: null }
    // A year ago less five days: due within the 10 days; an older exam does not count.
    await createPeriodicExam(db, ctx, { ...exam, patient_id: due.id, examined_on: '2024-11-01' })
    await createPeriodicExam(db, ctx, {
      ...exam,
      patient_id: due.id,
      examined_on: '2025-12-01',
      condition: 'fails',
    })
    const summary = await db.periodicExamSummaries.get(due.id)
    expect([summary?.last_exam_on, summary?.last_condition]).toEqual(['2025-12-01', 'fails'])
    const { rows } = await periodicExamDueList(db, '2026-11-26')
    expect(rows.map((row) => [row.patient_id, row.state, row.due_on, row.days_left])).toEqual([
      [due.id, 'due_soon', '2026-12-01', 5],
      [never.id, 'never_examined', null, null],
    ])
    expect((await periodicExamDueList(db, '2026-11-26', { subgroup: SUBGROUP })).rows).toHaveLength(1)
    expect((await periodicExamDueList(db, '2026-11-26', { states: ['never_examined'] })).rows).toHaveLength(1)
    expect((await periodicExamDueList(db, '2026-11-26', { search: 'n020001' })).rows).toHaveLength(1)
  })

  it('leaves out an exam deleted on this device before the server has heard of the delete', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient({ exam_frequency: '1-year' }))
    const fields = {
      patient_id: patient.id,
      condition: 'compliant' as const,
      observations: null,
      recommendations: null,
    }
    await createPeriodicExam(db, ctx, { ...fields, examined_on: '2026-01-10' })
    const newest = await createPeriodicExam(db, ctx, { ...fields, examined_on: '2026-10-01' })
    await deletePeriodicExam(db, ctx, newest.id)
    const {
      rows: [row],
    } = await periodicExamDueList(db, '2026-11-26')
    expect(row?.last_exam_on).toBe('2026-01-10')
    expect(row?.last_id).not.toBe(newest.id)
  })
})
