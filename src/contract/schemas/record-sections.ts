import * as v from 'valibot'
import { RecordYear } from '../rules/record-year'
import { changesOf, optionalText, requiredText } from './bounded'
import type { ReferenceListName } from './catalogs'

/**
 * The sections of a patient's record (SPEC §3 "Patient record sections", §7 "under /patients/"),
 * each named by its path. Editable records (DESIGN §5): created with the device's id, edited
 * field by field against a version, deleted softly.
 */
export const RECORD_SECTIONS = [
  'medical-conditions',
  'active-medications',
  'medical-histories',
  'surgical-histories',
  'psychiatric-histories',
  'social-habits',
  'allergies-tolerances',
  'alerts-and-special-needs',
  'covid-status',
] as const
export type RecordSection = (typeof RECORD_SECTIONS)[number]

const Id = v.pipe(v.string(), v.uuid('field.uuid'))
/**
 * A code of a reference list (SPEC §7 "Reference lists"), or the id of a tenant catalogue's value
 * (a medical condition, decision 0018; old entries carry a code of the shared list instead); the
 * server checks it is in the list or a live value.
 */
const listCode = v.pipe(v.string('field.required'), v.trim(), v.nonEmpty('field.required'), v.maxLength(50))
const year = v.optional(v.nullable(RecordYear), null)

const history = { title: requiredText(200), note: optionalText(1000), year }
const description = { description: requiredText(500) }

/** The SPEC §3 payload fields of each section, besides `patient_id`. */
export const SECTION_FIELDS = {
  'medical-conditions': { medical_condition_id: listCode, note: optionalText(1000), year },
  // The medicine of the tenant's catalogue (decision 0015), checked by the server, and its name as
  // picked or typed: the entry reads the same after the catalogue renames or removes it.
  'active-medications': {
    medicine_id: v.optional(v.nullable(v.pipe(v.string(), v.uuid('field.uuid'))), null),
    medicine: requiredText(200),
  },
  'medical-histories': history,
  'surgical-histories': history,
  'psychiatric-histories': history,
  'social-habits': { habit: requiredText(500) },
  'allergies-tolerances': description,
  'alerts-and-special-needs': description,
  'covid-status': { covid_status_id: listCode },
} as const satisfies Record<RecordSection, Record<string, v.GenericSchema>>

/**
 * The fields whose value must be a code of a reference list, and which list. A medical condition
 * is a value of the tenant's `medical-conditions` catalogue instead (decision 0018).
 */
export const SECTION_REFERENCES: Partial<Record<string, ReferenceListName>> = {
  covid_status_id: 'covid-statuses',
}

/** A section's fields with their schemas as one shape, whatever the section. */
const entriesOf = (section: RecordSection) => SECTION_FIELDS[section] as Record<string, v.GenericSchema>

const createOf = (section: RecordSection) => v.object({ id: Id, patient_id: Id, ...entriesOf(section) })

const updateOf = (section: RecordSection) => changesOf(entriesOf(section))

/** POST /patients/<section>: the device's UUIDv7 id, the patient and the section's fields. */
export const CreateRecordSectionRequest = Object.fromEntries(
  RECORD_SECTIONS.map((section) => [section, createOf(section)]),
) as Record<RecordSection, ReturnType<typeof createOf>> // fromEntries forgets the keys
export type CreateRecordSectionRequest = v.InferOutput<ReturnType<typeof createOf>>

/** PUT: only the fields that changed (a three-way merge needs them apart), against If-Match. */
export const UpdateRecordSectionRequest = Object.fromEntries(
  RECORD_SECTIONS.map((section) => [section, updateOf(section)]),
) as Record<RecordSection, ReturnType<typeof updateOf>> // fromEntries forgets the keys

export const RecordSectionIdParams = v.object({ id: Id })
export const RecordSectionsQuery = v.object({ patient_id: Id })

/** A section entry as the API answers it: its section's fields, its version and stamps. */
export interface RecordSectionEntry {
  id: string
  patient_id: string
  section: RecordSection
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
  [field: string]: unknown
}
