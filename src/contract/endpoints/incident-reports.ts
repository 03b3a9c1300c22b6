import { DOCUMENT_LIMITS } from '../rules/files'
import {
  AmendIncidentReportRequest,
  CreateIncidentReportRequest,
  IncidentReportDocumentQuery,
  IncidentReportIdParams,
  IncidentReportPatientParams,
  PatientIncidentReportsQuery,
} from '../schemas/incident-reports'
import { fileCallsOf, fileOwner } from './attachments'
import { endpoint } from './define'

/**
 * SPEC §7 "Patient record sections": `incident-reports` (create/information/{patient}, create,
 * show, update, file delete, download), under `/api/operation` (issue 23): the ST-7. Writing
 * needs the SPEC §2 route names (`incident-report-st7-create`, `-edit`); reading, the view's
 * route name or the SPEC §6 family's `st7.list` / `.view`. SPEC gives no delete. The patient's
 * list is this product's own.
 */

const WRITERS = ['incident-report-st7-create', 'incident-report-st7-edit'] as const
/** Who reads a patient's ST-7 reports. */
export const INCIDENT_REPORT_READERS = [
  'incident-report-st7-view',
  'incident-report-st7-edit',
  'st7.list',
  'st7.view',
] as const

/** The employer's part from the tenant, the worker's from the patient, the disabilities to link. */
export const incidentReportPrefill = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incident-reports/create/information/:patient',
  access: 'incident-report-st7-create',
  params: IncidentReportPatientParams,
})

export const patientIncidentReports = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incident-reports',
  access: INCIDENT_REPORT_READERS,
  query: PatientIncidentReportsQuery,
})

export const createIncidentReport = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/incident-reports',
  access: 'incident-report-st7-create',
  body: CreateIncidentReportRequest,
})

export const showIncidentReport = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incident-reports/:id',
  access: INCIDENT_REPORT_READERS,
  params: IncidentReportIdParams,
})

/** SPEC's update, as an amendment (NOM-004) against If-Match. */
export const amendIncidentReport = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/incident-reports/:id',
  access: 'incident-report-st7-edit',
  params: IncidentReportIdParams,
  body: AmendIncidentReportRequest,
})

/** The ST-7 as a PDF laid out like IMSS's form (`src/documents/incident-report-pdf.ts`). */
export const downloadIncidentReport = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/incident-reports/:id/download',
  access: INCIDENT_REPORT_READERS,
  params: IncidentReportIdParams,
  query: IncidentReportDocumentQuery,
})

/** The report's files (photos of the injury, the IMSS stamp): `DELETE …/incident-reports/file/{id}`. */
export const incidentReportFiles = fileOwner({
  kind: 'incident-report',
  service: 'operation',
  base: '/patients/incident-reports',
  limits: DOCUMENT_LIMITS,
  write: WRITERS,
  read: [...INCIDENT_REPORT_READERS, 'digital-record-index'],
})

export const incidentReportFileCalls = fileCallsOf(incidentReportFiles)
