import * as v from 'valibot'

const Username = v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(254), v.toLowerCase())

/** The login form of SPEC §3: the username is an e-mail or an employee number, sent lowercased. */
export const LoginForm = v.object({
  username: Username,
  password: v.pipe(v.string(), v.nonEmpty('field.required'), v.maxLength(256)),
  business: v.optional(v.pipe(v.string(), v.maxLength(250))),
  rememberUser: v.boolean(),
})
export type LoginForm = v.InferOutput<typeof LoginForm>

/** The body of POST /login (SPEC §7): `email` repeats the username. */
export const LoginRequest = v.object({
  username: Username,
  email: v.optional(v.pipe(v.string(), v.maxLength(254), v.toLowerCase())),
  password: v.pipe(v.string(), v.nonEmpty('field.required'), v.maxLength(256)),
  business: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(250)))),
  is_need_business: v.optional(v.boolean()),
})
export type LoginRequest = v.InferOutput<typeof LoginRequest>
