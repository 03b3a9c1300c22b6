import { describe, expect, it } from 'vitest'
import { isPasswordExpired } from './accounts'
import { maskEmail, newResetCode, normalizeAnswer } from './recovery'

describe('normalizeAnswer', () => {
  it('folds case, accents and runs of spaces', () => {
    expect(normalizeAnswer('  José   PÉREZ ')).toBe('jose perez')
    expect(normalizeAnswer('Querétaro')).toBe(normalizeAnswer('QUERETARO'))
    expect(normalizeAnswer('Ñoño')).toBe('nono')
    expect(normalizeAnswer('PINGÜINO')).toBe('pinguino')
    expect(normalizeAnswer('chiles\ten\nnogada')).toBe('chiles en nogada')
  })

  it('treats a precomposed and a decomposed accent alike', () => {
    const precomposed = 'Mich\u00e1n'
    const decomposed = 'Micha\u0301n'
    expect(normalizeAnswer(precomposed)).toBe(normalizeAnswer(decomposed))
  })

  it('keeps what tells answers apart: letters, digits and punctuation', () => {
    expect(normalizeAnswer('Calle 5')).not.toBe(normalizeAnswer('Calle 6'))
    expect(normalizeAnswer('San Luis')).not.toBe(normalizeAnswer('SanLuis'))
    expect(normalizeAnswer('O’Higgins')).toBe('o’higgins')
  })
})

describe('maskEmail', () => {
  it('shows the first and last letter of the local part and the whole domain', () => {
    expect(maskEmail('lucia.mendoza@demo.mx')).toBe('l***a@demo.mx')
    expect(maskEmail('ana@demo.mx')).toBe('a***a@demo.mx')
  })

  it('never shows a short local part whole', () => {
    expect(maskEmail('al@demo.mx')).toBe('a***@demo.mx')
    expect(maskEmail('a@demo.mx')).toBe('a***@demo.mx')
  })

  it('masks text without a domain', () => {
    expect(maskEmail('E0042')).toBe('E***2')
    expect(maskEmail('')).toBe('***')
  })
})

describe('newResetCode', () => {
  it('makes six-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 500 }, newResetCode)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    // 500 draws from a million values: repeats are rare, a constant would be all repeats.
    expect(new Set(codes).size).toBeGreaterThan(490)
  })
})

describe('isPasswordExpired', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  const changed = (iso: string) => ({ passwordChangedAt: iso, mustChangePassword: false })

  it('never expires with 0 months', () => {
    expect(isPasswordExpired(changed('2000-01-01T00:00:00Z'), 0, now)).toBe(false)
  })

  it('expires once the tenant’s months have passed', () => {
    expect(isPasswordExpired(changed('2026-10-23T12:00:00Z'), 1, now)).toBe(false)
    expect(isPasswordExpired(changed('2026-10-21T12:00:00Z'), 1, now)).toBe(true)
    expect(isPasswordExpired(changed('2026-05-21T12:00:00Z'), 6, now)).toBe(true)
    expect(isPasswordExpired(changed('2025-11-23T12:00:00Z'), 12, now)).toBe(false)
  })

  it('expires at once a password someone else set', () => {
    expect(
      isPasswordExpired({ passwordChangedAt: now.toISOString(), mustChangePassword: true }, 0, now),
    ).toBe(true)
  })
})
