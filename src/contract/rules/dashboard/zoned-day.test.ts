import { describe, expect, it } from 'vitest'
import { monthOf, zonedDay } from './zoned-day'

describe('zonedDay', () => {
  it('reads the day in the zone, not in UTC', () => {
    // 05:59 UTC is 23:59 the day before in Mexico City (UTC−6 since 2022).
    expect(zonedDay('2026-03-02T05:59:00Z', 'America/Mexico_City')).toBe('2026-03-01')
    expect(zonedDay('2026-03-02T06:00:00Z', 'America/Mexico_City')).toBe('2026-03-02')
    expect(zonedDay('2026-03-02T05:59:00Z', 'UTC')).toBe('2026-03-02')
  })

  it('takes instants with an offset and in milliseconds alike', () => {
    expect(zonedDay('2026-03-01T23:30:00-06:00', 'America/Mexico_City')).toBe('2026-03-01')
    expect(zonedDay(Date.parse('2026-03-01T23:30:00-06:00'), 'America/Mexico_City')).toBe('2026-03-01')
  })

  it('keeps half-hour zones right at the quarter hour (cache buckets are quarter hours)', () => {
    // India is UTC+05:30: 18:29 UTC is 23:59, 18:30 UTC is midnight.
    expect(zonedDay('2026-03-01T18:29:59Z', 'Asia/Kolkata')).toBe('2026-03-01')
    expect(zonedDay('2026-03-01T18:30:00Z', 'Asia/Kolkata')).toBe('2026-03-02')
  })

  it('follows the day the clocks change, to the quarter hour', () => {
    // New York springs forward at 07:00 UTC on 2026-03-08 (02:00 EST → 03:00 EDT).
    expect(zonedDay('2026-03-08T04:59:59Z', 'America/New_York')).toBe('2026-03-07')
    expect(zonedDay('2026-03-08T05:00:00Z', 'America/New_York')).toBe('2026-03-08')
    expect(zonedDay('2026-03-09T03:59:59Z', 'America/New_York')).toBe('2026-03-08')
    expect(zonedDay('2026-03-09T04:00:00Z', 'America/New_York')).toBe('2026-03-09')
    // Lord Howe Island moves its clocks by half an hour (UTC+11 → UTC+10:30 on 2026-04-05).
    expect(zonedDay('2026-04-04T12:59:59Z', 'Australia/Lord_Howe')).toBe('2026-04-04')
    expect(zonedDay('2026-04-04T13:00:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05')
    expect(zonedDay('2026-04-05T13:29:59Z', 'Australia/Lord_Howe')).toBe('2026-04-05')
    expect(zonedDay('2026-04-05T13:30:00Z', 'Australia/Lord_Howe')).toBe('2026-04-06')
    // Kathmandu is UTC+05:45.
    expect(zonedDay('2026-03-01T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-03-01')
    expect(zonedDay('2026-03-01T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-03-02')
  })

  it('agrees with Intl at every quarter hour of a year with two clock changes', () => {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    const start = Date.parse('2026-01-01T00:00:00Z')
    for (let ms = start; ms < start + 365 * 86_400_000; ms += 900_000 * 7) {
      expect(zonedDay(ms, 'Europe/Madrid')).toBe(format.format(ms))
      expect(zonedDay(ms + 899_999, 'Europe/Madrid')).toBe(format.format(ms + 899_999))
    }
  })

  it('gives the month of a day', () => {
    expect(monthOf('2026-12-31')).toBe('2026-12')
  })
})
