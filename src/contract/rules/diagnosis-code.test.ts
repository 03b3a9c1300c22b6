import { describe, expect, it } from 'vitest'
import { diagnosisCodePrefix } from './diagnosis-code'

describe('diagnosisCodePrefix', () => {
  it('reads codes with or without the dot and DGIS’s X, in any case', () => {
    expect(diagnosisCodePrefix('i10x')).toBe('I10')
    expect(diagnosisCodePrefix(' A00.9 ')).toBe('A009')
    expect(diagnosisCodePrefix('e1')).toBe('E1')
    expect(diagnosisCodePrefix('J')).toBe('J')
  })

  it('takes words as words', () => {
    expect(diagnosisCodePrefix('asma')).toBeNull()
    expect(diagnosisCodePrefix('E11 diabetes')).toBeNull()
    expect(diagnosisCodePrefix('')).toBeNull()
  })
})
