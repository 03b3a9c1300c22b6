import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { brokenPasswordRules, passwordPair } from './password'

describe('the password policy (SPEC §5)', () => {
  it('names each rule a password still breaks', () => {
    expect(brokenPasswordRules('')).toEqual(['length', 'upper', 'lower', 'number', 'special'])
    expect(brokenPasswordRules('abcdefgh')).toEqual(['upper', 'number', 'special'])
    expect(brokenPasswordRules('Abcdef1!')).toEqual([])
    expect(brokenPasswordRules('Ñandú#2026')).toEqual([])
  })

  it('reports a weak password and a mismatched confirmation on their own fields', () => {
    const Pair = passwordPair({})
    const weak = v.safeParse(Pair, { password: 'abc', password_confirmation: 'abc' })
    expect(weak.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['password', 'password.weak']])
    const mismatch = v.safeParse(Pair, { password: 'Abcdef1!', password_confirmation: 'Abcdef1?' })
    expect(mismatch.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ['password_confirmation', 'password.mismatch'],
    ])
    expect(v.safeParse(Pair, { password: 'Abcdef1!', password_confirmation: 'Abcdef1!' }).success).toBe(true)
  })
})
