import {
  amendAdmissionExam,
  createAdmissionExam,
  deleteAdmissionExamTreatment,
} from '../contract/endpoints/admission-exams'
import {
  createCovidTest,
  createTriageConsultation,
  declineFollowUp,
  deleteCovidTest,
  reclassifyTriage,
  updateCovidTest,
} from '../contract/endpoints/covid'
import { pathFor } from '../contract/endpoints/define'
import { noteOfflineOpening } from '../contract/endpoints/digital-record'
import { amendDisability, createDisability, deleteDisability } from '../contract/endpoints/disabilities'
import { createEncounter, updateEncounter } from '../contract/endpoints/encounters'
import { amendCertificate, createCertificate } from '../contract/endpoints/health-certificates'
import { amendIncidentReport, createIncidentReport } from '../contract/endpoints/incident-reports'
import {
  createPatient,
  editPatientProfile,
  notePatientRecordOpening,
  readingCallsOf,
  updatePatient,
} from '../contract/endpoints/operation'
import {
  amendPeriodicExam,
  createPeriodicExam,
  deletePeriodicExam,
  deletePeriodicExamClinicalExam,
} from '../contract/endpoints/periodic-exams'
import { recordSectionCalls } from '../contract/endpoints/record-sections'
import {
  amendShortHistory,
  createShortHistory,
  deleteShortHistory,
} from '../contract/endpoints/short-histories'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  deleteVaccinationRecord,
} from '../contract/endpoints/vaccination'
import { READING_KINDS, type ReadingKind } from '../contract/schemas/readings'
import { RECORD_SECTIONS, type RecordSection } from '../contract/schemas/record-sections'

/**
 * The server paths the outbox writes into its entries, taken from the contract so that nothing
 * else repeats them. An entry keeps its path forever: a route renamed later must keep answering
 * the old one while devices still hold entries for it.
 */
export const syncPaths = {
  createPatient: pathFor(createPatient),
  updatePatient: (id: string) => pathFor(updatePatient, { id }),
  editPatientProfile: pathFor(editPatientProfile),
  createReading: (kind: ReadingKind) => pathFor(readingCallsOf[kind].create),
  updateReading: (kind: ReadingKind, id: string) => pathFor(readingCallsOf[kind].update, { id }),
  deleteReading: (kind: ReadingKind, id: string) => pathFor(readingCallsOf[kind].remove, { id }),
  createRecordSection: (section: RecordSection) => pathFor(recordSectionCalls[section].create),
  updateRecordSection: (section: RecordSection, id: string) =>
    pathFor(recordSectionCalls[section].update, { id }),
  deleteRecordSection: (section: RecordSection, id: string) =>
    pathFor(recordSectionCalls[section].remove, { id }),
  createEncounter: pathFor(createEncounter),
  updateEncounter: (id: string) => pathFor(updateEncounter, { id }),
  createTriageConsultation: (patientId: string) => pathFor(createTriageConsultation, { patientId }),
  declineFollowUp: (patientId: string) => pathFor(declineFollowUp, { patientId }),
  reclassifyTriage: (patientId: string) => pathFor(reclassifyTriage, { id: patientId }),
  createCovidTest: (patientId: string) => pathFor(createCovidTest, { patientId }),
  updateCovidTest: (patientId: string, testId: string) => pathFor(updateCovidTest, { patientId, testId }),
  deleteCovidTest: (patientId: string, testId: string) => pathFor(deleteCovidTest, { patientId, testId }),
  createVaccinationRecord: pathFor(createVaccinationRecord),
  amendVaccinationRecord: (id: string) => pathFor(amendVaccinationRecord, { id }),
  deleteVaccinationRecord: (id: string) => pathFor(deleteVaccinationRecord, { id }),
  createPeriodicExam: (patient: string) => pathFor(createPeriodicExam, { patient }),
  amendPeriodicExam: (patient: string, id: string) => pathFor(amendPeriodicExam, { patient, id }),
  deletePeriodicExam: (patient: string, id: string) => pathFor(deletePeriodicExam, { patient, id }),
  /** `id` is the clinical exam row's. */
  removePeriodicExamClinicalExam: (patient: string, id: string) =>
    pathFor(deletePeriodicExamClinicalExam, { patient, id }),
  createAdmissionExam: (patient: string) => pathFor(createAdmissionExam, { patient }),
  amendAdmissionExam: (id: string) => pathFor(amendAdmissionExam, { id }),
  /** `id` is the treatment's. */
  removeAdmissionExamTreatment: (id: string) => pathFor(deleteAdmissionExamTreatment, { id }),
  createShortHistory: pathFor(createShortHistory),
  amendShortHistory: (id: string) => pathFor(amendShortHistory, { id }),
  deleteShortHistory: (id: string) => pathFor(deleteShortHistory, { id }),
  createCertificate: pathFor(createCertificate),
  amendCertificate: (id: string) => pathFor(amendCertificate, { id }),
  createDisability: pathFor(createDisability),
  amendDisability: (id: string) => pathFor(amendDisability, { id }),
  deleteDisability: (id: string) => pathFor(deleteDisability, { id }),
  createIncidentReport: pathFor(createIncidentReport),
  amendIncidentReport: (id: string) => pathFor(amendIncidentReport, { id }),
  noteOfflineOpening: (patientId: string) => pathFor(noteOfflineOpening, { id: patientId }),
  notePatientRecordOpening: (patientId: string) => pathFor(notePatientRecordOpening, { id: patientId }),
} as const

/** The section a record-section entry's path names (`/api/operation/patients/<section>…`). */
export function sectionOfPath(path: string): RecordSection | undefined {
  const name = /^\/api\/operation\/patients\/([\w-]+)/.exec(path)?.[1]
  return RECORD_SECTIONS.find((section) => section === name)
}

/** The reading kind an entry's path names (its create path, or that path and an id). */
export function readingKindOfPath(path: string): ReadingKind | undefined {
  return READING_KINDS.find((kind) => {
    const base = syncPaths.createReading(kind)
    return path === base || path.startsWith(`${base}/`)
  })
}
