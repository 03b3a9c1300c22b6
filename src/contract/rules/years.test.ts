import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { HistoryYear, isDateOfRangeYear, isYearInRange } from './years'

describe('years of SPEC §5', () => {
  const now = new Date('2026-11-23T12:00:00Z')

  it('run from 1920 to the current year', () => {
    expect(isYearInRange(1920, now)).toBe(true)
    expect(isYearInRange(2026, now)).toBe(true)
    expect(isYearInRange(1919, now)).toBe(false)
    expect(isYearInRange(2027, now)).toBe(false)
    expect(isYearInRange(1990.5, now)).toBe(false)
  })

  it('bound the year of a date', () => {
    expect(isDateOfRangeYear('1920-01-01', now)).toBe(true)
    expect(isDateOfRangeYear('1919-12-31', now)).toBe(false)
    expect(isDateOfRangeYear('2027-01-01', now)).toBe(false)
  })

  it('give the message key through the shared schema', () => {
    expect(v.safeParse(HistoryYear, 1850).issues?.[0]?.message).toBe('field.year')
    expect(v.parse(HistoryYear, 2001)).toBe(2001)
  })
})
