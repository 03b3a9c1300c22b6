import * as v from 'valibot'
import type { Permission } from '../rules/permissions'

/**
 * SPEC §7 `GET /patients/{id}/user-information?module&is_patient_id` (decision 0036): who a
 * patient is, as the head of a module's screen shows them before anything else — the record
 * banner's facts, warnings and labels — for the module named in `module`, which the read is
 * audited as. `{id}` is the patient's id, or with `is_patient_id=0` the id of the patient's access
 * account (patient mode knows only its own user id).
 */

/**
 * The modules that head their screens with the patient, by SPEC §2 route name, and the
 * permissions with which a caller opens one for a patient in their care (any of them). The
 * patient-mode screens (keyed by their SPEC §2 path, `patient/…`) name the patient's own record
 * only: their permission is the screen's, and the patient asked about must be the caller.
 */
export const INFORMATION_MODULES = {
  patients: ['patients-index'],
  'digital-record': ['digital-record-index'],
  'medical-consultation': ['medical-consultation-create', 'medical-consultation-edit'],
  covid: ['covid-create', 'covid-history'],
  vaccinations: ['vaccinations-card', 'vaccinations-register-vaccine'],
  'periodic-exams': ['periodic-exams-create', 'periodic-exams-edit', 'periodic-exams-view'],
  'medical-exam': ['medical-exam-create', 'medical-exam-edit', 'medical-exam-detail'],
  'clinical-history': ['clinical-history-create', 'clinical-history-edit', 'clinical-history-detail'],
  'certificate-health-status': [
    'certificate-health-status-create',
    'certificate-health-status-edit',
    'certificate-health-status-view',
  ],
  'record-disabilities': [
    'record-disabilities-create',
    'record-disabilities-edit',
    'record-disabilities-view',
    'record-disabilities-detail',
  ],
  'incident-report-st7': [
    'incident-report-st7-create',
    'incident-report-st7-edit',
    'incident-report-st7-view',
  ],
  'patient-evolution': ['patient-evolution-index'],
  'patient/habits': ['patient-habits'],
  'patient/incapacities': ['patient-incapacities'],
  'patient/covid': ['patient-covid'],
  'patient/evolution': ['patient-evolution'],
  'patient/blood-pressure': ['patient-blood-pressure'],
  'patient/glucose': ['patient-glucose'],
  'patient/somatometry': ['patient-somatometry'],
  'patient/nutrition': ['patient-nutrition'],
} as const satisfies Record<string, readonly [Permission, ...Permission[]]>

export type InformationModule = keyof typeof INFORMATION_MODULES

/** The patient-mode modules: a patient reads only their own head. */
export const OWN_RECORD_MODULES: ReadonlySet<InformationModule> = new Set([
  'patient/habits',
  'patient/incapacities',
  'patient/covid',
  'patient/evolution',
  'patient/blood-pressure',
  'patient/glucose',
  'patient/somatometry',
  'patient/nutrition',
])

/** Every permission that opens some module's head: the endpoint's access (the handler narrows it). */
export const INFORMATION_PERMISSIONS = [
  ...new Set(Object.values(INFORMATION_MODULES).flat()),
] as unknown as readonly [Permission, ...Permission[]] // the map above is non-empty

export const PatientInformationParams = v.object({ id: v.pipe(v.string(), v.uuid('field.uuid')) })

/**
 * `module` is required (the audit names it); `is_patient_id` is SPEC's flag as a query string
 * sends it (`1`/`0`, `true`/`false`), a patient id when absent.
 */
export const PatientInformationQuery = v.object({
  module: v.picklist(Object.keys(INFORMATION_MODULES) as InformationModule[], 'field.picklist'),
  is_patient_id: v.optional(
    v.pipe(
      v.picklist(['1', '0', 'true', 'false'], 'field.picklist'),
      v.transform((flag) => flag === '1' || flag === 'true'),
    ),
    '1',
  ),
})
export type PatientInformationQuery = v.InferOutput<typeof PatientInformationQuery>

const Person = v.object({ id: v.string(), name: v.string() })

/** A special sublabel the patient carries, with its label's name, colour and icon codes. */
const CarriedLabel = v.object({
  sublabel_id: v.string(),
  name: v.string(),
  special_label_id: v.string(),
  special_label_name: v.string(),
  color: v.string(),
  icon: v.string(),
})

/** The head of a module's screen: identification, what to see first, who looks after them. */
export const PatientInformation = v.object({
  patient_id: v.string(),
  /** The patient's access account, when they have one (patient mode). */
  user_id: v.nullable(v.string()),
  module: v.string(),
  name: v.string(),
  last_name: v.string(),
  second_last_name: v.nullable(v.string()),
  full_name: v.string(),
  birth_date: v.string(),
  /** Completed years today in the tenant's zone (`rules/age.ts`). */
  age: v.nullable(v.number()),
  biological_sex: v.nullable(v.string()),
  gender: v.nullable(v.string()),
  curp: v.string(),
  payroll_number: v.nullable(v.string()),
  nss: v.nullable(v.string()),
  blood_type: v.nullable(v.string()),
  administrative_status: v.string(),
  /** Each allergy or tolerance, and each alert or special need, in one line, oldest first. */
  allergies: v.array(v.string()),
  alerts: v.array(v.string()),
  special_labels: v.array(CarriedLabel),
  assigned_professionals: v.array(Person),
})
export type PatientInformation = v.InferOutput<typeof PatientInformation>
