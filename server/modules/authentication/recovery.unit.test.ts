import { describe, expect, it } from 'vitest'
import { isPasswordExpired } from './accounts'
import { maskEmail, newResetCode, normalizeAnswer } from './recovery'

describe('recovery helpers', () => {
  it('compares answers without case, accents or extra spaces', () => {
    expect(normalizeAnswer('  José   PÉREZ ')).toBe('jose perez')
    expect(normalizeAnswer('Querétaro')).toBe(normalizeAnswer('QUERETARO'))
    expect(normalizeAnswer('Ñoño')).toBe('nono')
  })

  it('masks the address a code goes to', () => {
    expect(maskEmail('lucia.mendoza@demo.mx')).toBe('l***a@demo.mx')
    expect(maskEmail('al@demo.mx')).toBe('a***@demo.mx')
  })

  it('makes six-digit codes, zeros included', () => {
    for (let i = 0; i < 200; i++) expect(newResetCode()).toMatch(/^\d{6}$/)
  })

  it('expires a password after the tenant’s months, or at once when someone else set it', () => {
    const now = new Date('2026-11-22T12:00:00Z')
    const changed = (iso: string) => ({ passwordChangedAt: iso, mustChangePassword: false })
    expect(isPasswordExpired(changed('2020-01-01T00:00:00Z'), 0, now)).toBe(false)
    expect(isPasswordExpired(changed('2026-10-23T12:00:00Z'), 1, now)).toBe(false)
    expect(isPasswordExpired(changed('2026-10-21T12:00:00Z'), 1, now)).toBe(true)
    expect(isPasswordExpired(changed('2026-05-21T12:00:00Z'), 6, now)).toBe(true)
    expect(
      isPasswordExpired({ passwordChangedAt: now.toISOString(), mustChangePassword: true }, 0, now),
    ).toBe(true)
  })
})
