import {
  AmendCertificateRequest,
  CertificateDocumentQuery,
  CertificateIdParams,
  CertificatePatientParams,
  CreateCertificateRequest,
  PatientCertificatesQuery,
} from '../schemas/health-certificates'
import { endpoint } from './define'

/**
 * SPEC §7 "Patient record sections": `certificate-health-status` (get-create, create, show,
 * update, download), under `/api/operation` (issue 23). Writing needs the SPEC §2 route names;
 * reading, the view's route name or the SPEC §6 family's `certificates.list` / `.view`. SPEC
 * gives no delete. The patient's list is this product's own (as a consultation's is).
 */

/** Who reads a patient's certificates. */
export const CERTIFICATE_READERS = [
  'certificate-health-status-view',
  'certificate-health-status-edit',
  'certificates.list',
  'certificates.view',
] as const

/** What a new certificate starts from: the latest consultation and vitals, the signing professional. */
export const certificatePrefill = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/certificate-health-status/get-create/:patient',
  access: 'certificate-health-status-create',
  params: CertificatePatientParams,
})

export const patientCertificates = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/certificate-health-status',
  access: CERTIFICATE_READERS,
  query: PatientCertificatesQuery,
})

export const createCertificate = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/certificate-health-status',
  access: 'certificate-health-status-create',
  body: CreateCertificateRequest,
})

export const showCertificate = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/certificate-health-status/:id',
  access: CERTIFICATE_READERS,
  params: CertificateIdParams,
})

/** SPEC's update, as an amendment (NOM-004) against If-Match. */
export const amendCertificate = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/certificate-health-status/:id',
  access: 'certificate-health-status-edit',
  params: CertificateIdParams,
  body: AmendCertificateRequest,
})

/** The certificate as the PDF a company files, with the professional's title and cédula. */
export const downloadCertificate = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/certificate-health-status/:id/download',
  access: CERTIFICATE_READERS,
  params: CertificateIdParams,
  query: CertificateDocumentQuery,
})
