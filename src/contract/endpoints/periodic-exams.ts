import { DOCUMENT_LIMITS } from '../rules/files'
import {
  AmendPeriodicExamRequest,
  CreatePeriodicExamRequest,
  PatientPeriodicExamsParams,
  PeriodicExamDocumentQuery,
  PeriodicExamDueFilterQuery,
  PeriodicExamParams,
} from '../schemas/periodic-exams'
import { fileCallsOf, fileOwner } from './attachments'
import { endpoint } from './define'

/**
 * SPEC §7 "Periodic exams" and the export `/patients/periodic-exams/excel/{filters}` (issue 22),
 * under `/api/operation`. Writing needs the SPEC §2 route names (`periodic-exams-create`,
 * `periodic-exams-edit`); reading, the route names of the index and the view or the SPEC §6
 * family's `periodic-exam.list` / `.view`; removing an exam, `periodic-exam.delete`; the
 * spreadsheet, `periodic-exam.export`. SPEC's `POST …/periodic-exams[/{id}]` is the create and the
 * amendment; the patient's list is this product's own (as a consultation's is).
 */

const WRITERS = ['periodic-exams-create', 'periodic-exams-edit'] as const
/** Who reads a patient's periodic exams. */
export const PERIODIC_EXAM_READERS = [
  'periodic-exams-index',
  'periodic-exams-view',
  'periodic-exams-edit',
  'periodic-exam.list',
  'periodic-exam.view',
] as const

/** A patient's exams, newest first, with their clinical exams and amendments. */
export const patientPeriodicExams = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:patient/periodic-exams',
  access: PERIODIC_EXAM_READERS,
  params: PatientPeriodicExamsParams,
})

/** A new exam with the device's id (form data in SPEC; JSON here, its files apart). */
export const createPeriodicExam = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/:patient/periodic-exams',
  access: 'periodic-exams-create',
  params: PatientPeriodicExamsParams,
  body: CreatePeriodicExamRequest,
})

/** An amendment (NOM-004) against If-Match: the changed fields, clinical exams added or changed. */
export const amendPeriodicExam = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/:patient/periodic-exams/:id',
  access: 'periodic-exams-edit',
  params: PeriodicExamParams,
  body: AmendPeriodicExamRequest,
})

/** One exam with its clinical exams and amendments. */
export const showPeriodicExam = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:patient/periodic-exams/:id',
  access: PERIODIC_EXAM_READERS,
  params: PeriodicExamParams,
})

/**
 * A soft delete, audited (deletes win, DESIGN §5: no If-Match): the exam and its clinical-exam rows
 * stay as tombstones with their history.
 */
export const deletePeriodicExam = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/:patient/periodic-exams/:id',
  access: 'periodic-exam.delete',
  params: PeriodicExamParams,
})

/** Removes one clinical exam row (soft, audited, an amendment of its exam); `:id` is the row's. */
export const deletePeriodicExamClinicalExam = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/:patient/periodic-exams/clinic_exam/:id',
  access: 'periodic-exams-edit',
  params: PeriodicExamParams,
})

/** The exam as a PDF, the same bytes the device builds (`src/documents/periodic-exam-pdf.ts`). */
export const downloadPeriodicExam = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:patient/periodic-exams/:id/download',
  access: PERIODIC_EXAM_READERS,
  params: PeriodicExamParams,
  query: PeriodicExamDocumentQuery,
})

/**
 * Every patient in the caller's care with the due state of the periodic exam
 * (`rules/periodic-exam-due.ts`), as a spreadsheet `examenes_periodicos_DD_MM_YYYY.xlsx`, under the
 * list's filters.
 */
export const periodicExamsExcel = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/periodic-exams/excel',
  access: 'periodic-exam.export',
  query: PeriodicExamDueFilterQuery,
})

/**
 * The files of a clinical exam's result (lab reports, audiograms, spirometries: PDF, PNG or JPG),
 * owned by the clinical exam row: `POST …/periodic-exams/{rowId}/files`, and SPEC's
 * `GET`/`DELETE /patients/{patient}/periodic-exams/file/{file}`.
 */
export const periodicExamResultFiles = fileOwner({
  kind: 'periodic-exam-result',
  service: 'operation',
  base: '/patients/:patient/periodic-exams',
  limits: DOCUMENT_LIMITS,
  write: WRITERS,
  read: [...PERIODIC_EXAM_READERS, 'digital-record-index'],
})

export const periodicExamResultFileCalls = fileCallsOf(periodicExamResultFiles)
