import { describe, expect, it } from 'vitest'
import { examBuckets, examDueOf, examDueStates, latestExamDays } from './periodic-exams'

const today = '2026-06-15'

describe('the periodic exams buckets', () => {
  const patients = [
    { id: 'applied', hire_date: null, exam_frequency: '1-year' },
    { id: 'soon0', hire_date: null, exam_frequency: '1-year' },
    { id: 'soon10', hire_date: null, exam_frequency: '1-year' },
    { id: 'late1', hire_date: null, exam_frequency: '1-year' },
    { id: 'never', hire_date: null, exam_frequency: '1-year' },
    { id: 'hired-late', hire_date: '2025-01-01', exam_frequency: '1-year' },
    { id: 'out', hire_date: null, exam_frequency: '1-year' },
  ]
  const exams = [
    { patient_id: 'applied', examined_on: '2025-06-26' }, // due in 11 days
    { patient_id: 'applied', examined_on: '2024-01-01' },
    { patient_id: 'soon0', examined_on: '2025-06-15' }, // due today
    { patient_id: 'soon10', examined_on: '2025-06-25' }, // due in 10 days
    { patient_id: 'late1', examined_on: '2025-06-14' }, // a day late
    { patient_id: 'late1', examined_on: '2026-06-01', deleted_at: '2026-06-02T00:00:00Z' },
  ]
  const scope = new Set(patients.filter((p) => p.id !== 'out').map((p) => p.id))

  it('reads each patient’s latest live exam', () => {
    expect(latestExamDays(exams).get('late1')).toBe('2025-06-14')
    expect(latestExamDays(exams).get('applied')).toBe('2025-06-26')
  })

  it('puts the 10-day window’s edges where the rule does', () => {
    const latest = latestExamDays(exams)
    const due = patients.map((p) => ({ id: p.id, ...examDueOf(p, latest.get(p.id) ?? null) }))
    const states = examDueStates(due, scope, today)
    expect(Object.fromEntries(states)).toEqual({
      applied: 'applied',
      soon0: 'due_soon',
      soon10: 'due_soon',
      late1: 'expired',
      never: 'never_examined',
      'hired-late': 'expired',
    })
    expect(examBuckets(states)).toEqual({ applied: 1, due_soon: 2, expired: 2, never_examined: 1 })
  })
})
