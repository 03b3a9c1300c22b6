import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { brokenPasswordRules, NewPassword, PASSWORD_MIN_LENGTH, passwordPair } from './password'

const issuesOf = (result: { issues?: readonly v.BaseIssue<unknown>[] }) =>
  (result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message])

describe('the password policy (SPEC §5)', () => {
  it('names each rule a password still breaks', () => {
    expect(brokenPasswordRules('')).toEqual(['length', 'upper', 'lower', 'number', 'special'])
    expect(brokenPasswordRules('abcdefgh')).toEqual(['upper', 'number', 'special'])
    expect(brokenPasswordRules('ABCDEFG1!')).toEqual(['lower'])
    expect(brokenPasswordRules('Abcdefg!')).toEqual(['number'])
    expect(brokenPasswordRules('Abcdefg1')).toEqual(['special'])
    expect(brokenPasswordRules('Abcdef1!')).toEqual([])
  })

  it('needs at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(brokenPasswordRules('Abcde1!')).toEqual(['length'])
    expect(brokenPasswordRules('Abcdef1!')).toEqual([])
  })

  it('counts Spanish letters as letters, and a space as no special character', () => {
    expect(brokenPasswordRules('Ñandú#2026')).toEqual([])
    expect(brokenPasswordRules('ñandú#2026')).toEqual(['upper'])
    expect(brokenPasswordRules('Ñandú 2026')).toEqual(['special'])
  })

  it('accepts a strong password and refuses a weak or empty one with the keys the UI translates', () => {
    expect(v.safeParse(NewPassword, 'Prueba#2026').success).toBe(true)
    const messages = (input: string) => v.safeParse(NewPassword, input).issues?.map((issue) => issue.message)
    expect(messages('prueba')).toEqual(['password.weak'])
    expect(messages('')).toEqual(['field.required', 'password.weak'])
  })
})

describe('a new password and its confirmation', () => {
  const Pair = passwordPair({})

  it('passes when both match a strong password', () => {
    const result = v.safeParse(Pair, { password: 'Abcdef1!', password_confirmation: 'Abcdef1!' })
    expect(result.success).toBe(true)
  })

  it('reports a weak password on password', () => {
    const weak = v.safeParse(Pair, { password: 'abc', password_confirmation: 'abc' })
    expect(issuesOf(weak)).toEqual([['password', 'password.weak']])
  })

  it('reports a mismatch on password_confirmation', () => {
    const mismatch = v.safeParse(Pair, { password: 'Abcdef1!', password_confirmation: 'Abcdef1?' })
    expect(issuesOf(mismatch)).toEqual([['password_confirmation', 'password.mismatch']])
  })

  it('reports an empty confirmation as required, on the confirmation field only', () => {
    const empty = v.safeParse(Pair, { password: 'Abcdef1!', password_confirmation: '' })
    const issues = issuesOf(empty)
    expect(issues[0]).toEqual(['password_confirmation', 'field.required'])
    expect(issues.every(([path]) => path === 'password_confirmation')).toBe(true)
  })

  it('reports the mismatch beside the other fields’ issues', () => {
    const Update = passwordPair({ current_password: v.pipe(v.string(), v.nonEmpty('field.required')) })
    const result = v.safeParse(Update, {
      current_password: '',
      password: 'Abcdef1!',
      password_confirmation: 'Abcdef1?',
    })
    expect(issuesOf(result)).toEqual([
      ['current_password', 'field.required'],
      ['password_confirmation', 'password.mismatch'],
    ])
  })
})
