import type { GLUCOSE_MOMENTS, HABIT_FREQUENCIES, Habit, ReadingKind } from '../contract/schemas/readings'

/**
 * The words of the self-tracking PDFs in both languages. A plain table rather than Lingui: the
 * server builds the same document and cannot run the React macros, and the document's language
 * is an input (the device's choice or the request's Accept-Language), not the page's i18n.
 */
export type DocumentLanguage = 'es' | 'en'

export interface SelfTrackingTexts {
  /** The log's title of each kind. */
  title: Record<ReadingKind, string>
  /** The start of the downloaded file's name of each kind (before the date stamp). */
  fileName: Record<ReadingKind, string>
  patient: string
  curp: string
  period: (from: string, to: string) => string
  generatedOn: (when: string) => string
  page: (page: number, pages: number) => string
  noEntries: string
  column: {
    takenAt: string
    bloodPressure: string
    heartRate: string
    category: string
    glucose: string
    moment: string
    weight: string
    height: string
    bmi: string
    waist: string
    hip: string
    waistToHip: string
    otherSigns: string
    meals: string
    water: string
    habit: string
    frequency: string
    quantity: string
    note: string
  }
  /** Short labels of the vital signs put together in one cell of the somatometry log. */
  sign: { temperature: string; oximetry: string; heartRate: string; respiratoryRate: string }
  moment: Record<(typeof GLUCOSE_MOMENTS)[number], string>
  habit: Record<Habit, string>
  frequency: Record<(typeof HABIT_FREQUENCIES)[number], string>
  /** What a habit's quantity counts. */
  quantityUnit: Record<Habit, string>
}

const es: SelfTrackingTexts = {
  title: {
    'blood-pressure': 'Registro de presión arterial',
    glucose: 'Registro de glucosa',
    somatometry: 'Registro de somatometría',
    nutrition: 'Registro de nutrición',
    habit: 'Registro de hábitos',
  },
  fileName: {
    'blood-pressure': 'presion_arterial',
    glucose: 'glucosa',
    somatometry: 'somatometria',
    nutrition: 'nutricion',
    habit: 'habitos',
  },
  patient: 'Paciente',
  curp: 'CURP',
  period: (from, to) => `Periodo: del ${from} al ${to}`,
  generatedOn: (when) => `Generado el ${when}`,
  page: (page, pages) => `Página ${page} de ${pages}`,
  noEntries: 'No hay registros en este periodo.',
  column: {
    takenAt: 'Fecha y hora',
    bloodPressure: 'Presión (mmHg)',
    heartRate: 'Frecuencia cardiaca (lpm)',
    category: 'Clasificación',
    glucose: 'Glucosa (mg/dL)',
    moment: 'Momento',
    weight: 'Peso (kg)',
    height: 'Talla (m)',
    bmi: 'IMC (kg/m²)',
    waist: 'Cintura (cm)',
    hip: 'Cadera (cm)',
    waistToHip: 'Índice cintura / cadera',
    otherSigns: 'Otros signos',
    meals: 'Comidas',
    water: 'Agua (ml)',
    habit: 'Hábito',
    frequency: 'Frecuencia',
    quantity: 'Cantidad',
    note: 'Nota',
  },
  sign: { temperature: 'Temp.', oximetry: 'SpO2', heartRate: 'FC', respiratoryRate: 'FR' },
  moment: {
    fasting: 'En ayunas',
    'before-meal': 'Antes de comer',
    'after-meal': 'Después de comer',
    random: 'Al azar',
  },
  habit: { smoking: 'Tabaquismo', alcohol: 'Alcohol', exercise: 'Ejercicio', sleep: 'Sueño' },
  frequency: {
    never: 'Nunca',
    occasionally: 'Ocasionalmente',
    weekly: 'Semanal',
    'several-per-week': 'Varias veces por semana',
    daily: 'Diario',
  },
  quantityUnit: { smoking: 'cigarros', alcohol: 'bebidas', exercise: 'min', sleep: 'h' },
}

const en: SelfTrackingTexts = {
  title: {
    'blood-pressure': 'Blood pressure log',
    glucose: 'Glucose log',
    somatometry: 'Somatometry log',
    nutrition: 'Nutrition log',
    habit: 'Habits log',
  },
  fileName: {
    'blood-pressure': 'blood_pressure',
    glucose: 'glucose',
    somatometry: 'somatometry',
    nutrition: 'nutrition',
    habit: 'habits',
  },
  patient: 'Patient',
  curp: 'CURP',
  period: (from, to) => `Period: from ${from} to ${to}`,
  generatedOn: (when) => `Generated on ${when}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
  noEntries: 'There are no entries in this period.',
  column: {
    takenAt: 'Date and time',
    bloodPressure: 'Pressure (mmHg)',
    heartRate: 'Heart rate (bpm)',
    category: 'Category',
    glucose: 'Glucose (mg/dL)',
    moment: 'Moment',
    weight: 'Weight (kg)',
    height: 'Height (m)',
    bmi: 'BMI (kg/m²)',
    waist: 'Waist (cm)',
    hip: 'Hip (cm)',
    waistToHip: 'Waist / hip ratio',
    otherSigns: 'Other signs',
    meals: 'Meals',
    water: 'Water (ml)',
    habit: 'Habit',
    frequency: 'Frequency',
    quantity: 'Quantity',
    note: 'Note',
  },
  sign: { temperature: 'Temp.', oximetry: 'SpO2', heartRate: 'HR', respiratoryRate: 'RR' },
  moment: {
    fasting: 'Fasting',
    'before-meal': 'Before a meal',
    'after-meal': 'After a meal',
    random: 'Random',
  },
  habit: { smoking: 'Smoking', alcohol: 'Alcohol', exercise: 'Exercise', sleep: 'Sleep' },
  frequency: {
    never: 'Never',
    occasionally: 'Occasionally',
    weekly: 'Weekly',
    'several-per-week': 'Several times a week',
    daily: 'Daily',
  },
  quantityUnit: { smoking: 'cigarettes', alcohol: 'drinks', exercise: 'min', sleep: 'h' },
}

export const selfTrackingTexts: Record<DocumentLanguage, SelfTrackingTexts> = { es, en }
