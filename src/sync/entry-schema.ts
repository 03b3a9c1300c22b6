import * as v from 'valibot'
import { AmendAdmissionExamRequest, CreateAdmissionExamRequest } from '../contract/schemas/admission-exams'
import { FileName } from '../contract/schemas/attachments'
import {
  CreateCovidTestRequest,
  CreateTriageConsultationRequest,
  DeclineFollowUpRequest,
  ReclassificationRequest,
  UpdateCovidTestRequest,
} from '../contract/schemas/covid'
import { CreateEncounterRequest, UpdateEncounterRequest } from '../contract/schemas/encounters'
import { OfflineOpeningRequest } from '../contract/schemas/offline-openings'
import {
  CreatePatientRequest,
  EditPatientProfileRequest,
  UpdatePatientRequest,
} from '../contract/schemas/patient'
import { AmendPeriodicExamRequest, CreatePeriodicExamRequest } from '../contract/schemas/periodic-exams'
import { CreateReadingRequest, UpdateReadingRequest } from '../contract/schemas/readings'
import { CreateRecordSectionRequest, UpdateRecordSectionRequest } from '../contract/schemas/record-sections'
import {
  AmendVaccinationRecordRequest,
  CreateVaccinationRecordRequest,
} from '../contract/schemas/vaccination-records'
import type { OutboxEntry } from '../db/local-db'
import { reportKindOfMutation } from './medical-report-kinds'
import { readingKindOfPath, sectionOfPath } from './paths'

/**
 * The contract schema an entry's body must satisfy: the same one its mutator parsed it with and
 * the server's route checks, so an entry edited on the sync screen is held to the same rules.
 */
export function entrySchema(entry: Pick<OutboxEntry, 'kind' | 'path'>): v.GenericSchema {
  switch (entry.kind) {
    case 'patient.create':
      return CreatePatientRequest
    case 'patient.update':
      return UpdatePatientRequest
    case 'patientProfile.update':
      return EditPatientProfileRequest
    case 'reading.create':
      return CreateReadingRequest[readingKindOf(entry.path)]
    case 'reading.update':
      return UpdateReadingRequest[readingKindOf(entry.path)]
    case 'recordSection.create':
      return CreateRecordSectionRequest[sectionOf(entry.path)]
    case 'recordSection.update':
      return UpdateRecordSectionRequest[sectionOf(entry.path)]
    case 'encounter.create':
      return CreateEncounterRequest
    case 'encounter.update':
      return UpdateEncounterRequest
    case 'covidConsultation.create':
      return CreateTriageConsultationRequest
    case 'covidDecline.create':
      return DeclineFollowUpRequest
    case 'recordOpening.create':
      return OfflineOpeningRequest
    case 'covidReclassification.create':
      return ReclassificationRequest
    case 'covidTest.create':
      return CreateCovidTestRequest
    case 'covidTest.update':
      return UpdateCovidTestRequest
    case 'vaccinationRecord.create':
      return CreateVaccinationRecordRequest
    case 'vaccinationRecord.update':
      return AmendVaccinationRecordRequest
    case 'periodicExam.create':
      return CreatePeriodicExamRequest
    case 'periodicExam.update':
      return AmendPeriodicExamRequest
    case 'admissionExam.create':
      return CreateAdmissionExamRequest
    case 'admissionExam.update':
      return AmendAdmissionExamRequest
    case 'shortHistory.create':
    case 'healthCertificate.create':
    case 'disability.create':
    case 'incidentReport.create':
      return reportKind(entry.kind).create.schema
    case 'shortHistory.update':
    case 'healthCertificate.update':
    case 'disability.update':
    case 'incidentReport.update':
      return reportKind(entry.kind).amend.schema
    case 'attachment.create':
      // Only the name could be corrected; a refused file is one of the wrong type or size,
      // which no edit of the entry mends (the screen offers retry and discard).
      return v.object({ id: v.string(), name: FileName })
    case 'reading.delete':
    case 'recordSection.delete':
    case 'attachment.delete':
    case 'covidTest.delete':
    case 'vaccinationRecord.delete':
    case 'periodicExam.delete':
    case 'periodicExam.removeClinicalExam':
    case 'admissionExam.removeTreatment':
    case 'shortHistory.delete':
    case 'disability.delete':
      // A delete carries nothing to correct.
      return v.object({})
  }
}

function reportKind(kind: OutboxEntry['kind']) {
  const report = reportKindOfMutation(kind)
  if (!report) throw new Error(`${kind} writes no medical report`)
  return report
}

function sectionOf(path: string) {
  const section = sectionOfPath(path)
  if (!section) throw new Error(`${path} names no record section`)
  return section
}

function readingKindOf(path: string) {
  const kind = readingKindOfPath(path)
  if (!kind) throw new Error(`${path} names no reading kind`)
  return kind
}
