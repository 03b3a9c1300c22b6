import { describe, expect, it } from 'vitest'
import { admissionAgeProblem } from './admission-ranges'

describe('admissionAgeProblem', () => {
  it('accepts a candidate on the day of the 8th birthday, refuses the day before', () => {
    expect(admissionAgeProblem('2018-11-26', '2026-11-26')).toBeNull()
    expect(admissionAgeProblem('2018-11-27', '2026-11-26')).toBe('admissionExam.ageOutOfRange')
  })

  it('accepts a candidate of 99, refuses one on the 100th birthday', () => {
    expect(admissionAgeProblem('1926-11-27', '2026-11-26')).toBeNull()
    expect(admissionAgeProblem('1926-11-26', '2026-11-26')).toBe('admissionExam.ageOutOfRange')
  })

  it('judges nothing without a birth date', () => {
    expect(admissionAgeProblem(null, '2026-11-26')).toBeNull()
  })
})
