import * as v from 'valibot'
import { ageOn } from '../rules/age'
import { IsoDay, IsoInstant } from '../rules/calendar'
import {
  CONSCIOUSNESS_STATES,
  SUPPLEMENTAL_OXYGENS,
  TRIAGE_CLASSIFICATIONS,
  type TriageClassification,
  type TriageResult,
  triageClassification,
} from '../rules/triage-classification'
import {
  changesOf,
  commaCodes,
  list,
  optionalText,
  orNull,
  requiredText,
  TimeZoneName,
  text,
} from './bounded'
import { VITAL_SIGNS } from './encounters'
import { TRIAGE_STATUSES, type TriageStatus } from './triage-statuses'

export { TRIAGE_STATUSES, type TriageStatus }

/**
 * COVID triage and follow-up (SPEC §2 "Consultation and COVID", §3, §4, §5, §7 "COVID"; issue 20;
 * docs/decisions/0025-covid-triage.md). Every record is made on the device, offline, with its
 * UUIDv7 id. A triage consultation is never edited: the only value that changes after it is
 * recorded is its classification, which a reclassification overwrites (SPEC §4).
 */

/**
 * The lists SPEC §7 "COVID" names (`GET /api/covid/<name>`), codes and names in the request's
 * language. `consciousness-states`, `supplemental-oxygens` and `triage-clasifications` hold the
 * codes of `rules/triage-classification.ts`, which the score reads.
 */
export const COVID_LIST_NAMES = [
  'supplemental-oxygens',
  'chronic-degenerative-diseases',
  'immunocompromises',
  'consciousness-states',
  'other-sintoms',
  'triage-clasifications',
] as const
export type CovidListName = (typeof COVID_LIST_NAMES)[number]

/** How bad a cough is. */
export const COUGH_SEVERITIES = ['none', 'mild', 'moderate', 'severe'] as const

/** Why a follow-up call did not take place (`POST /medic-consultation/reject/{patientId}`). */
export const DECLINE_KINDS = ['unreachable', 'declined'] as const
export type DeclineKind = (typeof DECLINE_KINDS)[number]

/** A triage note, an override's or a reclassification's reason. */
export const MAX_TRIAGE_NOTE_LENGTH = 5000
export const MAX_REASON_LENGTH = 500

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))
/** A code of one of the reference lists; the server checks that the list holds it. */
const Code = v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(60))
const codes = v.optional(list(Code, 30), [])
const flag = orNull(v.boolean('field.type'))

/** The vital signs a triage takes (SPEC §5 ranges, the consultations' own fields and units). */
const TRIAGE_VITAL_SIGNS = {
  temperature_c: VITAL_SIGNS.temperature_c,
  oximetry: VITAL_SIGNS.oximetry,
  systolic: VITAL_SIGNS.systolic,
  diastolic: VITAL_SIGNS.diastolic,
  heart_rate: VITAL_SIGNS.heart_rate,
  respiratory_rate: VITAL_SIGNS.respiratory_rate,
  weight_kg: VITAL_SIGNS.weight_kg,
  height_m: VITAL_SIGNS.height_m,
} as const

/** What a professional fills in at a triage consultation (issue 20 "Triage consultation"). */
export const TRIAGE_FIELDS = {
  /** When it took place: the form's YYYY/MM/DD and HH:MM as an instant. */
  consulted_at: IsoInstant,
  /** SPEC §4: the patient's triage status after this consultation. */
  status: v.picklist(TRIAGE_STATUSES, 'field.picklist'),
  /** A `cases-general` code: suspected, confirmed, ruled out, contact. */
  covid_case: orNull(Code),
  /** A `collaborator-advancement` code: where the employee is (home, remote work, back at work…). */
  advancement: orNull(Code),
  /** A `reason-ruled-out` code, for a ruled-out case. */
  ruled_out_reason: orNull(Code),
  /** `initial-symptoms` codes. */
  symptoms: codes,
  /** `other-sintoms` codes. */
  other_symptoms: codes,
  first_symptom_date: orNull(IsoDay),
  shortness_of_breath: flag,
  cough_severity: orNull(v.picklist(COUGH_SEVERITIES, 'field.picklist')),
  ...TRIAGE_VITAL_SIGNS,
  supplemental_oxygen: orNull(v.picklist(SUPPLEMENTAL_OXYGENS, 'field.picklist')),
  consciousness: orNull(v.picklist(CONSCIOUSNESS_STATES, 'field.picklist')),
  /** `chronic-degenerative-diseases` codes: any is a risk factor. */
  chronic_degenerative_diseases: codes,
  /** `immunocompromises` codes: any is a risk factor. */
  immunocompromises: codes,
  pregnancy: flag,
  recontagion: flag,
  vaccinated: flag,
  quarantine_start_date: orNull(IsoDay),
  quarantine_end_date: orNull(IsoDay),
  /** The evolution note (`evolution-notes-list`). */
  notes: optionalText(MAX_TRIAGE_NOTE_LENGTH),
  /** What the rule proposes from these values; the server computes it again and refuses another. */
  proposed_classification: v.picklist(TRIAGE_CLASSIFICATIONS, 'field.picklist'),
  /** What the professional chose: the proposal, or an override of it with its reason. */
  classification: v.picklist(TRIAGE_CLASSIFICATIONS, 'field.picklist'),
  override_reason: optionalText(MAX_REASON_LENGTH),
} as const

export type TriageFields = {
  [K in keyof typeof TRIAGE_FIELDS]: v.InferOutput<(typeof TRIAGE_FIELDS)[K]>
}

/** The values the score reads, with the patient's age on the consultation's day. */
export type TriageScoreFields = Pick<
  TriageFields,
  | 'respiratory_rate'
  | 'oximetry'
  | 'supplemental_oxygen'
  | 'temperature_c'
  | 'systolic'
  | 'heart_rate'
  | 'consciousness'
  | 'chronic_degenerative_diseases'
  | 'immunocompromises'
  | 'pregnancy'
  | 'consulted_at'
>

/**
 * The rule's result for a consultation's values and the patient's birth date (null when unknown):
 * the age counts in completed years on the consultation's day as the instant's text gives it.
 */
export function triageOf(fields: TriageScoreFields, birthDate: string | null): TriageResult {
  return triageClassification({
    respiratory_rate: fields.respiratory_rate,
    oximetry: fields.oximetry,
    supplemental_oxygen: fields.supplemental_oxygen,
    temperature_c: fields.temperature_c,
    systolic: fields.systolic,
    heart_rate: fields.heart_rate,
    consciousness: fields.consciousness,
    age: birthDate ? ageOn(birthDate, fields.consulted_at.slice(0, 10)) : null,
    chronic_degenerative_diseases: fields.chronic_degenerative_diseases,
    immunocompromises: fields.immunocompromises,
    pregnancy: fields.pregnancy,
  })
}

/** An override needs its reason; a chosen value equal to the proposal takes none. */
export const overrideProblem = (
  fields: Pick<TriageFields, 'proposed_classification' | 'classification' | 'override_reason'>,
): 'covid.overrideReasonRequired' | null =>
  fields.classification !== fields.proposed_classification && !fields.override_reason
    ? 'covid.overrideReasonRequired'
    : null

/** The quarantine cannot end before it starts. */
export const quarantineProblem = (
  fields: Pick<TriageFields, 'quarantine_start_date' | 'quarantine_end_date'>,
): 'covid.quarantineEndBeforeStart' | null =>
  fields.quarantine_start_date &&
  fields.quarantine_end_date &&
  fields.quarantine_end_date < fields.quarantine_start_date
    ? 'covid.quarantineEndBeforeStart'
    : null

/**
 * POST /medic-consultation/{patientId}: a triage consultation with the device's id. Whether the
 * proposal is the rule's needs the patient's birth date: the server checks it (`triageOf`),
 * answering 422 `covid.proposedClassification` on `proposed_classification`.
 */
export const CreateTriageConsultationRequest = v.pipe(
  v.object({ id: Id, ...TRIAGE_FIELDS }),
  v.forward(
    v.partialCheck(
      [['proposed_classification'], ['classification'], ['override_reason']],
      (fields) => overrideProblem(fields) === null,
      'covid.overrideReasonRequired',
    ),
    ['override_reason'],
  ),
  v.forward(
    v.partialCheck(
      [['quarantine_start_date'], ['quarantine_end_date']],
      (fields) => quarantineProblem(fields) === null,
      'covid.quarantineEndBeforeStart',
    ),
    ['quarantine_end_date'],
  ),
)
export type CreateTriageConsultationRequest = v.InferOutput<typeof CreateTriageConsultationRequest>

/** POST /medic-consultation/reject/{patientId}: a follow-up that did not take place, and why. */
export const DeclineFollowUpRequest = v.object({
  id: Id,
  declined_at: IsoInstant,
  kind: v.picklist(DECLINE_KINDS, 'field.picklist'),
  reason: requiredText(MAX_REASON_LENGTH),
})
export type DeclineFollowUpRequest = v.InferOutput<typeof DeclineFollowUpRequest>

/**
 * POST /triage-reclassification/{patientId}: a new classification of the patient's last triage
 * consultation (SPEC §4), with its reason. Refused 422 `covid.reclassifyWithoutConsultation`
 * (SPEC §8) while the patient has none.
 */
export const ReclassificationRequest = v.object({
  id: Id,
  reclassified_at: IsoInstant,
  classification: v.picklist(TRIAGE_CLASSIFICATIONS, 'field.picklist'),
  reason: requiredText(MAX_REASON_LENGTH),
})
export type ReclassificationRequest = v.InferOutput<typeof ReclassificationRequest>

/** A COVID test (SPEC §3: date, type, result): `types-of-test` and `results-test` codes. */
export const COVID_TEST_FIELDS = {
  date: IsoDay,
  type: Code,
  result: Code,
} as const
export const CovidTestFields = v.object(COVID_TEST_FIELDS)
export type CovidTestFields = v.InferOutput<typeof CovidTestFields>

/** POST /covid-history/covid-tests/patient/{patientId}. */
export const CreateCovidTestRequest = v.object({ id: Id, ...COVID_TEST_FIELDS })
export type CreateCovidTestRequest = v.InferOutput<typeof CreateCovidTestRequest>

/** PUT /covid-history/covid-tests/patient/{patientId}/{testId}: the changed fields, against If-Match. */
export const UpdateCovidTestRequest = changesOf(COVID_TEST_FIELDS)
export type UpdateCovidTestRequest = v.InferOutput<typeof UpdateCovidTestRequest>

export const CovidIdParams = v.object({ id: Id })
export const CovidPatientParams = v.object({ patientId: Id })
export const CovidTestParams = v.object({ patientId: Id, testId: Id })

/** GET /covid-history/evolution-notes-list/patient/{id}?search: the notes holding the words. */
export const EvolutionNotesQuery = v.object({ search: v.optional(text(100)) })

/** GET /medic-consultation/pdf?id=…: one consultation's document, in the device's time zone. */
export const TriageDocumentQuery = v.object({ id: Id, time_zone: v.optional(TimeZoneName) })

/**
 * The triage list's filters (`/covid`, `GET /triage-concentrated/count`, `…/download`): statuses
 * and classifications (comma-separated codes) and the last consultation's day range.
 */
const triageFilterEntries = {
  statuses: commaCodes(TRIAGE_STATUSES),
  classifications: commaCodes(TRIAGE_CLASSIFICATIONS),
  from: v.optional(IsoDay),
  to: v.optional(IsoDay),
  search: v.optional(text(100)),
}
/** The end of the day range may not come before its start. */
const dayRangeProblem = (query: { from?: string; to?: string }) =>
  Boolean(query.from && query.to && query.to < query.from)
export const TriageFilterQuery = v.pipe(
  v.object(triageFilterEntries),
  v.forward(
    v.partialCheck([['from'], ['to']], (query) => !dayRangeProblem(query), 'covid.rangeEndBeforeStart'),
    ['to'],
  ),
)
export type TriageFilterQuery = v.InferOutput<typeof TriageFilterQuery>
/** The spreadsheet is printed in the caller's time zone (its consultations' times). */
export const TriageDownloadQuery = v.pipe(
  v.object({ ...triageFilterEntries, time_zone: v.optional(TimeZoneName) }),
  v.forward(
    v.partialCheck([['from'], ['to']], (query) => !dayRangeProblem(query), 'covid.rangeEndBeforeStart'),
    ['to'],
  ),
)
export type TriageDownloadQuery = v.InferOutput<typeof TriageDownloadQuery>

/** Who recorded a record, as the screens and the documents show them. */
export interface CovidAuthor {
  id: string
  name: string
  title: string | null
  professional_license: string | null
}

/** A triage consultation as the API and the change feed (`covid-consultation`) answer it. */
export type TriageConsultation = Omit<TriageFields, 'classification'> & {
  id: string
  patient_id: string
  /** Computed from weight and height, one decimal; null while either is missing. */
  bmi: number | null
  /** The NEWS2 aggregate the proposal came from, as the server computed it. */
  news2_score: number
  /** What the professional chose when recording it (never changes). */
  chosen_classification: TriageClassification
  /** The classification now: the chosen one, or the last reclassification's (SPEC §4). */
  classification: TriageClassification
  /** The reclassification that set `classification`, when one did. */
  reclassification_id: string | null
  author: CovidAuthor | null
  version: number
  created_at: string
  updated_at: string
}

/** A declined follow-up as the API and the feed (`covid-decline`) answer it. */
export interface DeclinedFollowUp {
  id: string
  patient_id: string
  declined_at: string
  kind: DeclineKind
  reason: string
  author: CovidAuthor | null
  version: number
  created_at: string
}

/** A reclassification as the API and the feed (`covid-reclassification`) answer it. */
export interface Reclassification {
  id: string
  patient_id: string
  /** The consultation it overwrote: the patient's last when the server applied it. */
  consultation_id: string
  reclassified_at: string
  previous_classification: TriageClassification
  classification: TriageClassification
  reason: string
  author: CovidAuthor | null
  version: number
  created_at: string
}

/** A COVID test as the API and the feed (`covid-test`) answer it. */
export interface CovidTest extends CovidTestFields {
  id: string
  patient_id: string
  author: CovidAuthor | null
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}

/** One step of the patient's triage status (`status-covid-histories/{id}`), newest first. */
export interface CovidStatusEntry {
  consultation_id: string
  status: TriageStatus
  classification: TriageClassification
  at: string
  author: CovidAuthor | null
}

/** An evolution note: a consultation's note with when and by whom. */
export interface EvolutionNote {
  consultation_id: string
  at: string
  status: TriageStatus
  notes: string
  author: CovidAuthor | null
}

/** One point of the graphs (`medic-consultation/graph/{id}`, `graph-patient`), oldest first. */
export interface TriageGraphPoint {
  consultation_id: string
  at: string
  temperature_c: number | null
  oximetry: number | null
  respiratory_rate: number | null
}

/** GET /triage-concentrated/count: the patients in each status (their last consultation's). */
export type TriageCounts = Record<TriageStatus, number> & { total: number; declined: number }

/** GET /get-filters/triage: what the triage list may be filtered by, named in the request's language. */
export interface TriageFilters {
  statuses: Array<{ code: TriageStatus; name: string }>
  classifications: Array<{ code: TriageClassification; name: string }>
}
