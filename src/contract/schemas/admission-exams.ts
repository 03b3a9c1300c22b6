import * as v from 'valibot'
import { ADMISSION_AGE, CONSUMPTION, TIMES_PER_WEEK } from '../rules/admission-ranges'
import { IsoDay } from '../rules/calendar'
import { DIASTOLIC, HEART_RATE, HEIGHT_M, PERIMETER_CM, SYSTOLIC, WEIGHT_KG } from '../rules/vital-ranges'
import {
  changesOf,
  decimalIn,
  list,
  optionalText,
  orNull,
  requiredText,
  TimeZoneName,
  wholeIn,
  wholeNumber,
} from './bounded'
import { VITAL_SIGNS } from './encounters'
import { type OccupationalExposure, OccupationalExposures } from './occupational-exposures'

/**
 * The admission (pre-employment) medical exam (SPEC §2 "/digital-record/medical-exam", §3
 * "admission medical exams with treatments", §4 "Pre-employment exam result", §5; issue 22).
 * One long form of seven sections, each its own schema below, filled step by step on the device
 * and saved as it goes: a draft may hold any sections (null until filled), and only an exam with
 * a result must hold them all (`admissionExamProblems`). Each section is validated whole by its
 * schema when its step is saved, so the step form and the server refuse the same values.
 * Append-only like a consultation (NOM-004): an edit is an amendment keeping each changed field
 * before and after; treatments are rows of their own, added by id and removed softly.
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))
const note = optionalText(1000)

/** SPEC §4: the pre-employment exam result. */
export const ADMISSION_RESULTS = ['complies', 'does_not_comply', 'complies_with_conditions'] as const
export type AdmissionResult = (typeof ADMISSION_RESULTS)[number]

// ── Family history ──────────────────────────────────────────────────────────────────────────
export const RELATIVES = ['father', 'mother', 'sibling', 'grandparent', 'child', 'spouse', 'other'] as const
export const FamilyHistoryEntry = v.object({
  relative: v.picklist(RELATIVES, 'field.picklist'),
  /** The disease (diabetes, hypertension, cancer…), as said. */
  condition: requiredText(200),
  /** Whether the relative is alive; null when not known. */
  alive: orNull(v.boolean('field.type')),
})
export const FamilyHistory = v.object({
  entries: list(FamilyHistoryEntry, 30),
  notes: optionalText(2000),
})
export type FamilyHistory = v.InferOutput<typeof FamilyHistory>

// ── Hygiene and housing habits ──────────────────────────────────────────────────────────────
export const SUBSTANCES = ['tobacco', 'alcohol', 'drugs', 'caffeine'] as const
/** A substance consumed: how much per occasion (1–300), how many days a week (1–7), since what age (8–99). */
export const Consumption = v.object({
  substance: v.picklist(SUBSTANCES, 'field.picklist'),
  consumption: wholeIn(CONSUMPTION),
  times_per_week: wholeIn(TIMES_PER_WEEK),
  age_started: orNull(wholeIn(ADMISSION_AGE)),
})
export const HOUSING_TYPES = ['own', 'rented', 'borrowed', 'other'] as const
export const HOUSING_SERVICES = ['water', 'drainage', 'electricity', 'gas', 'internet'] as const
export const HygieneHousing = v.object({
  consumptions: v.pipe(
    list(Consumption, SUBSTANCES.length),
    v.check(
      (items) => new Set(items.map((c) => c.substance)).size === items.length,
      'admissionExam.duplicateSubstance',
    ),
  ),
  physical_activity: optionalText(200),
  /** Days a week of physical activity (1–7); null when none. */
  activity_times_per_week: orNull(wholeIn(TIMES_PER_WEEK)),
  /** Baths a week (1–7). */
  baths_per_week: wholeIn(TIMES_PER_WEEK),
  housing_type: v.picklist(HOUSING_TYPES, 'field.picklist'),
  housing_services: list(v.picklist(HOUSING_SERVICES, 'field.picklist'), HOUSING_SERVICES.length),
  inhabitants: wholeNumber(1, 50),
  pets: optionalText(200),
  notes: optionalText(2000),
})
export type HygieneHousing = v.InferOutput<typeof HygieneHousing>

// ── Personal background ─────────────────────────────────────────────────────────────────────
export const PersonalBackground = v.object({
  chronic_diseases: note,
  surgeries: note,
  traumas: note,
  allergies: note,
  transfusions: note,
  hospitalizations: note,
  notes: optionalText(2000),
})
export type PersonalBackground = v.InferOutput<typeof PersonalBackground>

// ── Work background ─────────────────────────────────────────────────────────────────────────
/** A previous job: where, what, how many years, and the agents it exposed the worker to. */
export const PreviousJob = v.object({
  company: requiredText(200),
  position: requiredText(120),
  years: wholeNumber(0, 80),
  exposures: v.optional(OccupationalExposures, []),
  protective_equipment: optionalText(300),
})
export const WorkBackground = v.object({
  previous_jobs: list(PreviousJob, 20),
  work_accidents: note,
  occupational_diseases: note,
})
export type WorkBackground = v.InferOutput<typeof WorkBackground>

// ── Systems interrogation ───────────────────────────────────────────────────────────────────
export const BODY_SYSTEMS = [
  'general',
  'cardiovascular',
  'respiratory',
  'digestive',
  'genitourinary',
  'nervous',
  'musculoskeletal',
  'skin',
  'endocrine',
  'hematologic',
  'psychiatric',
] as const
export const SystemsInterrogation = v.object(
  Object.fromEntries(BODY_SYSTEMS.map((system) => [system, note])) as Record<
    (typeof BODY_SYSTEMS)[number],
    typeof note
  >, // fromEntries forgets the keys
)
export type SystemsInterrogation = v.InferOutput<typeof SystemsInterrogation>

// ── Physical exploration ────────────────────────────────────────────────────────────────────
export const BODY_REGIONS = ['head', 'neck', 'chest', 'abdomen', 'spine', 'extremities', 'skin'] as const
/**
 * Vital signs and somatometry within SPEC §5's ranges (the consultation's), of which weight,
 * height, blood pressure and heart rate are required; visual acuity as read (20/20…); findings by
 * body region.
 */
export const PhysicalExploration = v.object({
  ...VITAL_SIGNS,
  weight_kg: decimalIn(WEIGHT_KG),
  height_m: decimalIn(HEIGHT_M),
  systolic: wholeIn(SYSTOLIC),
  diastolic: wholeIn(DIASTOLIC),
  heart_rate: wholeIn(HEART_RATE),
  waist_cm: orNull(decimalIn(PERIMETER_CM)),
  hip_cm: orNull(decimalIn(PERIMETER_CM)),
  visual_acuity_right: optionalText(20),
  visual_acuity_left: optionalText(20),
  ...(Object.fromEntries(BODY_REGIONS.map((region) => [region, note])) as Record<
    (typeof BODY_REGIONS)[number],
    typeof note
  >), // fromEntries forgets the keys
})
export type PhysicalExploration = v.InferOutput<typeof PhysicalExploration>

// ── Lab results ─────────────────────────────────────────────────────────────────────────────
/**
 * A lab or cabinet result: an entry of the `clinicalExam` catalogue when it is one (else its name
 * as written) and what it gave. The reports themselves (PDF or images) are the exam's files
 * (`admissionExamFiles`).
 */
export const LabResult = v.object({
  id: Id,
  clinical_exam_id: orNull(Id),
  name: requiredText(200),
  result: requiredText(2000),
  performed_on: orNull(IsoDay),
})
export const LabResults = v.object({
  results: list(LabResult, 30),
  notes: optionalText(2000),
})
export type LabResults = v.InferOutput<typeof LabResults>

/** The sections in the order of SPEC §2, each validated whole by its schema. */
export const ADMISSION_SECTIONS = {
  family_history: FamilyHistory,
  hygiene_housing: HygieneHousing,
  personal_background: PersonalBackground,
  work_background: WorkBackground,
  systems_interrogation: SystemsInterrogation,
  physical_exploration: PhysicalExploration,
  lab_results: LabResults,
} as const
export type AdmissionSection = keyof typeof ADMISSION_SECTIONS
export const ADMISSION_SECTION_NAMES = Object.keys(ADMISSION_SECTIONS) as AdmissionSection[] // keys of a literal

// ── Treatments ──────────────────────────────────────────────────────────────────────────────
/** A treatment the candidate takes or is given: its own device id, added and removed on its own. */
export const Treatment = v.object({
  id: Id,
  medicine: requiredText(200),
  dose: optionalText(200),
  indications: optionalText(1000),
})
export type Treatment = v.InferOutput<typeof Treatment>
export const MAX_TREATMENTS = 30
export const Treatments = v.pipe(
  list(Treatment, MAX_TREATMENTS),
  v.check((rows) => new Set(rows.map((r) => r.id)).size === rows.length, 'admissionExam.duplicateTreatment'),
)

/** The fields an exam holds and an amendment may change (patient, id and treatments apart). */
export const ADMISSION_EXAM_FIELDS = {
  examined_on: IsoDay,
  /** The position the candidate applies for. */
  position: optionalText(200),
  family_history: orNull(FamilyHistory),
  hygiene_housing: orNull(HygieneHousing),
  personal_background: orNull(PersonalBackground),
  work_background: orNull(WorkBackground),
  systems_interrogation: orNull(SystemsInterrogation),
  physical_exploration: orNull(PhysicalExploration),
  lab_results: orNull(LabResults),
  /** Null while the exam is a draft. */
  result: orNull(v.picklist(ADMISSION_RESULTS, 'field.picklist')),
  /** The conditions of a "complies with conditions" result (required then, refused otherwise). */
  conditions: optionalText(2000),
  observations: optionalText(5000),
} as const
export type AdmissionExamField = keyof typeof ADMISSION_EXAM_FIELDS

type Judged = Partial<Record<AdmissionSection, unknown>> & {
  result?: AdmissionResult | null
  conditions?: string | null
}

/**
 * What keeps an exam from being valid as it stands, field by field (422 message keys): a result
 * needs every section filled, a "complies with conditions" its conditions written, and conditions
 * need that result. A draft (no result) is valid with any sections. The create schema, the
 * device's step form and mutator, and the server on an amended exam all ask this.
 */
export function admissionExamProblems(exam: Judged): Array<[AdmissionExamField, string]> {
  const problems: Array<[AdmissionExamField, string]> = []
  if (exam.result) {
    for (const section of ADMISSION_SECTION_NAMES) {
      if (exam[section] == null) problems.push([section, 'admissionExam.sectionRequired'])
    }
  }
  const hasConditions = Boolean(exam.conditions?.trim())
  if (exam.result === 'complies_with_conditions' && !hasConditions)
    problems.push(['conditions', 'admissionExam.conditionsRequired'])
  if (exam.result !== 'complies_with_conditions' && hasConditions)
    problems.push(['conditions', 'admissionExam.conditionsWithoutResult'])
  return problems
}

/** The sections still to fill before a result may be set: what the step form marks. */
export const missingAdmissionSections = (exam: Partial<Record<AdmissionSection, unknown>>) =>
  ADMISSION_SECTION_NAMES.filter((section) => exam[section] == null)

/** `admissionExamProblems` as a check of a schema, each problem on its field. */
const examIsConsistent = <T extends Judged>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const exam = dataset.value
    for (const [field, message] of admissionExamProblems(exam)) {
      addIssue({
        message,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: exam as Record<string, unknown>, // an object schema's output
            key: field,
            value: (exam as Record<string, unknown>)[field],
          },
        ],
      })
    }
  })

/**
 * POST /patients/admission-medical-exam/{patient}: a new exam (usually a draft: the first step
 * saved) with the device's id and its treatments; replaying the id answers the stored exam.
 */
export const CreateAdmissionExamRequest = v.pipe(
  v.object({ id: Id, ...ADMISSION_EXAM_FIELDS, treatments: v.optional(Treatments, []) }),
  examIsConsistent(),
)
export type CreateAdmissionExamRequest = v.InferOutput<typeof CreateAdmissionExamRequest>

/**
 * POST /patients/admission-medical-exam/update/{id}: an amendment against If-Match — the fields
 * that changed (a section is replaced whole), and in `treatments` the rows added (a new id) or
 * changed (a known id). The exam as the amendment leaves it must pass `admissionExamProblems`.
 */
export const AmendAdmissionExamRequest = changesOf({ ...ADMISSION_EXAM_FIELDS, treatments: Treatments })
export type AmendAdmissionExamRequest = v.InferOutput<typeof AmendAdmissionExamRequest>

export const AdmissionExamPatientParams = v.object({ patient: Id })
export const AdmissionExamIdParams = v.object({ id: Id })
export const AdmissionExamDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/** Who recorded or amended an exam. */
export interface AdmissionExamAuthor {
  id: string
  name: string
  title: string | null
  professional_license: string | null
}

export interface TreatmentRow extends Treatment {
  deleted_at: string | null
}

/** An amendment (NOM-004): the version it made, when, by whom, each changed field. */
export interface AdmissionExamAmendment {
  id: string
  version: number
  amended_at: string
  amended_by: Pick<AdmissionExamAuthor, 'id' | 'name'> | null
  changes: Partial<Record<AdmissionExamField | 'treatments', { before: unknown; after: unknown }>>
}

/** An admission exam as the API and the change feed (`admission-exam`) answer it. */
export interface AdmissionExam {
  id: string
  patient_id: string
  examined_on: string
  position: string | null
  family_history: FamilyHistory | null
  hygiene_housing: HygieneHousing | null
  personal_background: PersonalBackground | null
  work_background: WorkBackground | null
  systems_interrogation: SystemsInterrogation | null
  physical_exploration: PhysicalExploration | null
  lab_results: LabResults | null
  result: AdmissionResult | null
  conditions: string | null
  observations: string | null
  /** Live and removed treatments (removed ones with `deleted_at`), in the order added. */
  treatments: TreatmentRow[]
  author: AdmissionExamAuthor | null
  amendments: AdmissionExamAmendment[]
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}

/** The exposures of every previous job, one list (what the periodic exam shows beside its own). */
export const workExposures = (work: WorkBackground | null): OccupationalExposure[] =>
  work ? work.previous_jobs.flatMap((job) => job.exposures) : []
