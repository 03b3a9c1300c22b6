import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { EditUserForm, NewUserForm, userFormData } from './user-form'

const form = {
  name: 'Renata',
  last_name: 'Quiroga',
  second_last_name: '',
  email: 'Renata@Demo.Localhost ',
  employee_number: 'e0100',
  phone: '',
  role_id: '0190a6f0-7c1e-7a8b-9c3d-1e2f3a4b5c6d',
  active: true,
  password: 'Inicial#2026',
  password_confirmation: 'Inicial#2026',
}

describe('the user form', () => {
  it('turns the form into the form data the server takes, blanks left out', () => {
    const values = v.parse(NewUserForm, form)
    const data = userFormData(values, null)
    expect(Object.fromEntries(data.entries())).toEqual({
      name: 'Renata',
      last_name: 'Quiroga',
      email: 'renata@demo.localhost',
      employee_number: 'E0100',
      role_id: form.role_id,
      active: 'true',
      password: 'Inicial#2026',
    })
  })

  it('needs matching passwords on create and none on edit', () => {
    const mismatch = v.safeParse(NewUserForm, { ...form, password_confirmation: 'Otra#2026' })
    expect(mismatch.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ['password_confirmation', 'password.mismatch'],
    ])
    expect(v.safeParse(EditUserForm, { ...form, password: '', password_confirmation: '' }).success).toBe(true)
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg')
    const edit = userFormData(
      v.parse(EditUserForm, { ...form, password: '', password_confirmation: '' }),
      photo,
    )
    expect(edit.has('password')).toBe(false)
    expect(edit.get('photo')).toBeInstanceOf(File)
  })
})
