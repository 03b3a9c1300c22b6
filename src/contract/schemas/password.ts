import * as v from 'valibot'

/** SPEC §5 / §9: at least 8 characters with upper case, lower case, a number and a special character. */
export const PASSWORD_MIN_LENGTH = 8

export const passwordRules = {
  length: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  upper: (p: string) => /\p{Lu}/u.test(p),
  lower: (p: string) => /\p{Ll}/u.test(p),
  number: (p: string) => /\d/.test(p),
  special: (p: string) => /[^\p{L}\d\s]/u.test(p),
} as const
export type PasswordRule = keyof typeof passwordRules

/** The rules a password still breaks, for the strength hints under a password field. */
export const brokenPasswordRules = (password: string): PasswordRule[] =>
  (Object.keys(passwordRules) as PasswordRule[]).filter((rule) => !passwordRules[rule](password))

export const NewPassword = v.pipe(
  v.string(),
  v.nonEmpty('field.required'),
  v.maxLength(256),
  v.check((p) => brokenPasswordRules(p).length === 0, 'password.weak'),
)

const newPasswordEntries = {
  password: NewPassword,
  password_confirmation: v.pipe(v.string(), v.nonEmpty('field.required'), v.maxLength(256)),
}

type PasswordPair = { password: string; password_confirmation: string }

/**
 * A new password and its confirmation beside `entries`; a mismatch is reported on the
 * confirmation field. (valibot cannot type a path check over generic entries, hence the cast.)
 */
export function passwordPair<E extends v.ObjectEntries>(entries: E) {
  const mismatch = v.forward(
    v.partialCheck<
      PasswordPair,
      [['password'], ['password_confirmation']],
      PasswordPair,
      'password.mismatch'
    >(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      'password.mismatch',
    ),
    ['password_confirmation'],
  )
  const shape = v.object({ ...entries, ...newPasswordEntries })
  return v.pipe(
    shape,
    mismatch as unknown as v.BaseValidation<
      v.InferOutput<typeof shape>,
      v.InferOutput<typeof shape>,
      v.BaseIssue<unknown>
    >,
  )
}
