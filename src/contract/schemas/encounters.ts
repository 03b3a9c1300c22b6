import * as v from 'valibot'
import { IsoInstant } from '../rules/calendar'
import { CALL_DURATION, callDurationProblem } from '../rules/call-duration'
import { prescriptionProblem } from '../rules/prescription'
import { DOSE_QUANTITY, DOSE_UNITS, EVERY_HOURS, FOR_DAYS, ROUTES } from '../rules/prescription-terms'
import {
  DIASTOLIC,
  GLUCOSE,
  HEART_RATE,
  HEIGHT_M,
  OXIMETRY,
  RESPIRATORY_RATE,
  SYSTOLIC,
  TEMPERATURE_C,
  WEIGHT_KG,
} from '../rules/vital-ranges'
import { changesOf, decimalIn, optionalText, orNull, requiredText, TimeZoneName, wholeIn } from './bounded'

/**
 * A medical consultation (SPEC §1, §3 "encounters", §7 "Encounters"; issue 19): a clinical note
 * recorded on the device, offline, with the device's UUIDv7 id. Edits keep the original (NOM-004):
 * the server records each one as an amendment (docs/decisions/0022-consultations.md).
 */

/** SPEC §1: consultation types. */
export const ENCOUNTER_TYPES = ['initial', 'follow_up'] as const
export type EncounterType = (typeof ENCOUNTER_TYPES)[number]

/** SPEC §1: on-site or remote; `GET /patients/encounter/modalities` answers them with their names. */
export const ENCOUNTER_MODALITIES = ['on_site', 'remote'] as const
export type EncounterModality = (typeof ENCOUNTER_MODALITIES)[number]

/** How many diagnoses and prescription lines one consultation may carry. */
export const MAX_DIAGNOSES = 20
export const MAX_PRESCRIPTION_LINES = 30
/** A SOAP note's part: a long page of text, bounded. */
export const MAX_NOTE_LENGTH = 5000

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

/**
 * The vital signs and somatometry of SPEC §5, all optional, in SI units whatever unit the form
 * took them in (decision 0011: `units.ts` converts). BMI is not here: it is computed from weight
 * and height (`bodyMassIndex`), never typed.
 */
export const VITAL_SIGNS = {
  weight_kg: orNull(decimalIn(WEIGHT_KG)),
  height_m: orNull(decimalIn(HEIGHT_M)),
  temperature_c: orNull(decimalIn(TEMPERATURE_C)),
  oximetry: orNull(wholeIn(OXIMETRY)),
  systolic: orNull(wholeIn(SYSTOLIC)),
  diastolic: orNull(wholeIn(DIASTOLIC)),
  heart_rate: orNull(wholeIn(HEART_RATE)),
  respiratory_rate: orNull(wholeIn(RESPIRATORY_RATE)),
  glucose: orNull(decimalIn(GLUCOSE)),
} as const
export type VitalSign = keyof typeof VITAL_SIGNS

/** An ICD-10 (CIE-10) code as stored: upper case, no dot (`E119`, `J00`). */
const DiagnosisCode = v.pipe(
  v.string('field.required'),
  v.trim(),
  v.toUpperCase(),
  v.maxLength(7),
  v.regex(/^[A-Z]\d{2}[0-9A-Z]{0,4}$/, 'encounter.diagnosisCode'),
)

/**
 * A diagnosis: its CIE-10 code and name as picked (from the tenant's diagnoses or CIE-10), and
 * the affected system it is filed under — brought by the pick, editable by the professional.
 */
export const Diagnosis = v.object({
  code: DiagnosisCode,
  name: requiredText(300),
  affected_system_id: Id,
})
export type Diagnosis = v.InferOutput<typeof Diagnosis>

/** One or more diagnoses, no code twice. */
export const Diagnoses = v.pipe(
  v.array(Diagnosis, 'field.type'),
  v.minLength(1, 'encounter.diagnosisRequired'),
  v.maxLength(MAX_DIAGNOSES, 'field.maxItems'),
  v.check(
    (diagnoses) => new Set(diagnoses.map((d) => d.code)).size === diagnoses.length,
    'encounter.duplicateDiagnosis',
  ),
)

/**
 * A prescription line (SPEC §3 medicines with presentations): the medicine and presentation of
 * the tenant's catalogue, with copies of their names and dose so that an old prescription prints
 * the same after the catalogue changes, and the instruction as codes and numbers
 * (`prescription-terms.ts`) so that every device words it alike.
 */
export const PrescriptionLine = v.object({
  id: Id,
  medicine_id: Id,
  presentation_id: Id,
  medicine_name: requiredText(200),
  presentation_name: requiredText(100),
  dose: requiredText(100),
  quantity: v.pipe(
    v.number('field.required'),
    v.finite('field.type'),
    v.minValue(DOSE_QUANTITY.min),
    v.maxValue(DOSE_QUANTITY.max),
  ),
  unit: v.picklist(DOSE_UNITS, 'field.picklist'),
  via: v.picklist(ROUTES, 'field.picklist'),
  every_hours: wholeIn(EVERY_HOURS),
  for_days: wholeIn(FOR_DAYS),
  indications: optionalText(500),
})
export type PrescriptionLine = v.InferOutput<typeof PrescriptionLine>

/** A whole prescription: every line complete (its schema), no medicine nor dose twice (SPEC §5, §8). */
export const Prescription = v.pipe(
  v.array(PrescriptionLine, 'field.type'),
  v.maxLength(MAX_PRESCRIPTION_LINES, 'field.maxItems'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = prescriptionProblem(dataset.value)
    if (problem) addIssue({ message: problem })
  }),
)

/** The fields of a consultation a person fills in and may amend later (all but the prescription). */
export const ENCOUNTER_FIELDS = {
  type: v.picklist(ENCOUNTER_TYPES, 'field.picklist'),
  /** When it took place: the form's YYYY/MM/DD and HH:MM as an instant (`instantOfDateTime`). */
  started_at: IsoInstant,
  modality: v.picklist(ENCOUNTER_MODALITIES, 'field.picklist'),
  call_duration: orNull(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(8, 'encounter.callDuration'),
      v.regex(CALL_DURATION, 'encounter.callDuration'),
    ),
  ),
  /** A value of the tenant's `consultReason` catalogue. */
  reason_id: Id,
  ...VITAL_SIGNS,
  diagnoses: Diagnoses,
  subjective: optionalText(MAX_NOTE_LENGTH),
  objective: optionalText(MAX_NOTE_LENGTH),
  analysis: optionalText(MAX_NOTE_LENGTH),
  plan: optionalText(MAX_NOTE_LENGTH),
} as const

/** Every field an edit may change: the consultation's own and its prescription. */
export const AMENDABLE_FIELDS = { ...ENCOUNTER_FIELDS, prescription: Prescription } as const
export type AmendableField = keyof typeof AMENDABLE_FIELDS

/** The two fields SPEC §5 judges together: a consultation's modality and its call's duration. */
type CallFields = { modality: string; call_duration: string | null }

/**
 * SPEC §5: a remote consultation needs its call duration; an on-site one takes none. One check,
 * on the call duration's field, for every schema that holds both fields (the create, and the
 * consultation as an amendment leaves it); its message is `callDurationProblem`'s key.
 */
const CALL_DURATION_FITS = v.forward(
  v.partialCheck(
    [['modality'], ['call_duration']],
    (call: CallFields) => callDurationProblem(call.modality, call.call_duration) === null,
    (issue: v.PartialCheckIssue<CallFields>) =>
      callDurationProblem(issue.input.modality, issue.input.call_duration) ?? 'field.invalid',
  ),
  ['call_duration'],
)

/** The check above in the pipe of a schema whose output holds both fields (it reads only them). */
function callDurationFits<TInput extends CallFields>() {
  return CALL_DURATION_FITS as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<CallFields>>
}

/**
 * The modality and call duration of a consultation as an amendment leaves it: what the device's
 * mutator checks before queueing an edit (the server checks the same with `callDurationProblem`).
 */
export const CallOfModality = v.pipe(
  v.object({ modality: ENCOUNTER_FIELDS.modality, call_duration: ENCOUNTER_FIELDS.call_duration }),
  callDurationFits(),
)

/**
 * POST /patients/encounter: the consultation's data, without a prescription — SPEC §5 lets a
 * prescription be written only once the consultation's data is saved, so it comes as an edit of
 * a consultation the server holds (decision 0022); a create carrying one is refused.
 */
export const CreateEncounterRequest = v.pipe(
  v.object({
    id: Id,
    patient_id: Id,
    ...ENCOUNTER_FIELDS,
    prescription: v.optional(
      v.pipe(v.array(PrescriptionLine, 'field.type'), v.maxLength(0, 'encounter.prescriptionBeforeSave')),
      [],
    ),
  }),
  callDurationFits(),
)
export type CreateEncounterRequest = v.InferOutput<typeof CreateEncounterRequest>

/**
 * POST /patients/encounter/{id}: an amendment, only the fields that changed (a three-way merge
 * needs them apart), against If-Match. Whether the call duration fits the modality is judged on
 * the consultation as the amendment leaves it (`callDurationProblem`), by the mutator and the
 * server alike.
 */
export const UpdateEncounterRequest = changesOf(AMENDABLE_FIELDS)
export type UpdateEncounterRequest = v.InferOutput<typeof UpdateEncounterRequest>

export const EncounterIdParams = v.object({ id: Id })

/**
 * The consultation's documents (decision 0024): printed in `time_zone` — the device passes its
 * own to get the very bytes it builds offline; without it, the server's (central Mexico).
 */
export const EncounterDocumentQuery = v.object({
  time_zone: v.optional(TimeZoneName),
})
export const PatientEncountersQuery = v.object({ patient_id: Id })

/** Who wrote a consultation or an amendment, as the note prints them. */
export interface EncounterAuthor {
  id: string
  name: string
  /** The practitioner title (decision 0018), when the account has one. */
  title: string | null
  /** The cédula profesional, when the account has one. */
  professional_license: string | null
}

/** A consultation as the API (and the change feed) answers it. */
export interface Encounter {
  id: string
  patient_id: string
  type: EncounterType
  started_at: string
  modality: EncounterModality
  call_duration: string | null
  reason_id: string
  weight_kg: number | null
  height_m: number | null
  /** Computed from weight and height, one decimal; null while either is missing. */
  bmi: number | null
  temperature_c: number | null
  oximetry: number | null
  systolic: number | null
  diastolic: number | null
  heart_rate: number | null
  respiratory_rate: number | null
  glucose: number | null
  diagnoses: Diagnosis[]
  subjective: string | null
  objective: string | null
  analysis: string | null
  plan: string | null
  prescription: PrescriptionLine[]
  /** The professional who recorded it (the server takes it from the session, never the body). */
  prescriber: EncounterAuthor | null
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}

/** One field an amendment changed: what it held and what it holds since. */
export interface FieldChange {
  before: unknown
  after: unknown
}

/** An edit of a consultation (NOM-004): who, when, and each field's value before and after. */
export interface EncounterAmendment {
  id: string
  /** The consultation's version the edit made. */
  version: number
  amended_at: string
  amended_by: Pick<EncounterAuthor, 'id' | 'name'> | null
  changes: Partial<Record<AmendableField, FieldChange>>
}

/** GET /patients/encounter/show/{id}: the consultation with its amendments, oldest first. */
export interface EncounterWithAmendments extends Encounter {
  amendments: EncounterAmendment[]
}

/** GET /patients/encounter/modalities: each modality with its name in the request's language. */
export interface EncounterModalityOption {
  code: EncounterModality
  name: string
}
