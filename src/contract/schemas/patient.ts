import * as v from 'valibot'
import { Curp } from '../rules/curp'
import { Nss } from '../rules/nss'

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))
const optionalText = (max: number) => v.optional(v.nullable(text(max)), null)
const code = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(20))), null)
const isoDate = v.pipe(v.string(), v.isoDate('field.date'))
const phone = v.optional(
  v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^\d{10,15}$/, 'field.phone'))),
  null,
)

/** SPEC §3 emergency contact relationships. */
export const RELATIONSHIPS = ['spouse', 'father', 'mother', 'child', 'other'] as const

/** The patient's fields as the API takes them (SPEC §3 Patient), snake_case. */
export const patientFieldEntries = {
  payroll_number: optionalText(50),
  key: optionalText(50),
  administrative_status: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(30)),
  name: v.pipe(text(100), v.nonEmpty('field.required')),
  last_name: v.pipe(text(100), v.nonEmpty('field.required')),
  second_last_name: optionalText(100),
  birth_date: isoDate,
  nationality_code: code,
  birth_state_code: code,
  marital_status: code,
  phone,
  curp: Curp,
  nss: v.optional(v.nullable(Nss), null),
  gender: code,
  biological_sex: code,
  hire_date: v.optional(v.nullable(isoDate), null),
  exam_frequency: code,
  address_state_code: code,
  address_municipality_code: code,
  address_locality_code: code,
  address_other: optionalText(250),
  emergency_contact_name: optionalText(150),
  emergency_contact_relationship: v.optional(v.nullable(v.picklist(RELATIONSHIPS, 'field.picklist')), null),
  emergency_contact_phone: phone,
  supervisor: optionalText(150),
}

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/** POST /patients/create: the device's UUIDv7 id and every field (DESIGN §5: ids made offline). */
export const CreatePatientRequest = v.object({ id: Id, ...patientFieldEntries })
export type CreatePatientRequest = v.InferOutput<typeof CreatePatientRequest>

/** PUT /patients/update/{id}: only the fields that changed (a three-way merge needs them apart). */
export const UpdatePatientRequest = v.pipe(
  v.partial(v.object(patientFieldEntries)),
  v.check((changes) => Object.keys(changes).length > 0, 'field.required'),
)
export type UpdatePatientRequest = v.InferOutput<typeof UpdatePatientRequest>

export const PatientIdParams = v.object({ id: Id })

/** A patient as the API answers it: the fields, its version and stamps. */
export const Patient = v.object({
  id: v.string(),
  ...Object.fromEntries(Object.keys(patientFieldEntries).map((name) => [name, v.nullable(v.any())])),
  version: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
  deleted_at: v.nullable(v.string()),
})
export type Patient = {
  id: string
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
} & {
  [K in keyof typeof patientFieldEntries]: v.InferOutput<(typeof patientFieldEntries)[K]>
}
