import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { IsoDay, IsoInstant, isCalendarDay, isCalendarInstant } from './calendar'

describe('calendar days', () => {
  it('take the days that exist, leap days included', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDay(day), day).toBe(true)
    }
  })

  it('refuse impossible days, months and the year 0', () => {
    for (const day of [
      '2026-02-29',
      '1900-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '26-01-01',
    ]) {
      expect(isCalendarDay(day), day).toBe(false)
    }
  })

  it('validate dates and instants of the contract', () => {
    expect(v.is(IsoDay, '2026-11-23')).toBe(true)
    expect(v.is(IsoDay, '2026-02-30')).toBe(false)
    expect(v.is(IsoInstant, '2026-11-23T08:40:00Z')).toBe(true)
    expect(v.is(IsoInstant, '2026-11-23T08:40:00.123-06:00')).toBe(true)
    expect(v.is(IsoInstant, '2026-02-30T08:40:00Z')).toBe(false)
    expect(v.is(IsoInstant, `2026-11-23T08:40:00.${'1'.repeat(100)}Z`)).toBe(false)
  })

  it('refuse an offset no time zone has', () => {
    expect(isCalendarInstant('2026-11-23T08:40:00+14:00')).toBe(true)
    expect(isCalendarInstant('2026-11-23T08:40:00-12:00')).toBe(true)
    expect(isCalendarInstant('2026-11-23T08:40:00+23:00')).toBe(false)
    expect(isCalendarInstant('2026-11-23T08:40:00-1500')).toBe(false)
  })
})
