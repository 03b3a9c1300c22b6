import { describe, expect, it } from 'vitest'
import type { Disability } from '../contract/schemas/disabilities'
import type { HealthCertificate } from '../contract/schemas/health-certificates'
import type { IncidentReport } from '../contract/schemas/incident-reports'
import type { ReportRecord } from '../contract/schemas/report-amendments'
import type { ShortHistory } from '../contract/schemas/short-histories'
import {
  certificateDocumentOf,
  disabilityDocumentOf,
  incidentReportDocumentOf,
  type ReportContext,
  shortHistoryDocumentOf,
} from './medical-report-documents'
import { pdfText } from './pdf-text'
import { buildReportPdf } from './report-document'

const record: ReportRecord = {
  id: '01937a4e-0000-7000-8000-00000000e001',
  patient_id: '01937a4e-0000-7000-8000-00000000e002',
  author: {
    id: '01937a4e-0000-7000-8000-00000000d001',
    name: 'Ana Sofía López Ruiz',
    title: 'Médica cirujana',
    professional_license: '12345678',
  },
  amendments: [],
  version: 1,
  created_at: '2026-03-03 15:00:00+00',
  updated_at: '2026-03-03 15:00:00+00',
  deleted_at: null,
}

const signs = {
  weight_kg: 72,
  height_m: 1.7,
  temperature_c: null,
  oximetry: null,
  systolic: 118,
  diastolic: 76,
  heart_rate: 72,
  respiratory_rate: null,
  glucose: null,
}

const context = (language: 'es' | 'en' = 'es'): ReportContext => ({
  language,
  timeZone: 'America/Mexico_City',
  tenant: { name: 'Industrias Acme del Bajío', logo: null, address: null },
  patient: { name: 'Juan Pérez López', birth_date: '1985-03-12', sex: 'Hombre', curp: 'PELJ850312HQTRPN09' },
})

const certificate: HealthCertificate = {
  ...record,
  issued_on: '2026-03-03',
  result: 'fit_with_restrictions',
  valid_from: '2026-03-03',
  valid_to: '2026-09-03',
  restrictions: 'No cargar más de 10 kg',
  purpose: 'Reincorporación laboral',
  observations: null,
  ...signs,
  encounter_id: null,
}

const disability: Disability = {
  ...record,
  cause: 'Esguince de tobillo derecho',
  control_measures: 'Piso antiderrapante',
  reason: 'Resbaló en el andén',
  start_date: '2026-03-03',
  end_date: '2026-03-16',
  type_id: '01937a4e-0000-7000-8000-00000000f001',
  type_name: 'Riesgo de trabajo',
  issuer: 'imss',
  status_id: '01937a4e-0000-7000-8000-00000000f002',
  status_name: 'Inicial',
  assigned_number: 'LM0482310',
  assigned_days: 14,
  comments: null,
}

const report: IncidentReport = {
  ...record,
  employer: {
    business_name: 'Aceros del Bajío S.A. de C.V.',
    employer_registration: 'E1234567102',
    address: 'Av. Constituyentes 1001, Querétaro',
  },
  worker: {
    name: 'Juan Pérez López',
    nss: '12345678903',
    curp: 'PELJ850312HQTRPN09',
    occupation: 'Almacenista',
    shift: 'Matutino',
    hire_date: '2020-01-15',
  },
  accident_kind: 'at_work',
  occurred_on: '2026-03-03',
  occurred_at: '08:40',
  place: 'Andén de carga',
  activity: 'Descargaba cajas',
  description: 'Resbaló en el piso mojado',
  witnesses: 'Supervisor de turno',
  attended_on: '2026-03-03',
  attended_at: '09:10',
  diagnosis_code: 'S934',
  diagnosis_name: 'Esguince de tobillo',
  injuries: 'Esguince grado II',
  body_part: 'Tobillo derecho',
  treatment: 'Férula posterior',
  disability_id: disability.id,
  probable_qualification: 'work_related',
  observations: null,
}

const history: ShortHistory = {
  ...record,
  type: 'return_to_work',
  recorded_on: '2026-03-17',
  reason: 'Reincorporación tras incapacidad',
  family_history: null,
  personal_history: 'Niega alergias',
  occupational_history: null,
  current_condition: 'Asintomático',
  physical_exploration: null,
  ...signs,
  impression: 'Sano',
  plan: null,
}

describe('the medical reports as PDFs', () => {
  it('prints the certificate a company files: the result, validity, restrictions, and the professional’s title and cédula', () => {
    const { bytes, fileName } = buildReportPdf(certificateDocumentOf(certificate, context()))
    expect(fileName).toBe('certificado_estado_salud_03_03_2026.pdf')
    const text = pdfText(bytes).join('\n')
    for (const expected of [
      'Certificado de estado de salud',
      'Médica cirujana',
      'cédula profesional 12345678',
      'Apto con restricciones',
      'Del 2026/03/03 al 2026/09/03',
      'No cargar más de 10 kg',
      'Cédula profesional: 12345678',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('prints the ST-7 in the IMSS form’s five parts, with the linked disability and three signatures', () => {
    const { bytes, fileName } = buildReportPdf(incidentReportDocumentOf(report, context(), disability))
    expect(fileName).toBe('st7_03_03_2026.pdf')
    const text = pdfText(bytes).join('\n')
    for (const expected of [
      'Aviso de atención médica y calificación de probable accidente de trabajo',
      '1. Datos del patrón',
      'E1234567102',
      '2. Datos del trabajador',
      '12345678903',
      '3. Datos del accidente',
      '2026/03/03 08:40',
      '4. Primera atención médica',
      'S934 Esguince de tobillo',
      'Del 2026/03/03 al 2026/03/16, folio LM0482310',
      '5. Calificación',
      'Sí de trabajo',
      'Nombre y firma del patrón o representante legal',
      'Nombre y firma del trabajador',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('prints the disability with its dates, days, modality, status and IMSS folio, in English too', () => {
    const es = pdfText(buildReportPdf(disabilityDocumentOf(disability, context())).bytes).join('\n')
    for (const expected of [
      'Registro de incapacidad',
      '2026/03/16',
      '14',
      'Riesgo de trabajo',
      'Inicial',
      'LM0482310',
    ]) {
      expect(es).toContain(expected)
    }
    const en = buildReportPdf(disabilityDocumentOf(disability, context('en')))
    expect(en.fileName).toBe('disability_03_03_2026.pdf')
    expect(pdfText(en.bytes).join('\n')).toContain('IMSS folio')
  })

  it('prints the short history’s type and sections, leaving out the empty ones', () => {
    const text = pdfText(buildReportPdf(shortHistoryDocumentOf(history, context())).bytes)
    expect(text.join('\n')).toContain('Tipo: Reincorporación laboral · Fecha: 2026/03/17')
    expect(text).toContain('Antecedentes personales')
    expect(text).not.toContain('Antecedentes heredofamiliares')
  })

  it('gives the same bytes for the same record, asked twice', () => {
    const first = buildReportPdf(certificateDocumentOf(certificate, context())).bytes
    const second = buildReportPdf(certificateDocumentOf(certificate, context())).bytes
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
  })
})
