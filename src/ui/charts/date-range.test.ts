import { describe, expect, it } from 'vitest'
import { inDayRange, rangeBounds } from './date-range'

const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour)

describe('the chart periods', () => {
  it('counts today as the last of the 7 and 30 days', () => {
    expect(rangeBounds('7d', at(2026, 11, 23))).toEqual({ from: '2026-11-17', to: '2026-11-23' })
    expect(rangeBounds('30d', at(2026, 11, 23))).toEqual({ from: '2026-10-25', to: '2026-11-23' })
  })

  it('crosses months, years and leap days', () => {
    expect(rangeBounds('7d', at(2026, 3, 2))).toEqual({ from: '2026-02-24', to: '2026-03-02' })
    expect(rangeBounds('7d', at(2028, 3, 2))).toEqual({ from: '2028-02-25', to: '2028-03-02' })
    expect(rangeBounds('30d', at(2027, 1, 10))).toEqual({ from: '2026-12-12', to: '2027-01-10' })
  })

  it('goes three calendar months back, to the end of a shorter month', () => {
    expect(rangeBounds('3m', at(2026, 11, 23))).toEqual({ from: '2026-08-23', to: '2026-11-23' })
    expect(rangeBounds('3m', at(2026, 5, 31))).toEqual({ from: '2026-02-28', to: '2026-05-31' })
    expect(rangeBounds('3m', at(2028, 5, 31))).toEqual({ from: '2028-02-29', to: '2028-05-31' })
    expect(rangeBounds('3m', at(2027, 1, 15))).toEqual({ from: '2026-10-15', to: '2027-01-15' })
  })

  it('goes six and twelve calendar months back for the evolution, across years and leap days', () => {
    expect(rangeBounds('6m', at(2026, 11, 23))).toEqual({ from: '2026-05-23', to: '2026-11-23' })
    expect(rangeBounds('6m', at(2026, 8, 31))).toEqual({ from: '2026-02-28', to: '2026-08-31' })
    expect(rangeBounds('6m', at(2027, 2, 10))).toEqual({ from: '2026-08-10', to: '2027-02-10' })
    expect(rangeBounds('1y', at(2026, 11, 23))).toEqual({ from: '2025-11-23', to: '2026-11-23' })
    // A year back from 29 February is the last day of the shorter February.
    expect(rangeBounds('1y', at(2028, 2, 29))).toEqual({ from: '2027-02-28', to: '2028-02-29' })
  })

  it('uses the local day whatever the hour', () => {
    expect(rangeBounds('7d', at(2026, 11, 23, 0))).toEqual(rangeBounds('7d', at(2026, 11, 23, 23)))
  })

  it('takes the days picked, in order, and the last 30 days until both are picked', () => {
    const now = at(2026, 11, 23)
    expect(rangeBounds('custom', now, { from: '2026-01-05', to: '2026-02-01' })).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    })
    expect(rangeBounds('custom', now, { from: '2026-02-01', to: '2026-01-05' })).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    })
    expect(rangeBounds('custom', now, { from: '2026-02-01', to: '2026-02-01' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-01',
    })
    expect(rangeBounds('custom', now, { from: '2026-02-01' })).toEqual(rangeBounds('30d', now))
  })

  it('holds a reading on the first and the last day, not the days around them', () => {
    const range = { from: '2026-11-17', to: '2026-11-23' }
    expect(inDayRange(at(2026, 11, 17, 0).toISOString(), range)).toBe(true)
    expect(inDayRange(new Date(2026, 10, 23, 23, 59).toISOString(), range)).toBe(true)
    expect(inDayRange(new Date(2026, 10, 16, 23, 59).toISOString(), range)).toBe(false)
    expect(inDayRange(at(2026, 11, 24, 0).toISOString(), range)).toBe(false)
    expect(inDayRange('not a date', range)).toBe(false)
  })
})
