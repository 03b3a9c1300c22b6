import { describe, expect, it } from 'vitest'
import { checkRfc, rfcCheckDigit } from './rfc'

describe('RFC', () => {
  it('computes the check digit of a person’s RFC', () => {
    expect(rfcCheckDigit('GODE561231GR')).toBe('8')
    expect(checkRfc('GODE561231GR8')).toEqual({ validFormat: true, kind: 'person', checkDigitMatches: true })
  })

  it('recognises a company’s 12-character RFC', () => {
    const withoutDigit = 'ABC680524P7'
    const rfc = withoutDigit + rfcCheckDigit(withoutDigit)
    expect(checkRfc(rfc)).toEqual({ validFormat: true, kind: 'company', checkDigitMatches: true })
  })

  it('takes the generic RFCs as valid by definition', () => {
    expect(checkRfc('XAXX010101000').checkDigitMatches).toBe(true)
    expect(checkRfc('XEXX010101000').checkDigitMatches).toBe(true)
  })

  it('warns, without rejecting, when the check digit does not match', () => {
    expect(checkRfc('GODE561231GR9')).toEqual({ validFormat: true, kind: 'person', checkDigitMatches: false })
  })

  it('rejects a malformed RFC', () => {
    expect(checkRfc('GODE56123').validFormat).toBe(false)
  })
})
