import * as v from 'valibot'
import { wholeNumber } from './bounded'
import { passwordPair } from './password'

/** SPEC §9: three security questions. */
export const SECURITY_QUESTION_COUNT = 3
/** A reset token (and its code) lives 15 minutes and is used once. */
export const RESET_TOKEN_MINUTES = 15
export const RESET_CODE_LENGTH = 6

export const RecoverPasswordRequest = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(254), v.toLowerCase()),
  business: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(250)))),
  is_need_business: v.optional(v.boolean()),
  /** Which way the user chose; the server falls back to `code` when no questions are set. */
  type: v.optional(v.picklist(['code', 'questions'])),
})
export const RecoverPasswordResponse = v.object({
  type: v.picklist(['code', 'questions']),
  /** Where the code went, masked (`a***@empresa.mx`). */
  data_identificator: v.string(),
  password_reset_token: v.string(),
  security_questions_available: v.boolean(),
  /** ISO 8601; the client treats the token as expired once this is not in the future. */
  expires_at: v.string(),
})
export type RecoverPasswordResponse = v.InferOutput<typeof RecoverPasswordResponse>

const ResetToken = v.pipe(v.string(), v.nonEmpty('field.required'), v.maxLength(200))

export const ResetPasswordRequest = passwordPair({
  password_reset_token: ResetToken,
  code: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(20, 'recovery.codeFormat'),
    v.regex(/^\d{6}$/, 'recovery.codeFormat'),
  ),
})
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequest>

/** After the questions were answered, the same token sets the password without a code. */
export const ResetPasswordWithoutCodeRequest = passwordPair({ password_reset_token: ResetToken })

export const GetSecurityQuestionsRequest = v.object({ password_reset_token: ResetToken })
export const GetSecurityQuestionsResponse = v.object({
  questions: v.array(v.object({ id: v.number(), question: v.string() })),
  lang: v.string(),
})

export const ValidateSecurityQuestionsRequest = v.object({
  password_reset_token: ResetToken,
  questions: v.pipe(
    v.array(
      v.object({
        id: wholeNumber(),
        answer: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(200)),
      }),
    ),
    v.length(SECURITY_QUESTION_COUNT, 'field.invalid'),
  ),
})

/** Change of an expired (or any) password by the signed-in user. */
export const UpdatePasswordRequest = passwordPair({
  current_password: v.pipe(v.string(), v.nonEmpty('field.required'), v.maxLength(256)),
})

export const PrivacyNotice = v.object({
  version: v.number(),
  text: v.string(),
  published_at: v.string(),
  accepted: v.boolean(),
})
export const AcceptPrivacyNoticeRequest = v.object({
  accept_notice_policy: v.literal(true, 'notice.mustAccept'),
  version: wholeNumber(1),
})
