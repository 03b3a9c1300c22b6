import { DOCUMENT_LIMITS } from '../rules/files'
import {
  AdmissionExamDocumentQuery,
  AdmissionExamIdParams,
  AdmissionExamPatientParams,
  AmendAdmissionExamRequest,
  CreateAdmissionExamRequest,
} from '../schemas/admission-exams'
import { fileCallsOf, fileOwner } from './attachments'
import { endpoint } from './define'

/**
 * SPEC §7 "Patient record sections": the `admission-medical-exam` calls (get-all, POST by patient,
 * update, pdf, file and treatment deletes; issue 22), under `/api/operation`. Writing needs the
 * SPEC §2 route names (`medical-exam-create`, `medical-exam-edit`); reading, the detail's route
 * name, the edit's, or the SPEC §6 family's `admission-exam.list` / `.view`. The detail of one exam
 * is this product's own (`show`).
 */

const WRITERS = ['medical-exam-create', 'medical-exam-edit'] as const
export const ADMISSION_EXAM_READERS = [
  'medical-exam-detail',
  'medical-exam-edit',
  'admission-exam.list',
  'admission-exam.view',
] as const

/** A patient's admission exams, newest first. */
export const patientAdmissionExams = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/admission-medical-exam/get-all/:patient',
  access: ADMISSION_EXAM_READERS,
  params: AdmissionExamPatientParams,
})

/** A new exam (a draft, or whole) with the device's id; candidates may be examined. */
export const createAdmissionExam = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/admission-medical-exam/:patient',
  access: 'medical-exam-create',
  params: AdmissionExamPatientParams,
  body: CreateAdmissionExamRequest,
})

/** An amendment (NOM-004) against If-Match: the changed fields and sections, treatments added. */
export const amendAdmissionExam = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/admission-medical-exam/update/:id',
  access: WRITERS,
  params: AdmissionExamIdParams,
  body: AmendAdmissionExamRequest,
})

/** One exam with its treatments and amendments. */
export const showAdmissionExam = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/admission-medical-exam/show/:id',
  access: ADMISSION_EXAM_READERS,
  params: AdmissionExamIdParams,
})

/** The whole exam as a PDF, the same bytes the device builds (`src/documents/admission-exam-pdf.ts`). */
export const admissionExamPdf = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/admission-medical-exam/pdf/:id',
  access: ADMISSION_EXAM_READERS,
  params: AdmissionExamIdParams,
  query: AdmissionExamDocumentQuery,
})

/** Removes a treatment (soft, audited, an amendment of its exam); `:id` is the treatment's. */
export const deleteAdmissionExamTreatment = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/admission-medical-exam/treatment/:id',
  access: WRITERS,
  params: AdmissionExamIdParams,
})

/** The lab results' files (PDF, PNG or JPG), owned by the exam; SPEC's file delete is `…/file/{id}`. */
export const admissionExamFiles = fileOwner({
  kind: 'admission-exam',
  service: 'operation',
  base: '/patients/admission-medical-exam',
  limits: DOCUMENT_LIMITS,
  write: WRITERS,
  read: [...ADMISSION_EXAM_READERS, 'digital-record-index'],
})

export const admissionExamFileCalls = fileCallsOf(admissionExamFiles)
