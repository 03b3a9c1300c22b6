import { describe, expect, it } from 'vitest'
import { completeAdmissionSections } from '../contract/schemas/admission-exam-example'
import type { AdmissionExam } from '../contract/schemas/admission-exams'
import type { PeriodicExam } from '../contract/schemas/periodic-exams'
import { buildAdmissionExamPdf } from './admission-exam-pdf'
import { admissionExamDocumentOf, type ExamContext, periodicExamDocumentOf } from './exam-document'
import { pdfText } from './pdf-text'
import { buildPeriodicExamPdf } from './periodic-exam-pdf'

const author = {
  id: '01937a4e-0000-7000-8000-00000000d001',
  name: 'Dra. Ana Sofía López Ruiz',
  title: 'Médica del trabajo',
  professional_license: '12345678',
}

const context = (language: 'es' | 'en' = 'es'): ExamContext => ({
  language,
  timeZone: 'America/Mexico_City',
  tenant: { name: 'Industrias Acme del Bajío', logo: null, address: null },
  patient: {
    name: 'José Luis Ramírez Ortega',
    birth_date: '1990-02-14',
    sex: language === 'es' ? 'Hombre' : 'Male',
    curp: 'RAOJ900214HGTMRS09',
  },
})

const aPeriodicExam = (overrides: Partial<PeriodicExam> = {}): PeriodicExam => ({
  id: '01937a4e-0000-7000-8000-00000000e001',
  patient_id: '01937a4e-0000-7000-8000-00000000a001',
  examined_on: '2026-11-20',
  condition: 'compliant',
  observations: 'Sin hallazgos relevantes.',
  recommendations: 'Uso de protección auditiva.',
  exposures: [{ agent: 'noise', years: 6, notes: '88 dB' }],
  clinical_exams: [
    {
      id: '01937a4e-0000-7000-8000-00000000f001',
      clinical_exam_id: '01937a4e-0000-7000-8000-00000000c001',
      clinical_exam_name: 'Audiometría',
      result: 'Hipoacusia leve bilateral',
      deleted_at: null,
    },
    {
      id: '01937a4e-0000-7000-8000-00000000f002',
      clinical_exam_id: '01937a4e-0000-7000-8000-00000000c002',
      clinical_exam_name: 'Espirometría',
      result: 'Registrada por error',
      deleted_at: '2026-11-21 10:00:00+00',
    },
  ],
  author,
  amendments: [
    {
      id: '01937a4e-0000-7000-8000-00000000b001',
      version: 2,
      amended_at: '2026-11-21 16:05:00+00',
      amended_by: { id: author.id, name: author.name },
      changes: { clinical_exams: { before: [], after: [] } },
    },
  ],
  version: 2,
  created_at: '2026-11-20 15:00:00+00',
  updated_at: '2026-11-21 16:05:00+00',
  deleted_at: null,
  ...overrides,
})

const anAdmissionExam = (overrides: Partial<AdmissionExam> = {}): AdmissionExam => ({
  id: '01937a4e-0000-7000-8000-00000000e002',
  patient_id: '01937a4e-0000-7000-8000-00000000a001',
  examined_on: '2026-11-18',
  position: 'Operador de montacargas',
  ...completeAdmissionSections(),
  result: 'complies_with_conditions',
  conditions: 'Uso obligatorio de protección auditiva',
  observations: null,
  treatments: [
    {
      id: '01937a4e-0000-7000-8000-00000000f101',
      medicine: 'Losartán',
      dose: '50 mg',
      indications: null,
      deleted_at: null,
    },
  ],
  author,
  amendments: [],
  version: 1,
  created_at: '2026-11-18 15:00:00+00',
  updated_at: '2026-11-18 15:00:00+00',
  deleted_at: null,
  ...overrides,
})

describe('the periodic exam as a PDF', () => {
  it('prints the patient, the rating, the next exam, the live clinical exams, the exposures and the amendments', () => {
    const { bytes, fileName } = buildPeriodicExamPdf(
      periodicExamDocumentOf(aPeriodicExam(), context(), '1-year'),
    )
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(fileName).toBe('examen_periodico_20_11_2026.pdf')
    const text = pdfText(bytes)
    expect(text).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Examen médico periódico',
        'Paciente: José Luis Ramírez Ortega',
        'Edad: 36 años',
        'Fecha: 2026/11/20',
        'Calificación: Apto',
        'Próximo examen: 2027/11/20',
        'Audiometría',
        'Hipoacusia leve bilateral',
        'Ruido',
        '88 dB',
        'Uso de protección auditiva.',
        'Versión 2, 2026/11/21 10:05, Dra. Ana Sofía López Ruiz: Exámenes clínicos',
        'Cédula profesional: 12345678',
      ]),
    )
    expect(text).not.toContain('Registrada por error')
  })

  it('speaks English, and is the same file whenever it is asked for', () => {
    const input = periodicExamDocumentOf(aPeriodicExam({ condition: 'fails' }), context('en'), '6-months')
    const first = buildPeriodicExamPdf(input)
    expect(first.fileName).toBe('periodic_exam_20_11_2026.pdf')
    expect(pdfText(first.bytes)).toEqual(
      expect.arrayContaining(['Periodic medical exam', 'Rating: Fails', 'Next exam: 2027/05/20']),
    )
    expect(buildPeriodicExamPdf(input).bytes).toEqual(first.bytes)
  })
})

describe('the admission exam as a PDF', () => {
  it('prints the result with its conditions, every section, the treatments and the signature', () => {
    const { bytes, fileName } = buildAdmissionExamPdf(admissionExamDocumentOf(anAdmissionExam(), context()))
    expect(fileName).toBe('examen_admision_18_11_2026.pdf')
    expect(pdfText(bytes)).toEqual(
      expect.arrayContaining([
        'Examen médico de admisión',
        'Resultado: Cumple con condiciones',
        'Condiciones: Uso obligatorio de protección auditiva',
        'Puesto solicitado: Operador de montacargas',
        'Antecedentes heredofamiliares',
        'Diabetes mellitus tipo 2',
        'Hábitos higiénicos y de vivienda',
        'Tabaco',
        'Antecedentes laborales',
        'Textiles del Bajío, S.A. de',
        'Ruido (4), Polvo (4)',
        'Exploración física',
        '120/80 mmHg',
        'Resultados de laboratorio',
        'Biometría hemática',
        'Tratamientos',
        'Losartán',
        'Nombre y firma del médico',
      ]),
    )
  })

  it('marks a draft’s empty sections and pending result, in English too', () => {
    const draft = anAdmissionExam({
      result: null,
      conditions: null,
      lab_results: null,
      hygiene_housing: null,
    })
    const text = pdfText(buildAdmissionExamPdf(admissionExamDocumentOf(draft, context('en'))).bytes)
    expect(text).toEqual(
      expect.arrayContaining(['Admission medical exam', 'Result: Pending', 'Lab results', 'Not recorded']),
    )
  })
})
