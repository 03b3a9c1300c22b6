import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import {
  ACCIDENT_KINDS,
  type AccidentKind,
  incidentReportProblem,
  PROBABLE_QUALIFICATIONS,
  type ProbableQualification,
} from '../rules/incident-report'
import { ClockTime, changesOf, optionalText, requiredText, TimeZoneName, text } from './bounded'
import type { ReportRecord } from './report-amendments'

/**
 * The ST-7 (SPEC §2 `…/incident-report-st7`, §3 "incident reports", §7 `incident-reports`; issue
 * 23): IMSS's "Aviso de atención médica y calificación de probable accidente de trabajo" — the
 * employer's part (the tenant's registro patronal and address), the worker's (from the patient),
 * the accident, the first medical attention (with a disability record it issued), and the
 * probable qualification. The employer's and worker's parts are copies taken when it is written
 * (`create/information/{patient}` prefills them): the form states them as they were that day.
 * Amended under NOM-004; SPEC gives it no delete (decision 0028).
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

export const MAX_INCIDENT_TEXT = 3000

/** A CIE-10 code as stored: upper case, no dot (`S934`). */
const DiagnosisCode = v.pipe(
  v.string('field.required'),
  v.trim(),
  v.toUpperCase(),
  v.maxLength(7),
  v.regex(/^[A-Z]\d{2}[0-9A-Z]{0,4}$/, 'encounter.diagnosisCode'),
)

/** The employer's part, as the tenant's settings hold it. */
export const EmployerPart = v.object({
  business_name: requiredText(300),
  employer_registration: requiredText(20),
  address: requiredText(500),
})
export type EmployerPart = v.InferOutput<typeof EmployerPart>

/** The worker's part, as the patient's record holds it. */
export const WorkerPart = v.object({
  name: requiredText(300),
  nss: v.optional(v.nullable(text(11)), null),
  curp: v.optional(v.nullable(text(18)), null),
  occupation: optionalText(200),
  shift: optionalText(100),
  hire_date: v.optional(v.nullable(IsoDay), null),
})
export type WorkerPart = v.InferOutput<typeof WorkerPart>

/** The fields a person fills in and may amend. */
export const INCIDENT_REPORT_FIELDS = {
  employer: EmployerPart,
  worker: WorkerPart,
  accident_kind: v.picklist(ACCIDENT_KINDS, 'field.picklist'),
  occurred_on: IsoDay,
  occurred_at: ClockTime,
  place: requiredText(500),
  activity: requiredText(MAX_INCIDENT_TEXT),
  description: requiredText(MAX_INCIDENT_TEXT),
  witnesses: optionalText(1000),
  attended_on: IsoDay,
  attended_at: ClockTime,
  diagnosis_code: DiagnosisCode,
  diagnosis_name: requiredText(300),
  injuries: requiredText(MAX_INCIDENT_TEXT),
  body_part: requiredText(300),
  treatment: requiredText(MAX_INCIDENT_TEXT),
  /** The disability the first attention issued, one of the patient's records, if any. */
  disability_id: v.optional(v.nullable(Id), null),
  probable_qualification: v.picklist(PROBABLE_QUALIFICATIONS, 'field.picklist'),
  observations: optionalText(MAX_INCIDENT_TEXT),
} as const
export type IncidentReportField = keyof typeof INCIDENT_REPORT_FIELDS

/** POST /patients/incident-reports: a new report with the device's id (a replay answers it). */
export const CreateIncidentReportRequest = v.pipe(
  v.object({ id: Id, patient_id: Id, ...INCIDENT_REPORT_FIELDS }),
  v.forward(
    v.partialCheck(
      [['occurred_on'], ['attended_on']],
      (fields) => incidentReportProblem(fields) === null,
      'incidentReport.attentionBeforeAccident',
    ),
    ['attended_on'],
  ),
)
export type CreateIncidentReportRequest = v.InferOutput<typeof CreateIncidentReportRequest>

/** POST /patients/incident-reports/{id}: an amendment against If-Match, the changed fields. */
export const AmendIncidentReportRequest = changesOf(INCIDENT_REPORT_FIELDS)
export type AmendIncidentReportRequest = v.InferOutput<typeof AmendIncidentReportRequest>

export const IncidentReportIdParams = v.object({ id: Id })
export const IncidentReportPatientParams = v.object({ patient: Id })
export const PatientIncidentReportsQuery = v.object({ patient_id: Id })
export const IncidentReportDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/** An ST-7 as the API and the change feed (`incident-report`) answer it. */
export interface IncidentReport extends ReportRecord<IncidentReportField> {
  employer: EmployerPart
  worker: WorkerPart
  accident_kind: AccidentKind
  occurred_on: string
  occurred_at: string
  place: string
  activity: string
  description: string
  witnesses: string | null
  attended_on: string
  attended_at: string
  diagnosis_code: string
  diagnosis_name: string
  injuries: string
  body_part: string
  treatment: string
  disability_id: string | null
  probable_qualification: ProbableQualification
  observations: string | null
}

/**
 * GET /patients/incident-reports/create/information/{patient}: the parts a new ST-7 starts from —
 * the employer from the tenant's settings (empty texts where a setting is missing), the worker
 * from the patient, and the patient's disabilities a report may link, newest first.
 */
export interface IncidentReportPrefill {
  employer: EmployerPart
  worker: WorkerPart
  disabilities: { id: string; start_date: string; end_date: string; assigned_number: string | null }[]
}
