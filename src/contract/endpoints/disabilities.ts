import { DOCUMENT_LIMITS, IMAGE_LIMITS } from '../rules/files'
import {
  AmendDisabilityRequest,
  CreateDisabilityRequest,
  DisabilityDocumentQuery,
  DisabilityFilterQuery,
  DisabilityIdParams,
  PatientDisabilitiesQuery,
} from '../schemas/disabilities'
import { fileCallsOf, fileOwner } from './attachments'
import { endpoint } from './define'

/**
 * SPEC §7: `incapacities` (create, edit, show, delete, file delete, download),
 * `patient-incapacities`, and the exports `/patients/incapacities/download{filters}` and
 * `/patients/incapacities/data-graph{query}`, under `/api/operation` (issue 23). Writing needs
 * the SPEC §2 route names (`record-disabilities-create`, `-edit`); reading, the index's, view's
 * or detail's route names or the SPEC §6 family's `disability.list` / `.view`; removing,
 * `disability.delete`; the spreadsheet, `disability.export`. A patient reads their own with
 * `patient-incapacities`.
 */

const WRITERS = ['record-disabilities-create', 'record-disabilities-edit'] as const
/** Who reads the disabilities of the patients in their care. */
export const DISABILITY_READERS = [
  'record-disabilities-index',
  'record-disabilities-view',
  'record-disabilities-detail',
  'record-disabilities-edit',
  'disability.list',
  'disability.view',
] as const

export const createDisability = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/incapacities',
  access: 'record-disabilities-create',
  body: CreateDisabilityRequest,
})

export const showDisability = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incapacities/:id',
  access: DISABILITY_READERS,
  params: DisabilityIdParams,
})

/** An amendment (NOM-004): the changed fields against If-Match; the original stays in the history. */
export const amendDisability = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/incapacities/:id',
  access: 'record-disabilities-edit',
  params: DisabilityIdParams,
  body: AmendDisabilityRequest,
})

/** A soft delete, audited: the disability stays as a tombstone with its amendments (deletes win, DESIGN §5). */
export const deleteDisability = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/incapacities/:id',
  access: 'disability.delete',
  params: DisabilityIdParams,
})

/** The disability as a PDF, the same bytes the device builds (`src/documents/disability-pdf.ts`). */
export const downloadDisability = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incapacities/:id/download',
  access: DISABILITY_READERS,
  params: DisabilityIdParams,
  query: DisabilityDocumentQuery,
})

/**
 * A patient's disabilities, newest first: the staff name the patient (`patient_id`), a patient
 * signed in on `/patient/incapacities` reads their own (no `patient_id`).
 */
export const patientDisabilities = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/patient-incapacities',
  access: [...DISABILITY_READERS, 'patient-incapacities'],
  query: PatientDisabilitiesQuery,
})

/** The index's disabilities under its filters as `incapacidades_DD_MM_YYYY.xlsx`. */
export const disabilitiesSpreadsheet = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incapacities/download',
  access: 'disability.export',
  query: DisabilityFilterQuery,
})

/** Days lost by modality and month under the index's filters (`rules/disability-days.ts`). */
export const disabilitiesDataGraph = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incapacities/data-graph',
  access: ['record-disabilities-index', 'disability.list', 'dashboard-index'],
  query: DisabilityFilterQuery,
})

/** The disability's attachment (SPEC §5: PDF, PNG or JPG): `DELETE /patients/incapacities/file/{id}`. */
export const disabilityFiles = fileOwner({
  kind: 'disability',
  service: 'operation',
  base: '/patients/incapacities',
  limits: DOCUMENT_LIMITS,
  write: WRITERS,
  read: [...DISABILITY_READERS, 'patient-incapacities', 'digital-record-index'],
})

/** The signature drawn on the tablet, kept as a PNG (or JPG) image like any other file. */
export const disabilitySignatureFiles = fileOwner({
  kind: 'disability-signature',
  service: 'operation',
  base: '/patients/incapacities/signature',
  limits: IMAGE_LIMITS,
  write: WRITERS,
  read: [...DISABILITY_READERS, 'patient-incapacities', 'digital-record-index'],
})

export const disabilityFileCalls = fileCallsOf(disabilityFiles)
export const disabilitySignatureFileCalls = fileCallsOf(disabilitySignatureFiles)
