import * as v from 'valibot'
import { NewPassword } from './password'
import { SECURITY_QUESTION_COUNT } from './recovery'
import { PersonName, Phone, User } from './users'

const SecretText = v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(200))

/** The three questions of password recovery (SPEC §9), each with the answer the user will give. */
export const SecurityQuestions = v.pipe(
  v.array(v.object({ question: SecretText, answer: SecretText })),
  v.length(SECURITY_QUESTION_COUNT, 'field.invalid'),
)

const profileEntries = v.object({
  name: PersonName,
  last_name: PersonName,
  second_last_name: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(100),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
  phone: Phone,
  /** Needed only with a new password: whoever holds an open session must still know the old one. */
  current_password: v.optional(v.pipe(v.string(), v.maxLength(256))),
  password: v.optional(NewPassword),
  password_confirmation: v.optional(v.pipe(v.string(), v.maxLength(256))),
  questions: v.optional(SecurityQuestions),
})

/**
 * POST /profile/edit: the user's own names and phone; a new password (with the current one and
 * its confirmation) and the security questions only when sent.
 */
export const EditProfileRequest = v.pipe(
  profileEntries,
  v.forward(
    v.partialCheck(
      [['password'], ['current_password']],
      (input) => input.password === undefined || Boolean(input.current_password),
      'field.required',
    ),
    ['current_password'],
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === undefined || input.password === input.password_confirmation,
      'password.mismatch',
    ),
    ['password_confirmation'],
  ),
)
export type EditProfileRequest = v.InferOutput<typeof EditProfileRequest>

/** GET /profile: the user's own record and which security questions they chose (never the answers). */
export const Profile = v.object({
  ...User.entries,
  security_questions: v.array(v.string()),
})
export type Profile = v.InferOutput<typeof Profile>

export const ProfilePhotoParams = v.object({ id: v.pipe(v.string(), v.uuid()) })
