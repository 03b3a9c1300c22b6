import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { disabilityDaysProblem } from '../rules/disability-days'
import { changesOf, optionalText, requiredText, TimeZoneName, text, wholeNumber } from './bounded'
import { DISABILITY_ISSUERS, type DisabilityIssuer } from './disability-issuers'
import type { ReportRecord } from './report-amendments'

export { DISABILITY_ISSUERS, type DisabilityIssuer }

/**
 * A disability (incapacidad; SPEC §2 `…/record-disabilities`, `/patient/incapacities`, §3
 * "Disability", §5, §7 `incapacities`, `patient-incapacities`, the index's spreadsheet and data
 * graph; issue 23). Its modality and status are entries of the tenant's `incapacityType` and
 * `incapacityStatus` catalogues; its assigned days agree with its dates
 * (`rules/disability-days.ts`); its attachment (PDF, PNG or JPG) and its signature (an image
 * drawn on the tablet) are files of the shared mechanism. Amended under NOM-004, soft deleted.
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

/** The longest disability one record holds: the IMSS pays temporary disability up to 52 weeks. */
export const MAX_ASSIGNED_DAYS = 364
export const MAX_DISABILITY_TEXT = 2000

/** The fields a person fills in and may amend (SPEC §3, every one). */
export const DISABILITY_FIELDS = {
  cause: requiredText(500),
  control_measures: optionalText(MAX_DISABILITY_TEXT),
  reason: requiredText(500),
  start_date: IsoDay,
  end_date: IsoDay,
  /** The modality: an entry of the tenant's `incapacityType` catalogue. */
  type_id: Id,
  issuer: v.picklist(DISABILITY_ISSUERS, 'field.picklist'),
  /** An entry of the tenant's `incapacityStatus` catalogue. */
  status_id: Id,
  /** The IMSS folio of the certificate of disability (letters and digits, as printed). */
  assigned_number: v.optional(
    v.nullable(v.pipe(text(20), v.regex(/^[A-Za-z0-9-]*$/, 'disability.folio'), v.toUpperCase())),
    null,
  ),
  assigned_days: wholeNumber(1, MAX_ASSIGNED_DAYS),
  comments: optionalText(MAX_DISABILITY_TEXT),
} as const
export type DisabilityField = keyof typeof DISABILITY_FIELDS

const DAYS_FIELDS = [['start_date'], ['end_date'], ['assigned_days']] as const

/** POST /patients/incapacities: a new disability with the device's id (a replay answers it). */
export const CreateDisabilityRequest = v.pipe(
  v.object({ id: Id, patient_id: Id, ...DISABILITY_FIELDS }),
  v.forward(
    v.partialCheck(
      DAYS_FIELDS,
      (fields) => disabilityDaysProblem(fields)?.field !== 'end_date',
      'disability.endBeforeStart',
    ),
    ['end_date'],
  ),
  v.forward(
    v.partialCheck(
      DAYS_FIELDS,
      (fields) => disabilityDaysProblem(fields)?.field !== 'assigned_days',
      'disability.assignedDaysMismatch',
    ),
    ['assigned_days'],
  ),
)
export type CreateDisabilityRequest = v.InferOutput<typeof CreateDisabilityRequest>

/**
 * POST /patients/incapacities/{id}: an amendment against If-Match, the changed fields; the dates
 * and days are judged on the disability as it leaves it (`disabilityDaysProblem`).
 */
export const AmendDisabilityRequest = changesOf(DISABILITY_FIELDS)
export type AmendDisabilityRequest = v.InferOutput<typeof AmendDisabilityRequest>

export const DisabilityIdParams = v.object({ id: Id })
export const DisabilityDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/** GET /patients/patient-incapacities: a patient's disabilities (the patient's own without it). */
export const PatientDisabilitiesQuery = v.object({ patient_id: v.optional(Id) })

/**
 * The index's filters (`…/record-disabilities/index`, its spreadsheet and data graph): the days
 * the disabilities touch, their modality, status and issuer, and a search over the patient's name,
 * payroll number and CURP (`src/documents/disability-rows.ts` applies them on both sides).
 */
export const DisabilityFilterQuery = v.pipe(
  v.object({
    from: v.optional(IsoDay),
    to: v.optional(IsoDay),
    type_id: v.optional(Id),
    status_id: v.optional(Id),
    issuer: v.optional(v.picklist(DISABILITY_ISSUERS, 'field.picklist')),
    search: v.optional(text(100)),
    time_zone: v.optional(TimeZoneName),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (q) => !q.from || !q.to || q.from <= q.to,
      'disability.rangeEndBeforeStart',
    ),
    ['to'],
  ),
)
export type DisabilityFilterQuery = v.InferOutput<typeof DisabilityFilterQuery>

/** A disability as the API and the change feed (`disability`) answer it. */
export interface Disability extends ReportRecord<DisabilityField> {
  cause: string
  control_measures: string | null
  reason: string
  start_date: string
  end_date: string
  type_id: string
  /** The catalogue entries' names, for lists and the PDF (null once an entry is gone). */
  type_name: string | null
  issuer: DisabilityIssuer
  status_id: string
  status_name: string | null
  assigned_number: string | null
  assigned_days: number
  comments: string | null
}

/** GET /patients/incapacities/data-graph: days lost by modality and month (`lostDaysByTypeAndMonth`). */
export interface DisabilityGraph {
  /** The months of the period, YYYY-MM, oldest first. */
  months: string[]
  series: { type_id: string; type_name: string; days: number[] }[]
  total_days: number
}
