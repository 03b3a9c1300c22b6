import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { Curp } from '../rules/curp'
import { Nss } from '../rules/nss'
import { isDateOfRangeYear } from '../rules/years'
import { changesOf, list, optionalText, text } from './bounded'
import { OCCUPATIONAL_RISKS } from './catalogue-definitions'
import { NewPassword } from './password'
import { MAX_PATIENT_SUBLABELS } from './special-labels'

const code = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(30))), null)
/** A birth or hire date: a real day of a year from 1920 to now (SPEC §5 years). */
const pastDate = v.pipe(
  IsoDay,
  v.check((iso) => isDateOfRangeYear(iso), 'field.year'),
)
const phone = v.optional(
  v.nullable(
    v.pipe(v.string(), v.trim(), v.maxLength(15, 'field.phone'), v.regex(/^\d{10,15}$/, 'field.phone')),
  ),
  null,
)
/**
 * SPEC §4 administrative statuses (the codes of the `administrative-statuses` list). A tenant may
 * narrow them (its available statuses); the server checks that part, the device this one.
 */
export const ADMINISTRATIVE_STATUSES = ['active', 'inactive', 'candidate', 'suspended', 'leave'] as const

/** SPEC §3 emergency contact relationships. */
export const RELATIONSHIPS = ['spouse', 'father', 'mother', 'child', 'other'] as const

/** The ABO and Rh groups a blood type field offers (an identity field of the patient). */
export const BLOOD_TYPES = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const

/** The patient's fields as the API takes them and answers them (SPEC §3 Patient), snake_case. */
export const patientFieldEntries = {
  payroll_number: optionalText(50),
  key: optionalText(50),
  administrative_status: v.picklist(ADMINISTRATIVE_STATUSES, 'field.picklist'),
  name: v.pipe(text(100), v.nonEmpty('field.required')),
  last_name: v.pipe(text(100), v.nonEmpty('field.required')),
  second_last_name: optionalText(100),
  birth_date: pastDate,
  nationality_code: code,
  birth_state_code: code,
  marital_status: code,
  phone,
  curp: Curp,
  nss: v.optional(v.nullable(Nss), null),
  gender: code,
  biological_sex: code,
  hire_date: v.optional(v.nullable(pastDate), null),
  exam_frequency: code,
  address_state_code: code,
  address_municipality_code: code,
  address_locality_code: code,
  address_other: optionalText(250),
  emergency_contact_name: optionalText(150),
  emergency_contact_relationship: v.optional(v.nullable(v.picklist(RELATIONSHIPS, 'field.picklist')), null),
  emergency_contact_phone: phone,
  /**
   * The items of the tenant's subgroups catalogue the patient belongs to, by id (issue 18,
   * decision 0018); the server refuses an id that is not a live item of the tenant.
   */
  subgroups: v.optional(list(v.pipe(v.string(), v.uuid('field.uuid')), 30), []),
  supervisor: optionalText(150),
  /**
   * The occupational risks of the patient's work (NOM-030's kinds of agent): the vaccination
   * scheme applies by them (hepatitis B for biological risk, issue 21).
   */
  occupational_risks: v.optional(
    list(v.picklist(OCCUPATIONAL_RISKS, 'field.picklist'), OCCUPATIONAL_RISKS.length),
    [],
  ),
  blood_type: v.optional(v.nullable(v.picklist(BLOOD_TYPES, 'field.picklist')), null),
  /**
   * The tenant's special sublabels the patient carries, by id (SPEC §3 special labels with
   * sublabels; docs/decisions/0015-tenant-catalogs.md); the label is each sublabel's parent.
   */
  special_sublabel_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.uuid('field.uuid')), 'field.type'),
      v.maxLength(MAX_PATIENT_SUBLABELS),
    ),
    [],
  ),
  /** The access account's e-mail (patient mode): optional, one patient or user per e-mail in a tenant. */
  email: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('field.email'))),
    null,
  ),
}

/**
 * Fields a request may carry that are never stored with the patient nor answered: a password
 * given here sets the patient's login account and lives on only as its hash (DESIGN §6). The
 * device keeps it in the outbox entry alone, never in the cached row.
 */
export const writeOnlyEntries = {
  password: v.optional(NewPassword),
}
export const WRITE_ONLY_PATIENT_FIELDS = Object.keys(writeOnlyEntries) as (keyof typeof writeOnlyEntries)[]

/** A patient body without its write-only fields: what a cached row or a kept record may hold. */
export function withoutWriteOnly<T extends Record<string, unknown>>(body: T): T {
  const kept = { ...body }
  for (const field of WRITE_ONLY_PATIENT_FIELDS) delete kept[field]
  return kept
}

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/** POST /patients/create: the device's UUIDv7 id and every field (DESIGN §5: ids made offline). */
export const CreatePatientRequest = v.object({ id: Id, ...patientFieldEntries, ...writeOnlyEntries })
export type CreatePatientRequest = v.InferOutput<typeof CreatePatientRequest>

/** PUT /patients/update/{id}: only the fields that changed (a three-way merge needs them apart). */
export const UpdatePatientRequest = changesOf({ ...patientFieldEntries, ...writeOnlyEntries })
export type UpdatePatientRequest = v.InferOutput<typeof UpdatePatientRequest>

/**
 * What a patient edits of their own record (SPEC §2 "edit my profile"): how to reach them and
 * whom to call. Never their identity (name, CURP, NSS) nor their employment: staff own those.
 */
export const PATIENT_PROFILE_FIELDS = [
  'phone',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
  'address_other',
] as const

/** PUT /patient-profile: only the own contact fields that changed, the same rules as staff's. */
export const EditPatientProfileRequest = changesOf(
  v.pick(v.object(patientFieldEntries), PATIENT_PROFILE_FIELDS).entries,
)
export type EditPatientProfileRequest = v.InferOutput<typeof EditPatientProfileRequest>

/** The fields a patient row stores (no write-only ones). */
export type PatientFields = {
  [K in keyof typeof patientFieldEntries]: v.InferOutput<(typeof patientFieldEntries)[K]>
}

export const PatientIdParams = v.object({ id: Id })

/** A patient as the API answers it: the fields, its version and stamps. */
export const Patient = v.object({
  id: v.string(),
  ...Object.fromEntries(Object.keys(patientFieldEntries).map((name) => [name, v.nullable(v.any())])),
  /** Whether the patient has a login account (patient mode). */
  has_account: v.boolean(),
  /**
   * Who has the patient in their care now (ids and names in the same order), for the list's
   * column and its assigned-professional filter; read-only, written by the assignment calls.
   */
  assigned_user_ids: v.optional(v.array(v.string())),
  assigned_user_names: v.optional(v.array(v.string())),
  version: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
  deleted_at: v.nullable(v.string()),
})
export type Patient = {
  id: string
  has_account: boolean
  assigned_user_ids?: string[]
  assigned_user_names?: string[]
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
} & PatientFields
