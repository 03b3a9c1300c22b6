import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CreatePatientRequest } from '../../contract/schemas/patient'
import type { LocalPatient } from '../../db/local-db'
import { changedFields } from '../../sync/merge'
import { aPatient } from '../../sync/test-fixtures'
import { formValuesOf, PatientFormSchema, patientFieldsOf } from './patient-form-values'

/** A cached patient as the server answers it: every field, the defaults filled in. */
function cachedPatient(overrides: Record<string, unknown> = {}): LocalPatient {
  const fields = v.parse(CreatePatientRequest, {
    ...aPatient({
      subgroups: ['0190a1b2-c3d4-7e5f-8a9b-000000000111', '0190a1b2-c3d4-7e5f-8a9b-000000000112'],
      blood_type: 'O+',
      hire_date: '2019-08-01',
      email: 'lupita@correo.mx',
    }),
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    ...overrides,
  })
  return { ...fields, version: 3, syncState: 'synced', has_account: true }
}

describe('the patient form’s values', () => {
  it('turn a cached patient into text and back into the very same fields', () => {
    const patient = cachedPatient()
    const values = formValuesOf(patient)
    expect(values).toMatchObject({ blood_type: 'O+', hire_date: '2019/08/01' })
    expect(values.subgroups).toEqual([
      '0190a1b2-c3d4-7e5f-8a9b-000000000111',
      '0190a1b2-c3d4-7e5f-8a9b-000000000112',
    ])
    const fields = patientFieldsOf(v.parse(PatientFormSchema, values))
    // Opening and saving a record without touching it changes nothing.
    expect(changedFields(patient, fields)).toEqual({})
  })

  it('give blanks as no value and a password only when typed', () => {
    const values = {
      ...formValuesOf(cachedPatient()),
      phone: '  ',
      subgroups: ['0190a1b2-c3d4-7e5f-8a9b-000000000111'],
      password: 'Paciente#2026',
      password_confirmation: 'Paciente#2026',
    }
    const fields = patientFieldsOf(v.parse(PatientFormSchema, values))
    expect(fields).toMatchObject({
      phone: null,
      subgroups: ['0190a1b2-c3d4-7e5f-8a9b-000000000111'],
      password: 'Paciente#2026',
    })
    expect(patientFieldsOf(v.parse(PatientFormSchema, formValuesOf(cachedPatient())))).not.toHaveProperty(
      'password',
    )
  })

  it('refuses a confirmation that differs, on the confirmation', () => {
    const result = v.safeParse(PatientFormSchema, {
      ...formValuesOf(cachedPatient()),
      password: 'Paciente#2026',
      password_confirmation: 'Paciente#2025',
    })
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['password_confirmation', 'password.mismatch'],
    ])
  })

  it('starts a new patient as active with empty lists', () => {
    expect(formValuesOf(undefined)).toMatchObject({
      administrative_status: 'active',
      subgroups: [],
      special_sublabel_ids: [],
    })
  })
})
