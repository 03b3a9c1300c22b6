import { describe, expect, it } from 'vitest'
import {
  addMonths,
  countExamDueStates,
  DEFAULT_EXAM_FREQUENCY_MONTHS,
  DUE_SOON_DAYS,
  dayNumber,
  examDue,
  frequencyMonths,
  nextExamDue,
} from './periodic-exam-due'

const today = '2026-11-26'

describe('frequencyMonths', () => {
  it('reads the months from the examination-frequencies codes', () => {
    expect(frequencyMonths('6-months')).toBe(6)
    expect(frequencyMonths('1-year')).toBe(12)
    expect(frequencyMonths('2-years')).toBe(24)
    expect(frequencyMonths('3-month')).toBe(3)
  })

  it('takes a year for a missing, zero or unknown code', () => {
    expect(frequencyMonths(null)).toBe(DEFAULT_EXAM_FREQUENCY_MONTHS)
    expect(frequencyMonths('')).toBe(12)
    expect(frequencyMonths('0-months')).toBe(12)
    expect(frequencyMonths('weekly')).toBe(12)
  })
})

describe('addMonths', () => {
  it('keeps the day of the month', () => {
    expect(addMonths('2026-05-14', 6)).toBe('2026-11-14')
    expect(addMonths('2025-11-26', 12)).toBe('2026-11-26')
  })

  it('clamps to the last day of a shorter month, leap years included', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
  })

  it('crosses years both ways of December', () => {
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15')
    expect(addMonths('2026-07-01', 18)).toBe('2028-01-01')
  })
})

describe('examDue with an exam', () => {
  const yearly = (lastExamOn: string) => examDue({ lastExamOn, frequency: '1-year', hireDate: null }, today)

  it('is applied when the next exam is more than 10 days away', () => {
    expect(yearly('2026-03-01')).toEqual({ state: 'applied', dueOn: '2027-03-01', daysLeft: 95 })
    // 11 days left: one past the window.
    expect(yearly('2025-12-07')).toMatchObject({ state: 'applied', daysLeft: DUE_SOON_DAYS + 1 })
  })

  it('is due soon exactly 10 days ahead (the window is inclusive)', () => {
    expect(yearly('2025-12-06')).toEqual({ state: 'due_soon', dueOn: '2026-12-06', daysLeft: 10 })
  })

  it('is due soon on the due day itself', () => {
    expect(yearly('2025-11-26')).toEqual({ state: 'due_soon', dueOn: today, daysLeft: 0 })
  })

  it('is expired the day after the due day', () => {
    expect(yearly('2025-11-25')).toEqual({ state: 'expired', dueOn: '2026-11-25', daysLeft: -1 })
  })

  it('follows a change of frequency: the same exam, due sooner at a shorter one', () => {
    const exam = { lastExamOn: '2026-03-01', hireDate: '2020-01-15' }
    expect(examDue({ ...exam, frequency: '1-year' }, today).state).toBe('applied')
    expect(examDue({ ...exam, frequency: '6-months' }, today)).toEqual({
      state: 'expired',
      dueOn: '2026-09-01',
      daysLeft: -86,
    })
    expect(examDue({ ...exam, frequency: '2-years' }, today).dueOn).toBe('2028-03-01')
  })

  it('counts today from the number given for long runs', () => {
    const due = examDue(
      { lastExamOn: '2025-12-01', frequency: null, hireDate: null },
      today,
      dayNumber(today),
    )
    expect(due).toEqual({ state: 'due_soon', dueOn: '2026-12-01', daysLeft: 5 })
  })
})

describe('examDue without an exam', () => {
  it('is never examined when there is no hire date', () => {
    expect(examDue({ lastExamOn: null, frequency: '1-year', hireDate: null }, today)).toEqual({
      state: 'never_examined',
      dueOn: null,
      daysLeft: null,
    })
  })

  it('is never examined while the first exam after hiring is more than 10 days away', () => {
    expect(examDue({ lastExamOn: null, frequency: '6-months', hireDate: '2026-10-01' }, today)).toEqual({
      state: 'never_examined',
      dueOn: '2027-04-01',
      daysLeft: 126,
    })
  })

  it('is due soon within 10 days of the first exam after hiring, and expired past it', () => {
    const hired = (hireDate: string) => examDue({ lastExamOn: null, frequency: '1-year', hireDate }, today)
    expect(hired('2025-12-06')).toMatchObject({ state: 'due_soon', daysLeft: 10 })
    expect(hired('2025-11-26')).toMatchObject({ state: 'due_soon', daysLeft: 0 })
    expect(hired('2025-11-25')).toMatchObject({ state: 'expired', daysLeft: -1 })
  })
})

describe('nextExamDue and countExamDueStates', () => {
  it('gives the next due day at the patient frequency', () => {
    expect(nextExamDue('2026-11-26', '6-months')).toBe('2027-05-26')
  })

  it('counts every bucket, empty ones included', () => {
    const dues = [
      examDue({ lastExamOn: '2026-06-01', frequency: '1-year', hireDate: null }, today),
      examDue({ lastExamOn: '2025-01-01', frequency: '1-year', hireDate: null }, today),
      examDue({ lastExamOn: '2025-01-01', frequency: '1-year', hireDate: null }, today),
      examDue({ lastExamOn: null, frequency: null, hireDate: null }, today),
    ]
    expect(countExamDueStates(dues)).toEqual({ applied: 1, due_soon: 0, expired: 2, never_examined: 1 })
  })
})
