import { describe, expect, it } from 'vitest'
import { ageOn } from './age'

describe('a patient’s age', () => {
  const today = new Date(2026, 10, 25)

  it('counts whole years, the birthday from its own day', () => {
    expect(ageOn('1985-11-25', today)).toBe(41)
    expect(ageOn('1985-11-26', today)).toBe(40)
    expect(ageOn('2000-02-29', today)).toBe(26)
  })

  it('is unknown without a date', () => {
    expect(ageOn(null, today)).toBeNull()
    expect(ageOn('', today)).toBeNull()
    expect(ageOn('2030-01-01', today)).toBeNull()
  })
})
