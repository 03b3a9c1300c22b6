import type { ConsultationModality, ConsultationPart, ConsultationType } from './consultation-input'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The words of the consultation note and the prescription in both languages: a plain table, as
 * the server builds the same documents and cannot run Lingui's macros (decision 0010).
 */
export interface ConsultationTexts {
  noteTitle: string
  prescriptionTitle: string
  /** The start of each downloaded file's name, before the DD_MM_YYYY stamp. */
  fileName: { note: string; prescription: string }
  patient: string
  age: (years: number) => string
  sex: string
  curp: string
  date: string
  consultationType: string
  type: Record<ConsultationType, string>
  modality: string
  modalities: Record<ConsultationModality, string>
  callDuration: (duration: string) => string
  prescriber: string
  professionalLicense: string
  reason: string
  vitalSigns: string
  vitalSign: string
  value: string
  sign: {
    weight: string
    height: string
    bmi: string
    temperature: string
    oximetry: string
    bloodPressure: string
    systolic: string
    diastolic: string
    heartRate: string
    respiratoryRate: string
    glucose: string
  }
  /** Per-minute units of the heart and respiratory rates. */
  perMinute: { heart: string; breaths: string }
  diagnoses: string
  diagnosisCode: string
  diagnosis: string
  affectedSystem: string
  notes: { subjective: string; objective: string; analysis: string; plan: string }
  treatment: string
  medicines: string
  noMedicines: string
  indications: string
  amendments: string
  amended: (when: string, who: string, what: string) => string
  part: Record<ConsultationPart, string>
  signature: string
  generatedOn: (when: string) => string
  page: (page: number, pages: number) => string
}

const es: ConsultationTexts = {
  noteTitle: 'Nota de consulta médica',
  prescriptionTitle: 'Receta médica',
  fileName: { note: 'nota_de_consulta', prescription: 'receta' },
  patient: 'Paciente',
  age: (years) => `Edad: ${years} ${years === 1 ? 'año' : 'años'}`,
  sex: 'Sexo',
  curp: 'CURP',
  date: 'Fecha',
  consultationType: 'Tipo de consulta',
  type: { initial: 'Primera vez', 'follow-up': 'Subsecuente' },
  modality: 'Modalidad',
  modalities: { 'on-site': 'Presencial', remote: 'A distancia' },
  callDuration: (duration) => `duración de la llamada ${duration}`,
  prescriber: 'Médico',
  professionalLicense: 'Cédula profesional',
  reason: 'Motivo de consulta',
  vitalSigns: 'Signos vitales y somatometría',
  vitalSign: 'Signo',
  value: 'Valor',
  sign: {
    weight: 'Peso',
    height: 'Talla',
    bmi: 'IMC',
    temperature: 'Temperatura',
    oximetry: 'Saturación de oxígeno',
    bloodPressure: 'Presión arterial',
    systolic: 'Presión sistólica',
    diastolic: 'Presión diastólica',
    heartRate: 'Frecuencia cardiaca',
    respiratoryRate: 'Frecuencia respiratoria',
    glucose: 'Glucosa capilar',
  },
  perMinute: { heart: 'lpm', breaths: 'rpm' },
  diagnoses: 'Diagnósticos',
  diagnosisCode: 'CIE-10',
  diagnosis: 'Diagnóstico',
  affectedSystem: 'Aparato o sistema afectado',
  notes: { subjective: 'Subjetivo', objective: 'Objetivo', analysis: 'Análisis', plan: 'Plan' },
  treatment: 'Tratamiento',
  medicines: 'Medicamentos',
  noMedicines: 'Sin medicamentos prescritos.',
  indications: 'Indicaciones',
  amendments: 'Historial de modificaciones',
  amended: (when, who, what) => `Nota modificada el ${when} por ${who}: ${what}.`,
  part: {
    type: 'tipo de consulta',
    date: 'fecha',
    modality: 'modalidad',
    reason: 'motivo de consulta',
    'vital-signs': 'signos vitales',
    diagnoses: 'diagnósticos',
    subjective: 'subjetivo',
    objective: 'objetivo',
    analysis: 'análisis',
    plan: 'plan',
    prescription: 'receta',
  },
  signature: 'Nombre y firma del médico',
  generatedOn: (when) => `Generado el ${when}`,
  page: (page, pages) => `Página ${page} de ${pages}`,
}

const en: ConsultationTexts = {
  noteTitle: 'Medical consultation note',
  prescriptionTitle: 'Prescription',
  fileName: { note: 'consultation_note', prescription: 'prescription' },
  patient: 'Patient',
  age: (years) => `Age: ${years} ${years === 1 ? 'year' : 'years'}`,
  sex: 'Sex',
  curp: 'CURP',
  date: 'Date',
  consultationType: 'Consultation type',
  type: { initial: 'Initial', 'follow-up': 'Follow-up' },
  modality: 'Modality',
  modalities: { 'on-site': 'On-site', remote: 'Remote' },
  callDuration: (duration) => `call duration ${duration}`,
  prescriber: 'Physician',
  professionalLicense: 'Professional licence (cédula)',
  reason: 'Reason for consultation',
  vitalSigns: 'Vital signs and somatometry',
  vitalSign: 'Sign',
  value: 'Value',
  sign: {
    weight: 'Weight',
    height: 'Height',
    bmi: 'BMI',
    temperature: 'Temperature',
    oximetry: 'Oxygen saturation',
    bloodPressure: 'Blood pressure',
    systolic: 'Systolic pressure',
    diastolic: 'Diastolic pressure',
    heartRate: 'Heart rate',
    respiratoryRate: 'Respiratory rate',
    glucose: 'Capillary glucose',
  },
  perMinute: { heart: 'bpm', breaths: 'breaths/min' },
  diagnoses: 'Diagnoses',
  diagnosisCode: 'ICD-10',
  diagnosis: 'Diagnosis',
  affectedSystem: 'Affected system',
  notes: { subjective: 'Subjective', objective: 'Objective', analysis: 'Assessment', plan: 'Plan' },
  treatment: 'Treatment',
  medicines: 'Medicines',
  noMedicines: 'No medicines prescribed.',
  indications: 'Directions',
  amendments: 'Amendment history',
  amended: (when, who, what) => `Note amended on ${when} by ${who}: ${what}.`,
  part: {
    type: 'consultation type',
    date: 'date',
    modality: 'modality',
    reason: 'reason for consultation',
    'vital-signs': 'vital signs',
    diagnoses: 'diagnoses',
    subjective: 'subjective',
    objective: 'objective',
    analysis: 'assessment',
    plan: 'plan',
    prescription: 'prescription',
  },
  signature: "Physician's name and signature",
  generatedOn: (when) => `Generated on ${when}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
}

export const consultationTexts: Record<DocumentLanguage, ConsultationTexts> = { es, en }
