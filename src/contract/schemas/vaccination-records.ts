import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import {
  ClockTime,
  changesOf,
  commaCodes,
  commaIds,
  list,
  optionalText,
  orNull,
  requiredText,
  TimeZoneName,
  text,
  wholeNumber,
} from './bounded'
import { OCCUPATIONAL_RISKS, type OccupationalRisk } from './catalogue-definitions'
import { OVERDUE_CHOICES, SCHEME_STATUSES, type SchemeStatus } from './scheme-statuses'

export { OVERDUE_CHOICES, SCHEME_STATUSES, type SchemeStatus }

/**
 * A patient's vaccination records (SPEC §2 "Vaccinations", §3 "vaccination user record", §7
 * "Vaccination service"; issue 21). Each record is made on the device, offline, with its UUIDv7
 * id. A record is never overwritten: an edit is an amendment keeping the fields before and after
 * (NOM-004, as a consultation's), and a delete is soft. The vaccine is the catalogue's
 * (`vaccine_id`); the scheme's due dates are a rule of their own, not of this file.
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

/** A folio, a lot, a symptom list or a comment: short free text. */
export const MAX_FOLIO_LENGTH = 60
export const MAX_LOT_LENGTH = 60
export const MAX_SYMPTOMS_LENGTH = 1000
export const MAX_REACTION_COMMENTS_LENGTH = 2000
/** The adverse reactions a record keeps. */
export const MAX_ADVERSE_REACTIONS = 20
/** A dose number: the first dose is 1. */
export const MAX_DOSE_NUMBER = 20

/** An adverse reaction to the dose (SPEC §3: date, time, symptoms, comments). */
export const AdverseReaction = v.object({
  date: IsoDay,
  time: orNull(ClockTime),
  symptoms: requiredText(MAX_SYMPTOMS_LENGTH),
  comments: optionalText(MAX_REACTION_COMMENTS_LENGTH),
})
export type AdverseReaction = v.InferOutput<typeof AdverseReaction>

/** A nationality code of the `nationalities` list (RENAPO's, e.g. MEX). */
const CountryCode = v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(3))

/** The fields a record holds and an amendment may change (patient and id excepted). */
export const VACCINATION_RECORD_FIELDS = {
  vaccine_id: Id,
  dose_number: wholeNumber(1, MAX_DOSE_NUMBER),
  folio: optionalText(MAX_FOLIO_LENGTH),
  applied_on: IsoDay,
  lot: optionalText(MAX_LOT_LENGTH),
  booster: v.optional(v.boolean('field.type'), false),
  vaccinated_abroad: v.optional(v.boolean('field.type'), false),
  /** Where, when `vaccinated_abroad`: a `nationalities` code; null otherwise. */
  country_code: orNull(CountryCode),
  adverse_reactions: v.optional(list(AdverseReaction, MAX_ADVERSE_REACTIONS), []),
  /** The professional confirmed a dose applied before the scheme's date. */
  early_dose_confirmed: v.optional(v.boolean('field.type'), false),
} as const

/** A country is said exactly when the dose was applied abroad: 422 `vaccination.countryRequired`. */
export const countryProblem = (fields: {
  vaccinated_abroad?: boolean
  country_code?: string | null
}): 'vaccination.countryRequired' | 'vaccination.countryWithoutAbroad' | null => {
  if (fields.vaccinated_abroad === true && !fields.country_code) return 'vaccination.countryRequired'
  if (fields.vaccinated_abroad !== true && fields.country_code) return 'vaccination.countryWithoutAbroad'
  return null
}

export const VaccinationRecordFields = v.object(VACCINATION_RECORD_FIELDS)
export type VaccinationRecordFields = v.InferOutput<typeof VaccinationRecordFields>

/**
 * POST /vaccination/user (and its aliases by patient and vaccine): a new record with the
 * device's id; replaying the same id answers the stored record (idempotent create).
 */
export const CreateVaccinationRecordRequest = v.pipe(
  v.object({ id: Id, patient_id: Id, ...VACCINATION_RECORD_FIELDS }),
  v.forward(
    v.partialCheck(
      [['vaccinated_abroad'], ['country_code']],
      (fields) => countryProblem(fields) !== 'vaccination.countryRequired',
      'vaccination.countryRequired',
    ),
    ['country_code'],
  ),
  v.forward(
    v.partialCheck(
      [['vaccinated_abroad'], ['country_code']],
      (fields) => countryProblem(fields) !== 'vaccination.countryWithoutAbroad',
      'vaccination.countryWithoutAbroad',
    ),
    ['country_code'],
  ),
)
export type CreateVaccinationRecordRequest = v.InferOutput<typeof CreateVaccinationRecordRequest>

/** The create under a path that already names the patient (and perhaps the vaccine). */
export const CreateVaccinationRecordForPatientRequest = v.pipe(
  v.object({ id: Id, ...VACCINATION_RECORD_FIELDS, vaccine_id: v.optional(Id) }),
  v.forward(
    v.partialCheck(
      [['vaccinated_abroad'], ['country_code']],
      (fields) => countryProblem(fields) !== 'vaccination.countryRequired',
      'vaccination.countryRequired',
    ),
    ['country_code'],
  ),
  v.forward(
    v.partialCheck(
      [['vaccinated_abroad'], ['country_code']],
      (fields) => countryProblem(fields) !== 'vaccination.countryWithoutAbroad',
      'vaccination.countryWithoutAbroad',
    ),
    ['country_code'],
  ),
)
export type CreateVaccinationRecordForPatientRequest = v.InferOutput<
  typeof CreateVaccinationRecordForPatientRequest
>

/**
 * POST /vaccination/user/update/{id}: the changed fields, against If-Match. The server keeps
 * each changed field's value before and after as an amendment (NOM-004); the record's country
 * rule is checked on the record as it would be after the change.
 */
export const AmendVaccinationRecordRequest = changesOf(VACCINATION_RECORD_FIELDS)
export type AmendVaccinationRecordRequest = v.InferOutput<typeof AmendVaccinationRecordRequest>
export type VaccinationRecordField = keyof typeof VACCINATION_RECORD_FIELDS

export const VaccinationRecordIdParams = v.object({ id: Id })
export const VaccinationPatientParams = v.object({ patient_id: Id })
export const VaccinationPatientVaccineParams = v.object({ patient_id: Id, vaccine_id: Id })

/** GET /patients/vaccination-records?patient_id=. */
export const PatientVaccinationRecordsQuery = v.object({ patient_id: Id })
/**
 * GET /vaccination/user/pdf?id=: the PATIENT's id — the answer is the patient's vaccination card,
 * the same document the device builds for `card/{id}` (decision 0026). `time_zone` says which day
 * is today for the due dates and the footer's time (the device's zone; the tenant's by default).
 */
export const VaccinationCardPdfQuery = v.object({ id: Id, time_zone: v.optional(TimeZoneName) })

/**
 * The `/vaccinations` index's filters (its local table and `GET /vaccination/download`): scheme
 * statuses, vaccines (the patient's scheme includes one of them), overdue or not, subgroup items
 * and occupational risks (the patient has one of them), and a search on name, payroll or CURP.
 * Lists are comma-separated.
 */
export const vaccinationFilterEntries = {
  statuses: commaCodes(SCHEME_STATUSES),
  vaccines: commaIds,
  overdue: v.optional(v.picklist(OVERDUE_CHOICES, 'field.picklist')),
  subgroups: commaIds,
  risks: commaCodes(OCCUPATIONAL_RISKS),
  search: v.optional(text(100)),
}
export const VaccinationFilterQuery = v.object(vaccinationFilterEntries)
export type VaccinationFilterQuery = v.InferOutput<typeof VaccinationFilterQuery>
/** The spreadsheet works its due dates out on today's day in the caller's zone. */
export const VaccinationDownloadQuery = v.object({
  ...vaccinationFilterEntries,
  time_zone: v.optional(TimeZoneName),
})
export type VaccinationDownloadQuery = v.InferOutput<typeof VaccinationDownloadQuery>

/**
 * GET /get-filters/vaccinations: what the index may be filtered by, named in the request's
 * language: the scheme statuses, the tenant's live vaccines, the overdue choices, the subgroup
 * items patients carry (their names come from the subgroups catalogue, as the patients list's)
 * and the occupational risks.
 */
export interface VaccinationFilters {
  statuses: Array<{ code: SchemeStatus; name: string }>
  vaccines: Array<{ id: string; name: string }>
  overdue: Array<{ code: (typeof OVERDUE_CHOICES)[number]; name: string }>
  subgroups: string[]
  risks: Array<{ code: OccupationalRisk; name: string }>
}

/** Who recorded or amended a record. */
export interface VaccinationAuthor {
  id: string
  name: string
}

/** A field's value before and after an amendment. */
export interface VaccinationFieldChange {
  before: unknown
  after: unknown
}

/** An amendment (NOM-004): the version it made, when, by whom, each changed field. */
export interface VaccinationRecordAmendment {
  id: string
  version: number
  amended_at: string
  amended_by: VaccinationAuthor | null
  changes: Partial<Record<VaccinationRecordField, VaccinationFieldChange>>
}

/** A record as the API and the feed (`vaccination-record`) answer it, amendments oldest first. */
export interface VaccinationRecord extends VaccinationRecordFields {
  id: string
  patient_id: string
  author: VaccinationAuthor | null
  amendments: VaccinationRecordAmendment[]
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}
