import { describe, expect, it } from 'vitest'
import { ageOn } from './age'

describe('age in completed years', () => {
  it('turns a year older on the birthday, not the day before', () => {
    expect(ageOn('1985-03-12', '2026-03-11')).toBe(40)
    expect(ageOn('1985-03-12', '2026-03-12')).toBe(41)
    expect(ageOn('1985-03-12', '2026-11-23')).toBe(41)
  })

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageOn('2004-02-29', '2026-02-28')).toBe(21)
    expect(ageOn('2004-02-29', '2026-03-01')).toBe(22)
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24)
  })

  it('is zero in the first year of life', () => {
    expect(ageOn('2026-01-15', '2026-11-23')).toBe(0)
    expect(ageOn('2025-11-24', '2026-11-23')).toBe(0)
  })
})
