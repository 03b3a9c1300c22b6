import type { Path } from 'react-hook-form'
import * as v from 'valibot'
import { DateText, isoToDateText } from '../../contract/rules/formats'
import { patientFieldEntries, writeOnlyEntries } from '../../contract/schemas/patient'
import type { LocalPatient } from '../../db/local-db'

/**
 * The patient form's values (text as typed, lists, yes/no choices) and the schema that turns
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
/** A number typed with a point or a comma; what is not a number fails the contract's number check. */
const numberOf = <T>(schema: v.GenericSchema<number | null | undefined, T>) =>
  v.pipe(
    blank,
    v.transform((text): number | null => (text === null ? null : Number(text.replace(',', '.')))),
    narrow<number | null, T>(schema),
  )
const dateOf = <T>(schema: v.GenericSchema<string | null | undefined, T>) =>
  v.pipe(blank, v.union([v.null(), DateText], 'field.date'), narrow<string | null, T>(schema))
/** A yes / no / unanswered choice. */
const choiceOf = <T>(schema: v.GenericSchema<boolean | null | undefined, T>) =>
  v.pipe(
    v.picklist(['', 'yes', 'no']),
    v.transform((choice): boolean | null => (choice === '' ? null : choice === 'yes')),
    narrow<boolean | null, T>(schema),
  )
const CovidTestRow = v.object({
  date: v.pipe(v.string(), v.trim(), DateText),
  type: v.pipe(v.string(), v.nonEmpty('field.required')),
  result: v.pipe(v.string(), v.nonEmpty('field.required')),
})

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
    covid_status: textOf(e.covid_status),
    covid_case: textOf(e.covid_case),
    covid_advancement: textOf(e.covid_advancement),
    covid_ruled_out_reason: textOf(e.covid_ruled_out_reason),
    underlying_conditions: e.underlying_conditions,
    initial_symptoms: e.initial_symptoms,
    weight: numberOf(e.weight),
    height: numberOf(e.height),
    blood_type: textOf(e.blood_type),
    temperature: numberOf(e.temperature),
    oximetry: numberOf(e.oximetry),
    systolic: numberOf(e.systolic),
    diastolic: numberOf(e.diastolic),
    pregnancy: choiceOf(e.pregnancy),
    shortness_of_breath: choiceOf(e.shortness_of_breath),
    cough_severity: textOf(e.cough_severity),
    quarantine_start_date: dateOf(e.quarantine_start_date),
    first_symptom_date: dateOf(e.first_symptom_date),
    recontagion: choiceOf(e.recontagion),
    vaccinated: choiceOf(e.vaccinated),
    covid_tests: v.array(CovidTestRow),
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
  'covid_status',
  'covid_case',
  'covid_advancement',
  'covid_ruled_out_reason',
  'blood_type',
  'cough_severity',
] as const
const NUMBER_FIELDS = ['weight', 'height', 'temperature', 'oximetry', 'systolic', 'diastolic'] as const
const DATE_FIELDS = ['birth_date', 'hire_date', 'quarantine_start_date', 'first_symptom_date'] as const
const CHOICE_FIELDS = ['pregnancy', 'shortness_of_breath', 'recontagion', 'vaccinated'] as const

type TextField =
  | (typeof TEXT_FIELDS)[number]
  | (typeof NUMBER_FIELDS)[number]
  | (typeof DATE_FIELDS)[number]
  | 'password'
  | 'password_confirmation'

export interface CovidTestValues {
  date: string
  type: string
  result: string
}

/** What the form holds while a person types: text, lists, and yes / no choices. */
export type PatientFormValues = Record<TextField, string> &
  Record<(typeof CHOICE_FIELDS)[number], '' | 'yes' | 'no'> & {
    underlying_conditions: string[]
    initial_symptoms: string[]
    special_sublabel_ids: string[]
    subgroups: string[]
    covid_tests: CovidTestValues[]
  }

export type PatientFieldName = Path<PatientFormValues>

const asText = (value: unknown) => (typeof value === 'string' ? value : '')
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : [])

/** The form's values for a cached patient, or the blank form of a new one. */
export function formValuesOf(patient: LocalPatient | undefined): PatientFormValues {
  // Every key is filled by the loops below; the object starts with the lists.
  const values = {
    underlying_conditions: asList(patient?.underlying_conditions),
    initial_symptoms: asList(patient?.initial_symptoms),
    special_sublabel_ids: asList(patient?.special_sublabel_ids),
    covid_tests: Array.isArray(patient?.covid_tests)
      ? // The server's rows carry the contract's tests: date, type and result.
        (patient.covid_tests as CovidTestValues[]).map((test) => ({
          date: isoToDateText(test.date),
          type: test.type,
          result: test.result,
        }))
      : [],
    subgroups: asList(patient?.subgroups),
    password: '',
    password_confirmation: '',
  } as PatientFormValues
  for (const field of TEXT_FIELDS) values[field] = asText(patient?.[field])
  for (const field of NUMBER_FIELDS) {
    const value = patient?.[field]
    values[field] = typeof value === 'number' ? String(value) : ''
  }
  for (const field of DATE_FIELDS) {
    const value = patient?.[field]
    values[field] = typeof value === 'string' ? isoToDateText(value) : ''
  }
  for (const field of CHOICE_FIELDS) {
    const value = patient?.[field]
    values[field] = value === true ? 'yes' : value === false ? 'no' : ''
  }
  if (!patient) values.administrative_status = 'active'
  return values
}

/** The contract's fields the valid form gives: the confirmation is the form's own. */
export function patientFieldsOf(output: v.InferOutput<typeof PatientFormSchema>) {
  const { password_confirmation: _confirmation, password, ...fields } = output
  return password === undefined ? fields : { ...fields, password }
}
