import { ChangesPage, ChangesQuery, SyncBatch, SyncBatchAnswers } from '../schemas/sync'
import { amendAdmissionExam, createAdmissionExam, deleteAdmissionExamTreatment } from './admission-exams'
import {
  createCovidTest,
  createTriageConsultation,
  declineFollowUp,
  deleteCovidTest,
  reclassifyTriage,
  updateCovidTest,
} from './covid'
import { type Endpoint, endpoint, fullPath } from './define'
import { noteOfflineOpening } from './digital-record'
import { amendDisability, createDisability, deleteDisability } from './disabilities'
import { createEncounter, updateEncounter } from './encounters'
import { amendCertificate, createCertificate } from './health-certificates'
import { amendIncidentReport, createIncidentReport } from './incident-reports'
import {
  createPatient,
  editPatientProfile,
  notePatientRecordOpening,
  readingCallsOf,
  updatePatient,
} from './operation'
import {
  amendPeriodicExam,
  createPeriodicExam,
  deletePeriodicExam,
  deletePeriodicExamClinicalExam,
} from './periodic-exams'
import { recordSectionCalls } from './record-sections'
import { amendShortHistory, createShortHistory, deleteShortHistory } from './short-histories'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  createVaccinationRecordForPatient,
  createVaccinationRecordForPatientVaccine,
  deleteVaccinationRecord,
} from './vaccination'

/** DESIGN §5 "Pulling": the change feed since a cursor, for what this user may see. */
export const syncChanges = endpoint({
  service: 'sync',
  method: 'GET',
  path: '/changes',
  access: 'authenticated',
  query: ChangesQuery,
  response: ChangesPage,
})

/**
 * DESIGN §5 "Sending", in batches (decision 0014): outbox entries that travel in one request,
 * each run on the server exactly as its own call would be (its route, permission, validation,
 * Idempotency-Key and If-Match) and answered on its own. Any signed-in user may send a batch;
 * each entry still needs its own call's permission.
 */
export const syncBatch = endpoint({
  service: 'sync',
  method: 'POST',
  path: '/batch',
  access: 'authenticated',
  body: SyncBatch,
  response: SyncBatchAnswers,
})

/**
 * The calls a device's outbox replays, the only ones a batch may carry: a new offline kind adds
 * its calls here (src/sync/paths.ts builds every entry's path from these).
 */
export const REPLAYABLE_ENDPOINTS: readonly Endpoint[] = [
  createPatient,
  updatePatient,
  editPatientProfile,
  ...Object.values(readingCallsOf).flatMap((calls) => [calls.create, calls.update, calls.remove]),
  ...Object.values(recordSectionCalls).flatMap((calls) => [calls.create, calls.update, calls.remove]),
  createEncounter,
  updateEncounter,
  // COVID triage (decision 0025): recorded offline, replayed like the rest.
  createTriageConsultation,
  declineFollowUp,
  reclassifyTriage,
  createCovidTest,
  updateCovidTest,
  deleteCovidTest,
  // Vaccination records (issue 21).
  createVaccinationRecord,
  createVaccinationRecordForPatient,
  createVaccinationRecordForPatientVaccine,
  amendVaccinationRecord,
  deleteVaccinationRecord,
  // Occupational exams (issue 22): created, amended, a row removed; a periodic exam deleted.
  createPeriodicExam,
  amendPeriodicExam,
  deletePeriodicExamClinicalExam,
  deletePeriodicExam,
  createAdmissionExam,
  amendAdmissionExam,
  deleteAdmissionExamTreatment,
  // The medical reports (issue 23, decision 0028): created, amended; a short history and a
  // disability deleted (SPEC gives the certificate and the ST-7 no delete).
  createShortHistory,
  amendShortHistory,
  deleteShortHistory,
  createCertificate,
  amendCertificate,
  createDisability,
  amendDisability,
  deleteDisability,
  createIncidentReport,
  amendIncidentReport,
  // The audit of a digital record or a patient's record page opened offline (decision 0038).
  noteOfflineOpening,
  notePatientRecordOpening,
]

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/?#]+')}$`)

const REPLAYABLE = REPLAYABLE_ENDPOINTS.map((e) => ({ method: e.method, path: patternOf(fullPath(e)) }))

/** Whether a batch may carry this call: one of the outbox's calls, its parameters filled in. */
export const isReplayable = (method: string, path: string): boolean =>
  REPLAYABLE.some((call) => call.method === method && call.path.test(path))
