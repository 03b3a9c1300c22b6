import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMonthDay, formatTime } from './format-date'

describe('the one way dates and times are shown (SPEC §9)', () => {
  const morning = new Date(2026, 10, 5, 7, 5)

  it('writes dates as YYYY/MM/DD and times as HH:MM, 24 hours', () => {
    expect(formatDate(morning)).toBe('2026/11/05')
    expect(formatTime(morning)).toBe('07:05')
    expect(formatTime(new Date(2026, 10, 5, 19, 40))).toBe('19:40')
    expect(formatDateTime(morning.getTime())).toBe('2026/11/05 07:05')
    expect(formatMonthDay(morning)).toBe('11/05')
  })

  it('reads a plain ISO day as that day whatever the time zone', () => {
    expect(formatDate('2026-01-01')).toBe('2026/01/01')
    expect(formatDate(morning.toISOString())).toBe('2026/11/05')
  })
})
