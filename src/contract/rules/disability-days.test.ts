import { describe, expect, it } from 'vitest'
import {
  assignedDays,
  type DisabilitySpan,
  disabilityDaysProblem,
  lostDaySlices,
  lostDaysByPatient,
  lostDaysByTypeAndMonth,
} from './disability-days'

const span = (
  id: string,
  start_date: string,
  end_date: string,
  more: Partial<DisabilitySpan> = {},
): DisabilitySpan => ({
  id,
  patient_id: 'p1',
  type_id: 'initial',
  start_date,
  end_date,
  ...more,
})

describe('assigned days', () => {
  it('counts both the first and the last day', () => {
    expect(assignedDays('2026-03-03', '2026-03-05')).toBe(3)
  })

  it('gives one day to a disability that starts and ends the same day', () => {
    expect(assignedDays('2026-03-03', '2026-03-03')).toBe(1)
  })

  it('gives nothing when the end is the day before the start', () => {
    expect(assignedDays('2026-03-03', '2026-03-02')).toBeNull()
  })

  it('counts across a leap day and a change of year', () => {
    expect(assignedDays('2028-02-28', '2028-03-01')).toBe(3)
    expect(assignedDays('2026-12-31', '2027-01-01')).toBe(2)
  })

  it('is not moved by a daylight-saving change', () => {
    expect(assignedDays('2026-03-07', '2026-03-09')).toBe(3)
    expect(assignedDays('2026-10-31', '2026-11-02')).toBe(3)
  })
})

describe('the dates and assigned days of a disability', () => {
  it('accepts days that agree with the dates', () => {
    expect(
      disabilityDaysProblem({ start_date: '2026-03-03', end_date: '2026-03-05', assigned_days: 3 }),
    ).toBeNull()
  })

  it('names end_date when the end is before the start', () => {
    expect(
      disabilityDaysProblem({ start_date: '2026-03-03', end_date: '2026-03-02', assigned_days: 1 }),
    ).toEqual({
      field: 'end_date',
      message: 'disability.endBeforeStart',
    })
  })

  it('names assigned_days when they are one off the dates', () => {
    expect(
      disabilityDaysProblem({ start_date: '2026-03-03', end_date: '2026-03-05', assigned_days: 2 }),
    ).toEqual({
      field: 'assigned_days',
      message: 'disability.assignedDaysMismatch',
    })
    expect(
      disabilityDaysProblem({ start_date: '2026-03-03', end_date: '2026-03-05', assigned_days: 4 })?.field,
    ).toBe('assigned_days')
  })
})

describe('lost days', () => {
  it('counts overlapping disabilities of a patient once', () => {
    const totals = lostDaysByPatient([
      span('a', '2026-03-01', '2026-03-10'),
      span('b', '2026-03-08', '2026-03-12'),
    ])
    expect(totals.get('p1')).toBe(12)
  })

  it('counts a disability inside another one nothing more', () => {
    const totals = lostDaysByPatient([
      span('a', '2026-03-01', '2026-03-31'),
      span('b', '2026-03-05', '2026-03-06'),
    ])
    expect(totals.get('p1')).toBe(31)
  })

  it('counts back-to-back disabilities in full', () => {
    const totals = lostDaysByPatient([
      span('a', '2026-03-01', '2026-03-03'),
      span('b', '2026-03-04', '2026-03-04'),
    ])
    expect(totals.get('p1')).toBe(4)
  })

  it('keeps patients apart: the same days of two patients are two losses', () => {
    const totals = lostDaysByPatient([
      span('a', '2026-03-01', '2026-03-02'),
      span('b', '2026-03-01', '2026-03-02', { patient_id: 'p2' }),
    ])
    expect(totals.get('p1')).toBe(2)
    expect(totals.get('p2')).toBe(2)
  })

  it('splits a disability crossing months by month', () => {
    expect(lostDaySlices([span('a', '2026-01-30', '2026-02-02')])).toEqual([
      { patient_id: 'p1', type_id: 'initial', month: '2026-01', days: 2 },
      { patient_id: 'p1', type_id: 'initial', month: '2026-02', days: 2 },
    ])
  })

  it('splits a disability crossing a year by month', () => {
    expect(lostDaySlices([span('a', '2026-12-31', '2027-01-01')]).map((s) => [s.month, s.days])).toEqual([
      ['2026-12', 1],
      ['2027-01', 1],
    ])
  })

  it('counts only the days within the period, both ends included', () => {
    const period = { from: '2026-02-01', to: '2026-02-28' }
    expect(lostDaysByPatient([span('a', '2026-01-25', '2026-02-03')], period).get('p1')).toBe(3)
    expect(lostDaysByPatient([span('a', '2026-02-28', '2026-03-03')], period).get('p1')).toBe(1)
    expect(lostDaysByPatient([span('a', '2026-03-01', '2026-03-03')], period).get('p1')).toBeUndefined()
  })

  it('counts an overlap once even when the first disability started before the period', () => {
    const period = { from: '2026-03-05', to: '2026-03-31' }
    const totals = lostDaysByPatient(
      [span('a', '2026-03-01', '2026-03-10'), span('b', '2026-03-06', '2026-03-12')],
      period,
    )
    expect(totals.get('p1')).toBe(8)
  })

  it('gives an overlap to the disability that started first, so types add up to the days away', () => {
    const graph = lostDaysByTypeAndMonth([
      span('a', '2026-03-01', '2026-03-10', { type_id: 'initial' }),
      span('b', '2026-03-09', '2026-03-12', { type_id: 'relapse' }),
    ])
    expect(graph).toEqual([
      { type_id: 'initial', month: '2026-03', days: 10 },
      { type_id: 'relapse', month: '2026-03', days: 2 },
    ])
  })

  it('adds patients together in the graph', () => {
    const graph = lostDaysByTypeAndMonth([
      span('a', '2026-03-01', '2026-03-02'),
      span('b', '2026-03-01', '2026-03-03', { patient_id: 'p2' }),
    ])
    expect(graph).toEqual([{ type_id: 'initial', month: '2026-03', days: 5 }])
  })

  it('counts nothing for a disability whose end is before its start', () => {
    expect(lostDaySlices([span('a', '2026-03-05', '2026-03-01')])).toEqual([])
  })
})
