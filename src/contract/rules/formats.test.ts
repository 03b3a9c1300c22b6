import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DateText, isDateText, isoToDateText, PhoneText, TimeText } from './formats'

describe('the input formats of SPEC §5', () => {
  it('takes dates as YYYY/MM/DD that exist and gives ISO dates', () => {
    expect(isDateText('2026/02/28')).toBe(true)
    expect(isDateText('2024/02/29')).toBe(true)
    expect(isDateText('2026/02/29')).toBe(false)
    expect(isDateText('2026-02-28')).toBe(false)
    expect(isDateText('28/02/2026')).toBe(false)
    expect(v.parse(DateText, ' 2026/11/22 ')).toBe('2026-11-22')
    expect(isoToDateText('2026-11-22')).toBe('2026/11/22')
  })

  it('takes times as HH:MM', () => {
    expect(v.safeParse(TimeText, '07:05').success).toBe(true)
    expect(v.safeParse(TimeText, '23:59').success).toBe(true)
    expect(v.safeParse(TimeText, '24:00').success).toBe(false)
    expect(v.safeParse(TimeText, '7:05').success).toBe(false)
  })

  it('takes phones of 10 to 15 digits only', () => {
    expect(v.safeParse(PhoneText, '4421234567').success).toBe(true)
    expect(v.safeParse(PhoneText, '442123456').success).toBe(false)
    expect(v.safeParse(PhoneText, '442-123-4567').success).toBe(false)
    expect(v.safeParse(PhoneText, '1234567890123456').success).toBe(false)
  })
})
