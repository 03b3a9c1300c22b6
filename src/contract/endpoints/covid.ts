import * as v from 'valibot'
import { ReferenceItem } from '../schemas/catalogs'
import {
  COVID_LIST_NAMES,
  CovidIdParams,
  type CovidListName,
  CovidPatientParams,
  CovidTestParams,
  CreateCovidTestRequest,
  CreateTriageConsultationRequest,
  DeclineFollowUpRequest,
  EvolutionNotesQuery,
  ReclassificationRequest,
  TriageDocumentQuery,
  TriageDownloadQuery,
  TriageFilterQuery,
  UpdateCovidTestRequest,
} from '../schemas/covid'
import { PatientEncountersQuery } from '../schemas/encounters'
import { endpoint } from './define'

/**
 * SPEC §7 "COVID" (issue 20), under `/api/covid`; `GET /get-filters/triage` lives with the other
 * filter lists under `/api/operation`. Staff record with `covid-create` and read with
 * `covid-history` (the triage list's calls with `covid-index`); a patient reads their own with
 * `patient-covid` (SPEC §2 `/patient/covid`), the handler narrowing them to their own record.
 * The `{id}` of reclassification, status history, evolution notes and graph calls is the patient's.
 */

const READERS = ['covid-history', 'patient-covid'] as const

/** A triage consultation (append-only; its id made on the device). */
export const createTriageConsultation = endpoint({
  service: 'covid',
  method: 'POST',
  path: '/medic-consultation/:patientId',
  access: 'covid-create',
  params: CovidPatientParams,
  body: CreateTriageConsultationRequest,
})

/** A follow-up that did not take place: the patient could not be reached or declined. */
export const declineFollowUp = endpoint({
  service: 'covid',
  method: 'POST',
  path: '/medic-consultation/reject/:patientId',
  access: 'covid-create',
  params: CovidPatientParams,
  body: DeclineFollowUpRequest,
})

/**
 * A patient's COVID record: consultations (newest first), reclassifications and declined
 * follow-ups — this product's own read, as `GET /patients/encounter?patient_id=` is for the
 * consultations (decision 0025); the device mostly learns them from the feed.
 */
export const patientTriageRecord = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/medic-consultation',
  access: READERS,
  query: PatientEncountersQuery,
})

/** One triage consultation. */
export const showTriageConsultation = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/medic-consultation/show/:id',
  access: READERS,
  params: CovidIdParams,
})

/** Temperature, oximetry and respiratory rate of a patient's consultations over time. */
export const triageGraph = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/medic-consultation/graph/:id',
  access: 'covid-history',
  params: CovidIdParams,
})

/** The same graph of the signed-in patient (patient mode). */
export const triageGraphOfPatient = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/medic-consultation/graph-patient',
  access: 'patient-covid',
})

/** A triage consultation's document, the same bytes the device builds. */
export const triageConsultationPdf = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/medic-consultation/pdf',
  access: READERS,
  query: TriageDocumentQuery,
})

/** Overwrites the classification of the patient's last consultation (SPEC §4, §5, §8). */
export const reclassifyTriage = endpoint({
  service: 'covid',
  method: 'POST',
  path: '/triage-reclassification/:id',
  access: 'covid-create',
  params: CovidIdParams,
  body: ReclassificationRequest,
})

/** The patient's last reclassification, or null. */
export const lastReclassification = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/triage-reclassification/last/:id',
  access: ['covid-index', 'covid-history'],
  params: CovidIdParams,
})

/** The patient's triage statuses over time, newest first. */
export const covidStatusHistory = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/patients/status-covid-histories/:id',
  access: READERS,
  params: CovidIdParams,
})

/** The patient's triage status now (their last consultation's), or null. */
export const currentCovidStatus = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/patients/status-covid-histories/:id/current',
  access: ['covid-index', ...READERS],
  params: CovidIdParams,
})

/** The notes of the patient's consultations, newest first, narrowed by `search`. */
export const evolutionNotes = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/covid-history/evolution-notes-list/patient/:id',
  access: READERS,
  params: CovidIdParams,
  query: EvolutionNotesQuery,
})

export const covidTests = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/covid-history/covid-tests/patient/:patientId',
  access: READERS,
  params: CovidPatientParams,
})

export const createCovidTest = endpoint({
  service: 'covid',
  method: 'POST',
  path: '/covid-history/covid-tests/patient/:patientId',
  access: 'covid-create',
  params: CovidPatientParams,
  body: CreateCovidTestRequest,
})

/** The changed fields, against If-Match. */
export const updateCovidTest = endpoint({
  service: 'covid',
  method: 'PUT',
  path: '/covid-history/covid-tests/patient/:patientId/:testId',
  access: 'covid-create',
  params: CovidTestParams,
  body: UpdateCovidTestRequest,
})

/** A soft delete, against If-Match. */
export const deleteCovidTest = endpoint({
  service: 'covid',
  method: 'DELETE',
  path: '/covid-history/covid-tests/patient/:patientId/:testId',
  access: 'covid-create',
  params: CovidTestParams,
})

const covidList = (name: CovidListName) =>
  endpoint({
    service: 'covid',
    method: 'GET',
    path: `/${name}`,
    access: 'authenticated',
    response: v.array(ReferenceItem),
  })

/** GET /api/covid/<name> for each COVID list, named in the request's language. */
export const covidLists = Object.fromEntries(
  COVID_LIST_NAMES.map((name) => [name, covidList(name)]),
) as Record<CovidListName, ReturnType<typeof covidList>> // fromEntries forgets the keys

/** The patients in each triage status (their last consultation's), under the list's filters. */
export const triageCounts = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/triage-concentrated/count',
  access: 'covid-index',
  query: TriageFilterQuery,
})

/** The triage list as a spreadsheet (`triage_DD_MM_YYYY.xlsx`), under the list's filters. */
export const triageDownload = endpoint({
  service: 'covid',
  method: 'GET',
  path: '/triage-concentrated/download',
  access: 'covid-index',
  query: TriageDownloadQuery,
})

/** SPEC §7 get-filters/triage: the statuses and classifications the triage list filters by. */
export const triageFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/triage',
  access: 'covid-index',
})
