import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { CERTIFICATE_RESULTS, type CertificateResult, certificateProblems } from '../rules/health-certificate'
import { changesOf, optionalText, TimeZoneName } from './bounded'
import { type Diagnosis, VITAL_SIGNS } from './encounters'
import type { ReportAuthor, ReportRecord } from './report-amendments'

/**
 * A health status certificate (SPEC §2 `/digital-record/medical-reports/certificate-health-status`,
 * §3, §7 `certificate-health-status`; issue 23): the professional certifies a worker fit, fit with
 * restrictions or not fit, valid from a day to a day, for the company to file. Recorded offline
 * with the device's id, amended under NOM-004; SPEC gives it no delete (decision 0028).
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

export const MAX_CERTIFICATE_TEXT = 3000

/** The fields a person fills in and may amend; the vital signs are those the certificate is based on. */
export const CERTIFICATE_FIELDS = {
  issued_on: IsoDay,
  result: v.picklist(CERTIFICATE_RESULTS, 'field.picklist'),
  valid_from: IsoDay,
  valid_to: IsoDay,
  restrictions: optionalText(MAX_CERTIFICATE_TEXT),
  /** Whom it is addressed to or what it is for ("A quien corresponda", "Trabajo en alturas"). */
  purpose: optionalText(300),
  observations: optionalText(MAX_CERTIFICATE_TEXT),
  ...VITAL_SIGNS,
  /** The consultation the get-create prefilled it from, if any. */
  encounter_id: v.optional(v.nullable(Id), null),
} as const
export type CertificateField = keyof typeof CERTIFICATE_FIELDS

/** POST /patients/certificate-health-status: a new certificate with the device's id. */
export const CreateCertificateRequest = v.pipe(
  v.object({ id: Id, patient_id: Id, ...CERTIFICATE_FIELDS }),
  v.forward(
    v.partialCheck(
      [['valid_from'], ['valid_to'], ['result'], ['restrictions']],
      (fields) => !certificateProblems(fields).some((p) => p.field === 'valid_to'),
      'certificate.validToBeforeFrom',
    ),
    ['valid_to'],
  ),
  v.forward(
    v.partialCheck(
      [['valid_from'], ['valid_to'], ['result'], ['restrictions']],
      (fields) => !certificateProblems(fields).some((p) => p.field === 'restrictions'),
      'certificate.restrictionsRequired',
    ),
    ['restrictions'],
  ),
)
export type CreateCertificateRequest = v.InferOutput<typeof CreateCertificateRequest>

/**
 * POST /patients/certificate-health-status/{id}: an amendment against If-Match, the changed
 * fields; the validity and restrictions are judged on the certificate as it leaves it
 * (`certificateProblems`), by the mutator and the server alike.
 */
export const AmendCertificateRequest = changesOf(CERTIFICATE_FIELDS)
export type AmendCertificateRequest = v.InferOutput<typeof AmendCertificateRequest>

export const CertificateIdParams = v.object({ id: Id })
export const CertificatePatientParams = v.object({ patient: Id })
export const PatientCertificatesQuery = v.object({ patient_id: Id })
export const CertificateDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/** A certificate as the API and the change feed (`health-certificate`) answer it. */
export interface HealthCertificate extends ReportRecord<CertificateField> {
  issued_on: string
  result: CertificateResult
  valid_from: string
  valid_to: string
  restrictions: string | null
  purpose: string | null
  observations: string | null
  weight_kg: number | null
  height_m: number | null
  temperature_c: number | null
  oximetry: number | null
  systolic: number | null
  diastolic: number | null
  heart_rate: number | null
  respiratory_rate: number | null
  glucose: number | null
  encounter_id: string | null
}

/**
 * GET /patients/certificate-health-status/get-create/{patient}: what a new certificate starts
 * from — the patient's latest consultation (its vital signs and diagnoses) and the latest
 * readings of vital signs taken since, and the professional who will sign it.
 */
export interface CertificatePrefill {
  patient_id: string
  patient_name: string
  encounter: { id: string; started_at: string; diagnoses: Diagnosis[] } | null
  /** Each sign from the newest of the latest consultation and the later readings; null if none. */
  vital_signs: Record<keyof typeof VITAL_SIGNS, number | null>
  professional: ReportAuthor
}
