import { describe, expect, it } from 'vitest'
import { pdfText } from './pdf-text'
import { type StoredTriage, type TriageContext, triageDocumentOf } from './triage-document'
import { buildTriageNotePdf } from './triage-note-pdf'

const aTriage = (overrides: Partial<StoredTriage> = {}): StoredTriage => ({
  id: '01937a4e-0000-7000-8000-00000000c0a1',
  consulted_at: '2026-11-24T15:30:00.000Z',
  status: 'suspicious',
  covid_case: 'suspected',
  symptoms: ['fever', 'cough'],
  other_symptoms: [],
  first_symptom_date: '2026-11-22',
  temperature_c: 39.4,
  oximetry: 90,
  systolic: 118,
  diastolic: 76,
  heart_rate: 104,
  respiratory_rate: 26,
  weight_kg: null,
  height_m: null,
  supplemental_oxygen: 'nasal-cannula',
  consciousness: 'alert',
  chronic_degenerative_diseases: ['diabetes'],
  immunocompromises: [],
  pregnancy: false,
  news2_score: 11,
  proposed_classification: 'high',
  chosen_classification: 'high',
  classification: 'high',
  override_reason: null,
  quarantine_start_date: '2026-11-24',
  quarantine_end_date: '2026-12-08',
  notes: 'Fiebre y disnea; se refiere a urgencias.',
  author: {
    id: '01937a4e-0000-7000-8000-00000000d001',
    name: 'Dra. Ana Sofía López Ruiz',
    title: 'Médica cirujana',
    professional_license: '12345678',
  },
  updated_at: '2026-11-24T15:31:00.000Z',
  ...overrides,
})

const context = (language: 'es' | 'en' = 'es'): TriageContext => ({
  language,
  timeZone: 'America/Mexico_City',
  tenant: { name: 'Industrias Acme del Bajío', logo: null, address: null },
  patient: {
    name: 'María Guadalupe Hernández Núñez',
    birth_date: '1985-03-12',
    sex: language === 'es' ? 'Mujer' : 'Female',
    curp: 'HENG850312MGTRXD04',
  },
  lists: {
    'covid-statuses': new Map([['suspicious', language === 'es' ? 'Sospechoso' : 'Suspected']]),
    'initial-symptoms': new Map([
      ['fever', 'Fiebre'],
      ['cough', 'Tos'],
    ]),
    'supplemental-oxygens': new Map([['nasal-cannula', 'Puntas nasales']]),
    'chronic-degenerative-diseases': new Map([['diabetes', 'Diabetes']]),
  },
})

describe('the COVID triage note as a PDF', () => {
  it('prints the letterhead, the patient, the professional with title and cédula, the vital signs and the classification', () => {
    const { bytes, fileName } = buildTriageNotePdf(triageDocumentOf(aTriage(), context()))
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(fileName).toBe('triage_covid_24_11_2026.pdf')
    expect(pdfText(bytes)).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Nota de triage COVID',
        'Paciente: María Guadalupe Hernández Núñez',
        'Edad: 41 años',
        'Sexo: Mujer',
        'CURP: HENG850312MGTRXD04',
        'Fecha: 2026/11/24 09:30',
        'Estatus: Sospechoso',
        'Profesional de la salud: Dra. Ana Sofía López Ruiz',
        'Médica cirujana',
        'Cédula profesional: 12345678',
        'Fiebre, Tos',
        'Primer síntoma: 2026/11/22',
        '39.4 °C',
        '90 %',
        'Puntas nasales',
        'Diabetes',
        'Puntaje NEWS2',
        '11',
        'Clasificación propuesta',
        'Clasificación elegida',
        'Riesgo alto',
        'del 2026/11/24 al 2026/12/08',
        'Fiebre y disnea; se refiere a urgencias.',
      ]),
    )
  })

  it('prints an override with its reason and a later reclassification, in English too', () => {
    const overridden = aTriage({
      chosen_classification: 'medium',
      override_reason: 'Saturación estable en reposo.',
      classification: 'low',
    })
    const text = pdfText(buildTriageNotePdf(triageDocumentOf(overridden, context('en'))).bytes)
    expect(text).toEqual(
      expect.arrayContaining([
        'COVID triage note',
        'Proposed classification',
        'High risk',
        'Chosen classification',
        'Medium risk',
        'Reason for the change',
        'Saturación estable en reposo.',
        'Reclassified to',
        'Low risk',
      ]),
    )
  })

  it('is the same file whenever it is asked for', () => {
    const first = buildTriageNotePdf(triageDocumentOf(aTriage(), context()))
    const second = buildTriageNotePdf(triageDocumentOf(aTriage(), context()))
    expect(first.bytes).toEqual(second.bytes)
  })
})
