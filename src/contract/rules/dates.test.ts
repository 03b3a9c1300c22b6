import { describe, expect, it } from 'vitest'
import { downloadDateStamp } from './dates'

describe('download names', () => {
  it('stamp the day as DD_MM_YYYY', () => {
    expect(downloadDateStamp(new Date(2026, 10, 22))).toBe('22_11_2026')
    expect(downloadDateStamp(new Date(2027, 0, 5))).toBe('05_01_2027')
  })
})
