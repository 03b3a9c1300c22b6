import * as v from 'valibot'
import { imageTypeOf, MAX_IMAGE_BYTES } from '../rules/files'
import { NewPassword } from './password'
import { RoleType } from './roles'

/** A person's name part: required, trimmed. */
export const PersonName = v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(100))

/** An optional text field; a blank one means "none" and is stored as null. */
const optionalText = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(max),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  )

/** SPEC §5: 10 to 15 digits without special characters; blank means no phone. */
export const Phone = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(15, 'field.phone'),
      v.transform((phone) => (phone === '' ? null : phone)),
      v.nullable(v.pipe(v.string(), v.regex(/^\d{10,15}$/, 'field.phone'))),
    ),
  ),
  null,
)

/** Lowercased, as the login compares it (SPEC §5). */
export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('field.required'),
  v.email('field.email'),
  v.maxLength(254),
)

const userEntries = {
  name: PersonName,
  last_name: PersonName,
  second_last_name: optionalText(100),
  email: Email,
  /** A login username too, so it is unique in the tenant; kept upper-case as the login looks it up. */
  employee_number: v.pipe(
    optionalText(50),
    v.transform((number) => number?.toUpperCase() ?? null),
  ),
  phone: Phone,
  /** A health professional's title: a value of the practitioner-titles catalogue; blank for none. */
  title_id: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(36, 'field.uuid'),
        v.transform((id) => (id === '' ? null : id)),
        v.nullable(v.pipe(v.string(), v.uuid('field.uuid'))),
      ),
    ),
    null,
  ),
  /** The cédula profesional (SEP: 7 or 8 digits) prescriptions print; blank for none. */
  professional_license: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(8, 'field.invalid'),
        v.transform((licence) => (licence === '' ? null : licence)),
        v.nullable(v.pipe(v.string(), v.regex(/^\d{7,8}$/, 'field.invalid'))),
      ),
    ),
    null,
  ),
  role_id: v.pipe(v.string(), v.uuid()),
  // Form data sends it as text.
  active: v.optional(
    v.union([
      v.boolean(),
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((t) => t === 'true'),
      ),
    ]),
    true,
  ),
  /** The profile photo when the form sends one (multipart): png or jpg under 2 MB, checked by its bytes. */
  photo: v.optional(
    v.pipe(
      v.instance(Uint8Array, 'file.imageType'),
      v.check((bytes) => bytes.length <= MAX_IMAGE_BYTES, 'file.imageTooLarge'),
      v.check((bytes) => imageTypeOf(bytes) !== null, 'file.imageType'),
    ),
  ),
}

/** POST /users/create, as JSON or as form data with a photo. */
export const CreateUserRequest = v.object({ ...userEntries, password: NewPassword })
export type CreateUserRequest = v.InferOutput<typeof CreateUserRequest>

/** POST /users/:id: the password changes only when one is sent. */
export const UpdateUserRequest = v.object({ ...userEntries, password: v.optional(NewPassword) })
export type UpdateUserRequest = v.InferOutput<typeof UpdateUserRequest>

export const UserIdParams = v.object({ id: v.pipe(v.string(), v.uuid()) })

/** GET /users/getByRole/:role names a role type. */
export const UsersByRoleParams = v.object({ role: RoleType })

export const UserRole = v.object({ id: v.string(), name: v.string(), role_type: RoleType })

/** A tenant user as the administration screens show it; never the password hash. */
export const User = v.object({
  id: v.string(),
  name: v.string(),
  last_name: v.string(),
  second_last_name: v.nullable(v.string()),
  email: v.string(),
  employee_number: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  title_id: v.nullable(v.string()),
  /** The title's name, as a prescription prints it before the name. */
  title: v.nullable(v.string()),
  professional_license: v.nullable(v.string()),
  active: v.boolean(),
  role: v.nullable(UserRole),
  photo_url: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
})
export type User = v.InferOutput<typeof User>
