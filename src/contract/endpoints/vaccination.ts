import { IMAGE_LIMITS } from '../rules/files'
import {
  AmendVaccinationRecordRequest,
  CreateVaccinationRecordForPatientRequest,
  CreateVaccinationRecordRequest,
  PatientVaccinationRecordsQuery,
  VaccinationCardPdfQuery,
  VaccinationDownloadQuery,
  VaccinationPatientParams,
  VaccinationPatientVaccineParams,
  VaccinationRecordIdParams,
} from '../schemas/vaccination-records'
import { fileCallsOf, fileOwner } from './attachments'
import { endpoint } from './define'

/**
 * SPEC §7 "Vaccination service", the calls about a patient's vaccination records (issue 21),
 * under `/api/vaccination`; the patient's list is the operation service's
 * `/patients/vaccination-records`. The permissions are SPEC §2's route names: register a dose
 * with `vaccinations-register-vaccine` (a second dose with `…-second-dose`), amend it with
 * `…-edit`, read it with the card's `vaccinations-card` or the list's `vaccinations-index`.
 * The catalogues of vaccines and schemes, and the due-date rule, are not here.
 */

const WRITERS = ['vaccinations-register-vaccine', 'vaccinations-register-vaccine-second-dose'] as const
/** Who reads a patient's records: the card's and the list's permissions. */
export const VACCINATION_READERS = ['vaccinations-card', 'vaccinations-index'] as const

/** A dose applied, the body naming the patient; the device's id makes a replay harmless. */
export const createVaccinationRecord = endpoint({
  service: 'vaccination',
  method: 'POST',
  path: '/vaccination/user',
  access: WRITERS,
  body: CreateVaccinationRecordRequest,
})

/** One record, with its amendments. */
export const showVaccinationRecord = endpoint({
  service: 'vaccination',
  method: 'GET',
  path: '/vaccination/user/show/:id',
  access: VACCINATION_READERS,
  params: VaccinationRecordIdParams,
})

/** A dose applied to the patient the path names. */
export const createVaccinationRecordForPatient = endpoint({
  service: 'vaccination',
  method: 'POST',
  path: '/vaccination/user/:patient_id',
  access: WRITERS,
  params: VaccinationPatientParams,
  body: CreateVaccinationRecordForPatientRequest,
})

/** A dose of the vaccine the path names, applied to the patient it names. */
export const createVaccinationRecordForPatientVaccine = endpoint({
  service: 'vaccination',
  method: 'POST',
  path: '/vaccination/user/:patient_id/:vaccine_id',
  access: WRITERS,
  params: VaccinationPatientVaccineParams,
  body: CreateVaccinationRecordForPatientRequest,
})

/** An amendment (NOM-004): the changed fields and why, against If-Match; the original is kept. */
export const amendVaccinationRecord = endpoint({
  service: 'vaccination',
  method: 'POST',
  path: '/vaccination/user/update/:id',
  access: 'vaccinations-register-vaccine-edit',
  params: VaccinationRecordIdParams,
  body: AmendVaccinationRecordRequest,
})

/** A soft delete, audited, against If-Match. */
export const deleteVaccinationRecord = endpoint({
  service: 'vaccination',
  method: 'DELETE',
  path: '/vaccination/user/:id',
  access: 'vaccinations-register-vaccine-edit',
  params: VaccinationRecordIdParams,
})

/**
 * The patient's vaccination card as a PDF (`?id=` is the PATIENT's id): the document the device
 * builds for `card/{id}`, from the same builder, so both give the same card.
 */
export const vaccinationCardPdf = endpoint({
  service: 'vaccination',
  method: 'GET',
  path: '/vaccination/user/pdf',
  access: VACCINATION_READERS,
  query: VaccinationCardPdfQuery,
})

/**
 * SPEC §7 `GET /vaccination/download{filters}`: the `/vaccinations` index as a spreadsheet
 * (`vacunacion_DD_MM_YYYY.xlsx`), its rows made by the function the device's index uses.
 */
export const vaccinationDownload = endpoint({
  service: 'vaccination',
  method: 'GET',
  path: '/vaccination/download',
  access: 'vaccinations-index',
  query: VaccinationDownloadQuery,
})

/** SPEC §7 `GET /get-filters/vaccinations`: what the index filters by (with the other filter lists). */
export const vaccinationFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/vaccinations',
  access: 'vaccinations-index',
})

/** A patient's records, newest dose first (deleted ones left out). */
export const patientVaccinationRecords = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/vaccination-records',
  access: VACCINATION_READERS,
  query: PatientVaccinationRecordsQuery,
})

/** A record's certificate image: PNG or JPG under 2 MB (SPEC §5). */
export const vaccinationRecordFiles = fileOwner({
  kind: 'vaccination-record',
  service: 'vaccination',
  base: '/vaccination/user/certificate',
  limits: IMAGE_LIMITS,
  write: ['vaccinations-register-vaccine', 'vaccinations-register-vaccine-edit'],
  read: VACCINATION_READERS,
})

export const vaccinationRecordFileCalls = fileCallsOf(vaccinationRecordFiles)
