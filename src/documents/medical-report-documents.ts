import type { Disability } from '../contract/schemas/disabilities'
import type { HealthCertificate } from '../contract/schemas/health-certificates'
import type { IncidentReport } from '../contract/schemas/incident-reports'
import type { ReportRecord } from '../contract/schemas/report-amendments'
import type { ShortHistory } from '../contract/schemas/short-histories'
import type { VitalSigns } from './consultation-input'
import type { DocumentFrame } from './consultation-page'
import { consultationTexts } from './consultation-texts'
import { vitalSignRows } from './consultation-vital-signs'
import { medicalReportTexts } from './medical-report-texts'
import { day, type ReportBody, type ReportDocumentInput } from './report-document'

/**
 * The medical reports as their documents read them (issue 23): each stored record (the API's
 * answer, which the device keeps too) mapped onto the one report document. The device and the
 * server both call these, so the same record gives the same bytes on both; the document's date is
 * the record's last change, not the clock.
 */

/** What a report's document needs beyond the record, each side reading it from its own store. */
export type ReportContext = Pick<DocumentFrame, 'language' | 'timeZone' | 'tenant' | 'patient'> & {
  /** A disability's drawn signature as a PNG or JPEG data URL, when it has one. */
  signature?: string | null
}

function frameOf(
  record: ReportRecord,
  context: ReportContext,
  reportDay: string,
  body: ReportBody,
): ReportDocumentInput {
  return {
    language: context.language,
    timeZone: context.timeZone,
    generatedAt: new Date(record.updated_at),
    tenant: context.tenant,
    patient: context.patient,
    prescriber: {
      name: record.author?.name ?? '',
      title: record.author?.title ?? '',
      professional_license: record.author?.professional_license ?? '',
    },
    // Noon UTC of the report's day is that day in every zone of Mexico: the age is taken on it.
    consultation: { occurred_at: `${reportDay}T12:00:00Z` },
    report: body,
  }
}

const vitalRows = (signs: VitalSigns, context: ReportContext) =>
  vitalSignRows(signs, consultationTexts[context.language])

const signsOf = (record: Pick<ShortHistory, keyof VitalSigns | 'glucose'>): VitalSigns => ({
  weight_kg: record.weight_kg,
  height_m: record.height_m,
  temperature_c: record.temperature_c,
  oximetry: record.oximetry,
  systolic: record.systolic,
  diastolic: record.diastolic,
  heart_rate: record.heart_rate,
  respiratory_rate: record.respiratory_rate,
  glucose: record.glucose,
})

export function shortHistoryDocumentOf(history: ShortHistory, context: ReportContext): ReportDocumentInput {
  const texts = medicalReportTexts[context.language].shortHistory
  return frameOf(history, context, history.recorded_on, {
    kind: 'short-history',
    id: history.id,
    title: texts.title,
    fileName: texts.fileName,
    day: history.recorded_on,
    lead: [`${texts.type}: ${texts.types[history.type]} · ${texts.recordedOn}: ${day(history.recorded_on)}`],
    sections: [
      { heading: texts.reason, text: history.reason },
      { heading: texts.familyHistory, text: history.family_history },
      { heading: texts.personalHistory, text: history.personal_history },
      { heading: texts.occupationalHistory, text: history.occupational_history },
      { heading: texts.currentCondition, text: history.current_condition },
      { heading: texts.physicalExploration, text: history.physical_exploration },
      { heading: texts.vitalSigns, rows: vitalRows(signsOf(history), context) },
      { heading: texts.impression, text: history.impression },
      { heading: texts.plan, text: history.plan },
    ],
    signature: null,
    otherSigners: [],
  })
}

/** The certificate a company files: the statement with the professional's title, the result, validity and restrictions. */
export function certificateDocumentOf(
  certificate: HealthCertificate,
  context: ReportContext,
): ReportDocumentInput {
  const texts = medicalReportTexts[context.language].certificate
  const author = certificate.author
  const professional = {
    name: author?.name ?? '',
    title: author?.title ?? '',
    license: author?.professional_license ?? '',
  }
  const result = texts.results[certificate.result]
  return frameOf(certificate, context, certificate.issued_on, {
    kind: 'health-certificate',
    id: certificate.id,
    title: texts.title,
    fileName: texts.fileName,
    day: certificate.issued_on,
    lead: [texts.statement(professional, context.patient.name, result)],
    sections: [
      {
        heading: texts.result,
        rows: [
          [texts.result, result],
          [texts.issuedOn, day(certificate.issued_on)],
          [texts.validity, texts.validityRange(day(certificate.valid_from), day(certificate.valid_to))],
          [texts.purpose, certificate.purpose ?? ''],
        ],
      },
      { heading: texts.restrictions, text: certificate.restrictions },
      { heading: texts.vitalSigns, rows: vitalRows(signsOf(certificate), context) },
      { heading: texts.observations, text: certificate.observations },
    ],
    signature: null,
    otherSigners: [],
  })
}

export function disabilityDocumentOf(disability: Disability, context: ReportContext): ReportDocumentInput {
  const texts = medicalReportTexts[context.language].disability
  return frameOf(disability, context, disability.start_date, {
    kind: 'disability',
    id: disability.id,
    title: texts.title,
    fileName: texts.fileName,
    day: disability.start_date,
    lead: [],
    sections: [
      {
        heading: texts.data,
        rows: [
          [texts.cause, disability.cause],
          [texts.reason, disability.reason],
          [texts.startDate, day(disability.start_date)],
          [texts.endDate, day(disability.end_date)],
          [texts.assignedDays, String(disability.assigned_days)],
          [texts.modality, disability.type_name ?? ''],
          [texts.issuer, texts.issuers[disability.issuer]],
          [texts.status, disability.status_name ?? ''],
          [texts.assignedNumber, disability.assigned_number ?? ''],
        ],
      },
      { heading: texts.controlMeasures, text: disability.control_measures },
      { heading: texts.comments, text: disability.comments },
    ],
    signature: context.signature ?? null,
    otherSigners: [],
  })
}

/**
 * The ST-7 laid out like IMSS's form: its five numbered parts as boxed tables, then the
 * physician's, the employer's and the worker's signatures. `disability` is the linked record, if any.
 */
export function incidentReportDocumentOf(
  report: IncidentReport,
  context: ReportContext,
  disability: Pick<Disability, 'start_date' | 'end_date' | 'assigned_number'> | null,
): ReportDocumentInput {
  const texts = medicalReportTexts[context.language].incidentReport
  const { employer, worker } = report
  return frameOf(report, context, report.occurred_on, {
    kind: 'incident-report',
    id: report.id,
    title: texts.title,
    fileName: texts.fileName,
    day: report.occurred_on,
    lead: [texts.reference],
    sections: [
      {
        heading: texts.employer,
        rows: [
          [texts.businessName, employer.business_name],
          [texts.employerRegistration, employer.employer_registration],
          [texts.address, employer.address],
        ],
      },
      {
        heading: texts.worker,
        rows: [
          [texts.name, worker.name],
          [texts.nss, worker.nss ?? ''],
          [texts.curp, worker.curp ?? ''],
          [texts.occupation, worker.occupation ?? ''],
          [texts.shift, worker.shift ?? ''],
          [texts.hireDate, worker.hire_date ? day(worker.hire_date) : ''],
        ],
      },
      {
        heading: texts.accident,
        rows: [
          [texts.accidentKind, texts.kinds[report.accident_kind]],
          [texts.occurred, `${day(report.occurred_on)} ${report.occurred_at}`],
          [texts.place, report.place],
          [texts.activity, report.activity],
          [texts.description, report.description],
          [texts.witnesses, report.witnesses ?? ''],
        ],
      },
      {
        heading: texts.attention,
        rows: [
          [texts.attended, `${day(report.attended_on)} ${report.attended_at}`],
          [texts.diagnosis, `${report.diagnosis_code} ${report.diagnosis_name}`],
          [texts.injuries, report.injuries],
          [texts.bodyPart, report.body_part],
          [texts.treatment, report.treatment],
          [
            texts.disability,
            disability
              ? texts.disabilityRange(
                  day(disability.start_date),
                  day(disability.end_date),
                  disability.assigned_number,
                )
              : '',
          ],
        ],
      },
      {
        heading: texts.qualification,
        rows: [[texts.probableQualification, texts.qualifications[report.probable_qualification]]],
        text: report.observations,
      },
    ],
    signature: null,
    otherSigners: [texts.employerSignature, texts.workerSignature],
  })
}
