import * as v from 'valibot'
import { NewPassword } from '../../contract/schemas/password'
import { CreateUserRequest, UpdateUserRequest } from '../../contract/schemas/users'

const { photo: _photo, password: _password, ...entries } = CreateUserRequest.entries

const confirmed = <T extends { password?: string | undefined; password_confirmation?: string | undefined }>(
  input: T,
) => (input.password ?? '') === (input.password_confirmation ?? '')

/** The user form: the contract's fields, the password twice; required on create only. */
export const NewUserForm = v.pipe(
  v.object({ ...entries, password: NewPassword, password_confirmation: v.string() }),
  v.forward(v.check(confirmed, 'password.mismatch'), ['password_confirmation']),
)

export const EditUserForm = v.pipe(
  v.object({
    ...entries,
    // Blank keeps the current password.
    password: v.optional(v.union([v.literal(''), UpdateUserRequest.entries.password])),
    password_confirmation: v.optional(v.string()),
  }),
  v.forward(v.check(confirmed, 'password.mismatch'), ['password_confirmation']),
)

export interface UserFormValues {
  name: string
  last_name: string
  second_last_name: string | null
  email: string
  employee_number: string | null
  phone: string | null
  title_id: string | null
  professional_license: string | null
  role_id: string
  active: boolean
  password?: string
  password_confirmation?: string
}

/** The form data the server takes (SPEC §7: POST /users/create and /users/{id} as form data). */
export function userFormData(values: UserFormValues, photo: File | null): FormData {
  const form = new FormData()
  // The values are the schema's output: blanks already became null, which form data leaves out.
  for (const [name, value] of Object.entries(values)) {
    if (name === 'password_confirmation' || value === null || value === undefined) continue
    if (name === 'password' && value === '') continue
    form.append(name, String(value))
  }
  if (photo) form.append('photo', photo)
  return form
}
