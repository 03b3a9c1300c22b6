import * as v from 'valibot'

/** SPEC §4 / §9: a token with 60 minutes or fewer remaining counts as expired. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 60 * 60

/** The claims of the access token the client reads (DESIGN §6). */
export const AccessTokenClaims = v.object({
  sub: v.string(),
  tenant: v.nullable(v.string()),
  exp: v.number(),
  is_password_expired: v.boolean(),
  show_notice_of_privacy: v.boolean(),
  is_landlord: v.boolean(),
})
export type AccessTokenClaims = v.InferOutput<typeof AccessTokenClaims>

/** The user in session (SPEC §3 Session user): permission names equal route names. */
export const SessionUser = v.object({
  uuid: v.string(),
  name: v.string(),
  last_name: v.string(),
  email: v.string(),
  employee_number: v.nullable(v.string()),
  photo_url: v.nullable(v.string()),
  role: v.nullable(v.object({ id: v.string(), name: v.string(), role_type: v.string() })),
  permissions: v.array(v.string()),
  /** Set when the user is also a patient: the header offers patient mode. */
  patient_id: v.nullable(v.string()),
})
export type SessionUser = v.InferOutput<typeof SessionUser>

export const Tokens = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  /** Seconds until the access token expires. */
  expiresIn: v.number(),
})

export const LoginResponse = v.object({
  ...Tokens.entries,
  route_redirect: v.string(),
  /** Server time of the login (ISO 8601). */
  date: v.string(),
  user: SessionUser,
  host: v.string(),
  is_landlord: v.boolean(),
})
export type LoginResponse = v.InferOutput<typeof LoginResponse>

export const ValidateUsernameRequest = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(254), v.toLowerCase()),
  email: v.optional(v.pipe(v.string(), v.maxLength(254), v.toLowerCase())),
})
export const ValidateUsernameResponse = v.object({ ask_business_name: v.boolean() })

/** A refresh token is opaque, but no token the server makes is nearly this long. */
const RefreshToken = v.pipe(v.string(), v.nonEmpty('field.required'), v.maxLength(500))

export const RefreshRequest = v.object({ refreshToken: RefreshToken })
export const RefreshResponse = v.object({ token: Tokens })

export const LogoutRequest = v.object({ refreshToken: v.optional(RefreshToken) })
