import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { EXAM_DUE_STATES, type ExamDueState } from '../rules/periodic-exam-due'
import { changesOf, list, optionalText, TimeZoneName, text } from './bounded'
import { type OccupationalExposure, OccupationalExposures } from './occupational-exposures'

/**
 * A periodic exam (SPEC §2 "/digital-record/periodic-exams", §3 "periodic exams with files and
 * clinical exams", §4 "Exam condition rating", §7 "Periodic exams"; issue 22). Recorded on the
 * device, offline, with its UUIDv7 id. Append-only like a consultation (NOM-004): an edit is an
 * amendment that keeps each changed field before and after, a removal is soft
 * (docs/decisions/0027-occupational-exams.md). The due state it gives the patient is
 * `rules/periodic-exam-due.ts`'s.
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

/** SPEC §4: the exam condition rating. */
export const EXAM_CONDITIONS = ['compliant', 'fails'] as const
export type ExamCondition = (typeof EXAM_CONDITIONS)[number]

export const MAX_CLINICAL_EXAMS = 30
export const MAX_EXAM_RESULT_LENGTH = 2000
export const MAX_EXAM_NOTE_LENGTH = 5000

/**
 * A clinical exam performed at the periodic exam: an entry of the tenant's `clinicalExam`
 * catalogue (audiometry, spirometry, blood count…) and its result. The row has its own device id:
 * its files (lab reports, audiograms, spirometries) hang from it (`periodicExamResultFiles`), and
 * it is removed on its own (`DELETE …/clinic_exam/{id}`).
 */
export const ClinicalExamResult = v.object({
  id: Id,
  clinical_exam_id: Id,
  result: optionalText(MAX_EXAM_RESULT_LENGTH),
})
export type ClinicalExamResult = v.InferOutput<typeof ClinicalExamResult>

/** The clinical exams of one exam: a catalogue entry at most once, a row id at most once. */
export const ClinicalExamResults = v.pipe(
  list(ClinicalExamResult, MAX_CLINICAL_EXAMS),
  v.check(
    (rows) => new Set(rows.map((r) => r.clinical_exam_id)).size === rows.length,
    'periodicExam.duplicateClinicalExam',
  ),
  v.check(
    (rows) => new Set(rows.map((r) => r.id)).size === rows.length,
    'periodicExam.duplicateClinicalExam',
  ),
)

/** The fields a person fills in and may amend later. */
export const PERIODIC_EXAM_FIELDS = {
  examined_on: IsoDay,
  condition: v.picklist(EXAM_CONDITIONS, 'field.picklist'),
  observations: optionalText(MAX_EXAM_NOTE_LENGTH),
  recommendations: optionalText(MAX_EXAM_NOTE_LENGTH),
  /** The occupational exposures seen at this exam (noise, dust…, with years). */
  exposures: v.optional(OccupationalExposures, []),
} as const
export type PeriodicExamField = keyof typeof PERIODIC_EXAM_FIELDS

/**
 * POST /patients/{patient}/periodic-exams: a new exam with the device's id and its clinical exams;
 * replaying the same id answers the stored exam (idempotent create).
 */
export const CreatePeriodicExamRequest = v.object({
  id: Id,
  ...PERIODIC_EXAM_FIELDS,
  clinical_exams: v.optional(ClinicalExamResults, []),
})
export type CreatePeriodicExamRequest = v.InferOutput<typeof CreatePeriodicExamRequest>

/**
 * POST /patients/{patient}/periodic-exams/{id}: an amendment against If-Match — the exam's fields
 * that changed, and in `clinical_exams` the rows added (a new id) or whose result changed (a known
 * id; its catalogue entry stays). Rows not listed stay as they are; a row is removed with
 * `DELETE …/clinic_exam/{id}`. The amendment keeps every change before and after.
 */
export const AmendPeriodicExamRequest = changesOf({
  ...PERIODIC_EXAM_FIELDS,
  clinical_exams: ClinicalExamResults,
})
export type AmendPeriodicExamRequest = v.InferOutput<typeof AmendPeriodicExamRequest>

export const PatientPeriodicExamsParams = v.object({ patient: Id })
export const PeriodicExamParams = v.object({ patient: Id, id: Id })

/** The exam's PDF is printed in `time_zone` (the device passes its own to get the same bytes). */
export const PeriodicExamDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/**
 * The due-state list's filters (`/digital-record/periodic-exams`, the spreadsheet): states
 * (comma-separated codes), a text search over name, payroll number and CURP, and the due-day range.
 */
export const PeriodicExamDueFilterQuery = v.object({
  states: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100, 'field.picklist'),
      v.transform((codes) => codes.split(',').filter((code) => code !== '')),
      v.array(v.picklist(EXAM_DUE_STATES, 'field.picklist')),
    ),
  ),
  search: v.optional(text(100)),
  /** The day the due states are judged on (the device's today); the server's today without it. */
  today: v.optional(IsoDay),
})
export type PeriodicExamDueFilterQuery = v.InferOutput<typeof PeriodicExamDueFilterQuery>

/** Who recorded or amended an exam, as the screens and the PDF show them. */
export interface ExamAuthor {
  id: string
  name: string
  title: string | null
  professional_license: string | null
}

/** A field's value before and after an amendment. */
export interface ExamFieldChange {
  before: unknown
  after: unknown
}

/** A clinical exam row as answered: its catalogue entry's name copied for lists and the PDF. */
export interface ClinicalExamResultRow extends ClinicalExamResult {
  clinical_exam_name: string
  deleted_at: string | null
}

/** An amendment (NOM-004): the version it made, when, by whom, each changed field. */
export interface PeriodicExamAmendment {
  id: string
  version: number
  amended_at: string
  amended_by: Pick<ExamAuthor, 'id' | 'name'> | null
  changes: Partial<Record<PeriodicExamField | 'clinical_exams', ExamFieldChange>>
}

/** A periodic exam as the API and the change feed (`periodic-exam`) answer it. */
export interface PeriodicExam {
  id: string
  patient_id: string
  examined_on: string
  condition: ExamCondition
  observations: string | null
  recommendations: string | null
  exposures: OccupationalExposure[]
  /** Live rows first by catalogue name; removed rows stay with `deleted_at` (the history shows them). */
  clinical_exams: ClinicalExamResultRow[]
  author: ExamAuthor | null
  amendments: PeriodicExamAmendment[]
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}

/** One row of the due-state list and spreadsheet (`src/reports/periodic-exam-due-rows.ts`). */
export interface PeriodicExamDueRow {
  patient_id: string
  name: string
  payroll_number: string | null
  curp: string | null
  administrative_status: string | null
  frequency: string | null
  hire_date: string | null
  last_exam_on: string | null
  last_condition: ExamCondition | null
  state: ExamDueState
  due_on: string | null
  days_left: number | null
}
