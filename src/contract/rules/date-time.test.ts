import { describe, expect, it } from 'vitest'
import { dateTimeOfInstant, instantOfDateTime } from './date-time'

describe('a consultation’s date and time as the form takes them (SPEC §5)', () => {
  it('turns YYYY/MM/DD and HH:MM into an instant and back, on the device’s clock', () => {
    for (const [date, time] of [
      ['2026/11/20', '09:30'],
      ['2024/02/29', '00:00'],
      ['2026/12/31', '23:59'],
    ] as const) {
      const instant = instantOfDateTime(date, time)
      expect(instant, `${date} ${time}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/)
      expect(dateTimeOfInstant(instant as string)).toEqual({ date, time })
    }
    expect(instantOfDateTime(' 2026/11/20 ', ' 09:30 ')).toBe(instantOfDateTime('2026/11/20', '09:30'))
  })

  it('names no instant for a day or a time that does not exist', () => {
    expect(instantOfDateTime('2026/02/29', '10:00')).toBeNull()
    expect(instantOfDateTime('2026-11-20', '10:00')).toBeNull()
    expect(instantOfDateTime('2026/11/20', '24:00')).toBeNull()
    expect(instantOfDateTime('2026/11/20', '9:30')).toBeNull()
    expect(instantOfDateTime('', '')).toBeNull()
  })
})
