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

  it('gives the month of a day', () => {
    expect(monthOf('2026-12-31')).toBe('2026-12')
  })
})
