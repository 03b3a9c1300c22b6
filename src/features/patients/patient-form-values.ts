import type { Path } from 'react-hook-form'
import * as v from 'valibot'
import { DateText, isoToDateText } from '../../contract/rules/formats'
import { patientFieldEntries, writeOnlyEntries } from '../../contract/schemas/patient'
import type { LocalPatient } from '../../db/local-db'

/**
 * The patient form's values (text as typed, lists) and the schema that turns
 * them into the contract's fields: each field is piped into the contract's own entry, so the
 * form refuses exactly what the server refuses, with the same message keys.
 */

const e = patientFieldEntries

/** An emptied field means "no value" to the API, as the contract's null does. */
const blank = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text): string | null => text || null),
)
/*
 * The helpers below feed a contract entry what the form made of the text. The entries also take
 * undefined (an omitted field); valibot's pipe wants the exact input type, so each entry is
 * narrowed to the input the form gives it — a subset of what it takes, so nothing is lost.
 */
const narrow = <I, T>(schema: v.GenericSchema<I | undefined, T>) => schema as unknown as v.GenericSchema<I, T>
const textOf = <T>(schema: v.GenericSchema<string | null | undefined, T>) =>
  v.pipe(blank, narrow<string | null, T>(schema))
const dateOf = <T>(schema: v.GenericSchema<string | null | undefined, T>) =>
  v.pipe(blank, v.union([v.null(), DateText], 'field.date'), narrow<string | null, T>(schema))
export const PatientFormSchema = v.pipe(
  v.object({
    name: e.name,
    last_name: e.last_name,
    second_last_name: textOf(e.second_last_name),
    curp: e.curp,
    nss: textOf(e.nss),
    key: textOf(e.key),
    gender: textOf(e.gender),
    biological_sex: textOf(e.biological_sex),
    marital_status: textOf(e.marital_status),
    birth_date: v.pipe(v.string(), v.trim(), DateText, e.birth_date),
    nationality_code: textOf(e.nationality_code),
    birth_state_code: textOf(e.birth_state_code),
    phone: textOf(e.phone),
    email: textOf(e.email),
    address_state_code: textOf(e.address_state_code),
    address_municipality_code: textOf(e.address_municipality_code),
    address_locality_code: textOf(e.address_locality_code),
    address_other: textOf(e.address_other),
    emergency_contact_name: textOf(e.emergency_contact_name),
    emergency_contact_relationship: textOf(e.emergency_contact_relationship),
    emergency_contact_phone: textOf(e.emergency_contact_phone),
    payroll_number: textOf(e.payroll_number),
    hire_date: dateOf(e.hire_date),
    administrative_status: e.administrative_status,
    subgroups: e.subgroups,
    occupational_risks: e.occupational_risks,
    special_sublabel_ids: e.special_sublabel_ids,
    supervisor: textOf(e.supervisor),
    exam_frequency: textOf(e.exam_frequency),
    // Blank keeps the account's password as it is.
    password: v.pipe(
      v.string(),
      v.transform((text) => text || undefined),
      writeOnlyEntries.password,
    ),
    password_confirmation: v.string(),
    blood_type: textOf(e.blood_type),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => (input.password ?? '') === input.password_confirmation,
      'password.mismatch',
    ),
    ['password_confirmation'],
  ),
)

const TEXT_FIELDS = [
  'name',
  'last_name',
  'second_last_name',
  'curp',
  'nss',
  'key',
  'gender',
  'biological_sex',
  'marital_status',
  'nationality_code',
  'birth_state_code',
  'phone',
  'email',
  'address_state_code',
  'address_municipality_code',
  'address_locality_code',
  'address_other',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
  'payroll_number',
  'administrative_status',
  'supervisor',
  'exam_frequency',
  'blood_type',
] as const
const DATE_FIELDS = ['birth_date', 'hire_date'] as const

type TextField =
  | (typeof TEXT_FIELDS)[number]
  | (typeof DATE_FIELDS)[number]
  | 'password'
  | 'password_confirmation'

/** What the form holds while a person types: text and lists. */
export type PatientFormValues = Record<TextField, string> & {
  special_sublabel_ids: string[]
  subgroups: string[]
  occupational_risks: string[]
}

export type PatientFieldName = Path<PatientFormValues>

const asText = (value: unknown) => (typeof value === 'string' ? value : '')
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : [])

/** The form's values for a cached patient, or the blank form of a new one. */
export function formValuesOf(patient: LocalPatient | undefined): PatientFormValues {
  // Every key is filled by the loops below; the object starts with the lists.
  const values = {
    special_sublabel_ids: asList(patient?.special_sublabel_ids),
    subgroups: asList(patient?.subgroups),
    occupational_risks: asList(patient?.occupational_risks),
    password: '',
    password_confirmation: '',
  } as PatientFormValues
  for (const field of TEXT_FIELDS) values[field] = asText(patient?.[field])
  for (const field of DATE_FIELDS) {
    const value = patient?.[field]
    values[field] = typeof value === 'string' ? isoToDateText(value) : ''
  }
  if (!patient) values.administrative_status = 'active'
  return values
}

/** The contract's fields the valid form gives: the confirmation is the form's own. */
export function patientFieldsOf(output: v.InferOutput<typeof PatientFormSchema>) {
  const { password_confirmation: _confirmation, password, ...fields } = output
  return password === undefined ? fields : { ...fields, password }
}
