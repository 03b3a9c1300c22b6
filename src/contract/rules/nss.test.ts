import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { buildNss, isValidNss, Nss, nssCheckDigit } from './nss'

describe('NSS', () => {
  it('accepts a real NSS and computes its check digit', () => {
    expect(isValidNss('92919084431')).toBe(true)
    expect(nssCheckDigit('9291908443')).toBe('1')
  })

  it('refuses a wrong check digit, letters and the wrong length', () => {
    expect(isValidNss('92919084432')).toBe(false)
    expect(isValidNss('9291908443A')).toBe(false)
    expect(isValidNss('9291908443')).toBe(false)
  })

  it('builds numbers that validate', () => {
    const nss = buildNss({ subdelegation: 32, registrationYear: 12, birthYear: 90, serial: 4567 })
    expect(nss.slice(0, 10)).toBe('3212904567')
    expect(isValidNss(nss)).toBe(true)
  })

  it('gives the message key through the shared schema', () => {
    expect(v.safeParse(Nss, '12345678901').issues?.[0]?.message).toBe('nss.invalid')
  })
})
