import type { DigitalRecordKind } from '../contract/schemas/digital-record'
import type { ReadingKind } from '../contract/schemas/readings'
import type { RecordSection } from '../contract/schemas/record-sections'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The words of the digital record (issue 24) in both languages — its PDF, and its timeline's
 * entries on the screen, which read the same — as a plain table: the server builds the same
 * document and cannot run Lingui's macros (decision 0010). Words another document already has
 * (a consultation's signs, a triage's classifications, an exam's ratings) are that document's.
 */
export interface DigitalRecordTexts {
  title: string
  /** The start of the file's name, before the DD_MM_YYYY stamp of the record's last change. */
  fileName: string
  identification: string
  name: string
  birthDate: string
  years: (age: number) => string
  payrollNumber: string
  nss: string
  bloodType: string
  alerts: string
  allergies: string
  alertsAndNeeds: string
  specialLabels: string
  pregnancy: string
  /** The pregnancy alert: the answer recorded on a day (SPEC §3 COVID data, the triage's). */
  pregnancyRecorded: (day: string) => string
  noneRecorded: string
  latestVitalSigns: string
  sign: string
  value: string
  takenOn: string
  source: string
  noVitalSigns: string
  sections: string
  sectionNames: Record<RecordSection, string>
  timeline: string
  noEntries: string
  /** Each kind's name, as the timeline's filter and its entries name it. */
  kinds: Record<DigitalRecordKind, string>
  readings: Record<ReadingKind, string>
  professional: string
  recordedBy: string
  byPatient: string
  status: string
  abroad: (country: string) => string
  adverseReactions: (count: number) => string
  clinicalExams: string
  days: (from: string, to: string, days: number) => string
  position: string
  pending: string
}

const es: DigitalRecordTexts = {
  title: 'Expediente clínico digital',
  fileName: 'expediente_clinico',
  identification: 'Identificación',
  name: 'Nombre',
  birthDate: 'Fecha de nacimiento',
  years: (age) => (age === 1 ? '1 año' : `${age} años`),
  payrollNumber: 'Número de nómina',
  nss: 'NSS',
  bloodType: 'Tipo de sangre',
  alerts: 'Alertas',
  allergies: 'Alergias',
  alertsAndNeeds: 'Alertas y necesidades especiales',
  specialLabels: 'Etiquetas especiales',
  pregnancy: 'Embarazo',
  pregnancyRecorded: (day) => `Embarazo registrado el ${day}`,
  noneRecorded: 'Ninguna registrada',
  latestVitalSigns: 'Últimos signos vitales',
  sign: 'Signo',
  value: 'Valor',
  takenOn: 'Fecha',
  source: 'Registro',
  noVitalSigns: 'Sin signos vitales registrados.',
  sections: 'Antecedentes y secciones del expediente',
  sectionNames: {
    'medical-conditions': 'Condiciones médicas',
    'active-medications': 'Medicamentos activos',
    'medical-histories': 'Antecedentes médicos',
    'surgical-histories': 'Antecedentes quirúrgicos',
    'psychiatric-histories': 'Antecedentes psiquiátricos',
    'social-habits': 'Hábitos sociales',
    'allergies-tolerances': 'Alergias y tolerancias',
    'alerts-and-special-needs': 'Alertas y necesidades especiales',
    'covid-status': 'Estatus COVID',
  },
  timeline: 'Historial clínico',
  noEntries: 'Sin registros.',
  kinds: {
    consultation: 'Consulta médica',
    triage: 'Triage COVID',
    vaccination: 'Vacunación',
    'periodic-exam': 'Examen periódico',
    'admission-exam': 'Examen de admisión',
    'self-tracking': 'Autocontrol',
    'short-history': 'Historia clínica breve',
    'health-certificate': 'Certificado de salud',
    disability: 'Incapacidad',
    'incident-report': 'ST-7',
  },
  readings: {
    'blood-pressure': 'Presión arterial',
    glucose: 'Glucosa',
    somatometry: 'Somatometría',
    nutrition: 'Nutrición',
    habit: 'Hábito',
  },
  professional: 'Profesional',
  recordedBy: 'Registró',
  byPatient: 'el paciente (autocontrol)',
  status: 'Estatus',
  abroad: (country) => `Aplicada en el extranjero (${country})`,
  adverseReactions: (count) => (count === 1 ? '1 reacción adversa' : `${count} reacciones adversas`),
  clinicalExams: 'Exámenes clínicos',
  days: (from, to, days) => `Del ${from} al ${to} (${days === 1 ? '1 día' : `${days} días`})`,
  position: 'Puesto solicitado',
  pending: 'Pendiente',
}

const en: DigitalRecordTexts = {
  title: 'Digital clinical record',
  fileName: 'clinical_record',
  identification: 'Identification',
  name: 'Name',
  birthDate: 'Date of birth',
  years: (age) => (age === 1 ? '1 year' : `${age} years`),
  payrollNumber: 'Payroll number',
  nss: 'NSS',
  bloodType: 'Blood type',
  alerts: 'Alerts',
  allergies: 'Allergies',
  alertsAndNeeds: 'Alerts and special needs',
  specialLabels: 'Special labels',
  pregnancy: 'Pregnancy',
  pregnancyRecorded: (day) => `Pregnancy recorded on ${day}`,
  noneRecorded: 'None recorded',
  latestVitalSigns: 'Latest vital signs',
  sign: 'Sign',
  value: 'Value',
  takenOn: 'Date',
  source: 'Record',
  noVitalSigns: 'No vital signs recorded.',
  sections: 'History and record sections',
  sectionNames: {
    'medical-conditions': 'Medical conditions',
    'active-medications': 'Active medications',
    'medical-histories': 'Medical history',
    'surgical-histories': 'Surgical history',
    'psychiatric-histories': 'Psychiatric history',
    'social-habits': 'Social habits',
    'allergies-tolerances': 'Allergies and tolerances',
    'alerts-and-special-needs': 'Alerts and special needs',
    'covid-status': 'COVID status',
  },
  timeline: 'Clinical history',
  noEntries: 'No records.',
  kinds: {
    consultation: 'Medical consultation',
    triage: 'COVID triage',
    vaccination: 'Vaccination',
    'periodic-exam': 'Periodic exam',
    'admission-exam': 'Admission exam',
    'self-tracking': 'Self-tracking',
    'short-history': 'Short clinical history',
    'health-certificate': 'Health certificate',
    disability: 'Disability',
    'incident-report': 'ST-7',
  },
  readings: {
    'blood-pressure': 'Blood pressure',
    glucose: 'Glucose',
    somatometry: 'Somatometry',
    nutrition: 'Nutrition',
    habit: 'Habit',
  },
  professional: 'Professional',
  recordedBy: 'Recorded by',
  byPatient: 'the patient (self-tracking)',
  status: 'Status',
  abroad: (country) => `Given abroad (${country})`,
  adverseReactions: (count) => (count === 1 ? '1 adverse reaction' : `${count} adverse reactions`),
  clinicalExams: 'Clinical exams',
  days: (from, to, days) => `From ${from} to ${to} (${days === 1 ? '1 day' : `${days} days`})`,
  position: 'Position applied for',
  pending: 'Pending',
}

export const digitalRecordTexts: Record<DocumentLanguage, DigitalRecordTexts> = { es, en }
