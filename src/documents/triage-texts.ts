import type { TriageClassification } from '../contract/rules/triage-classification'
import type { DocumentLanguage } from './self-tracking-texts'

/** The words of the triage note in both languages: a plain table, as the server builds it too. */
export interface TriageTexts {
  title: string
  /** The start of the file's name, before the DD_MM_YYYY stamp. */
  fileName: string
  status: string
  covidCase: string
  symptoms: string
  firstSymptom: string
  oxygen: string
  consciousness: string
  riskFactors: string
  classification: string
  news2: string
  proposed: string
  chosen: string
  overrideReason: string
  reclassifiedTo: string
  quarantine: string
  quarantineFrom: (from: string, to: string | null) => string
  notes: string
  professional: string
  pregnancy: string
  classifications: Record<TriageClassification, string>
}

const es: TriageTexts = {
  title: 'Nota de triage COVID',
  fileName: 'triage_covid',
  status: 'Estatus',
  covidCase: 'Caso',
  symptoms: 'Síntomas',
  firstSymptom: 'Primer síntoma',
  oxygen: 'Oxígeno suplementario',
  consciousness: 'Estado de conciencia',
  riskFactors: 'Factores de riesgo',
  classification: 'Clasificación',
  news2: 'Puntaje NEWS2',
  proposed: 'Clasificación propuesta',
  chosen: 'Clasificación elegida',
  overrideReason: 'Motivo del cambio',
  reclassifiedTo: 'Reclasificado a',
  quarantine: 'Cuarentena',
  quarantineFrom: (from, to) => (to ? `del ${from} al ${to}` : `desde el ${from}`),
  notes: 'Nota de evolución',
  professional: 'Profesional de la salud',
  pregnancy: 'Embarazo',
  classifications: {
    low: 'Riesgo bajo',
    'low-medium': 'Riesgo bajo-medio',
    medium: 'Riesgo medio',
    high: 'Riesgo alto',
  },
}

const en: TriageTexts = {
  title: 'COVID triage note',
  fileName: 'covid_triage',
  status: 'Status',
  covidCase: 'Case',
  symptoms: 'Symptoms',
  firstSymptom: 'First symptom',
  oxygen: 'Supplemental oxygen',
  consciousness: 'Consciousness',
  riskFactors: 'Risk factors',
  classification: 'Classification',
  news2: 'NEWS2 score',
  proposed: 'Proposed classification',
  chosen: 'Chosen classification',
  overrideReason: 'Reason for the change',
  reclassifiedTo: 'Reclassified to',
  quarantine: 'Quarantine',
  quarantineFrom: (from, to) => (to ? `from ${from} to ${to}` : `from ${from}`),
  notes: 'Progress note',
  professional: 'Health professional',
  pregnancy: 'Pregnancy',
  classifications: {
    low: 'Low risk',
    'low-medium': 'Low-medium risk',
    medium: 'Medium risk',
    high: 'High risk',
  },
}

export const triageTexts: Record<DocumentLanguage, TriageTexts> = { es, en }
