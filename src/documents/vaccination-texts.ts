import type { SchemeStatus } from '../contract/schemas/vaccination-records'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The words of the vaccination card and of the `/vaccinations` spreadsheet in both languages: a
 * plain table, as the server builds the same documents and cannot run Lingui's macros.
 */
export interface VaccinationTexts {
  title: string
  /** The start of the card's file name, before the DD_MM_YYYY stamp. */
  cardFileName: string
  /** The start of the spreadsheet's file name (SPEC §7 names downloads `name_DD_MM_YYYY`). */
  sheetFileName: string
  sheetName: string
  payrollNumber: string
  schemeStatus: string
  statusOn: (day: string) => string
  statuses: Record<SchemeStatus, string>
  vaccine: string
  dose: string
  doseOf: (dose: number, series: number) => string
  booster: string
  boosterDose: (dose: number) => string
  date: string
  folio: string
  lot: string
  abroad: string
  remarks: string
  abroadIn: (country: string) => string
  seriesGiven: (given: number, series: number) => string
  nextDose: string
  nextDue: (label: string, day: string) => string
  overdue: string
  overdueSince: (day: string) => string
  seriesDone: string
  earlyDose: string
  notInScheme: string
  noDoses: string
  nothingApplies: string
  adverseReactions: string
  reaction: (day: string, time: string | null, symptoms: string) => string
  comments: string
  /** The spreadsheet's columns. */
  sheet: {
    patient: string
    curp: string
    status: string
    applicable: string
    nextVaccine: string
    nextDueDate: string
    overdueCount: string
  }
}

const es: VaccinationTexts = {
  title: 'Cartilla de vacunación',
  cardFileName: 'cartilla_vacunacion',
  sheetFileName: 'vacunacion',
  sheetName: 'Vacunación',
  payrollNumber: 'Número de nómina',
  schemeStatus: 'Esquema',
  statusOn: (day) => `Estado al ${day}`,
  statuses: { complete: 'Completo', incomplete: 'Incompleto' },
  vaccine: 'Vacuna',
  dose: 'Dosis',
  doseOf: (dose, series) => `${dose} de ${series}`,
  booster: 'Refuerzo',
  boosterDose: (dose) => `Refuerzo (dosis ${dose})`,
  date: 'Fecha',
  folio: 'Folio',
  lot: 'Lote',
  abroad: 'Aplicada en el extranjero',
  remarks: 'Observaciones',
  abroadIn: (country) => `En el extranjero: ${country}`,
  seriesGiven: (given, series) => `Dosis del esquema: ${given} de ${series}`,
  nextDose: 'Siguiente dosis',
  nextDue: (label, day) => `Siguiente dosis: ${label}, el ${day}`,
  overdue: 'Vencida',
  overdueSince: (day) => `VENCIDA desde el ${day}`,
  seriesDone: 'Esquema de esta vacuna completo; sin dosis pendiente.',
  earlyDose: 'antes del intervalo mínimo',
  notInScheme: 'No forma parte del esquema que aplica al paciente.',
  noDoses: 'Sin dosis registradas.',
  nothingApplies: 'Ninguna vacuna del esquema aplica al paciente.',
  adverseReactions: 'Reacciones adversas',
  reaction: (day, time, symptoms) => `${day}${time ? ` ${time}` : ''}: ${symptoms}`,
  comments: 'Comentarios',
  sheet: {
    patient: 'Paciente',
    curp: 'CURP',
    status: 'Esquema',
    applicable: 'Vacunas que aplican',
    nextVaccine: 'Siguiente vacuna',
    nextDueDate: 'Fecha de la siguiente dosis',
    overdueCount: 'Dosis vencidas',
  },
}

const en: VaccinationTexts = {
  title: 'Vaccination card',
  cardFileName: 'vaccination_card',
  sheetFileName: 'vaccinations',
  sheetName: 'Vaccinations',
  payrollNumber: 'Payroll number',
  schemeStatus: 'Scheme',
  statusOn: (day) => `Status on ${day}`,
  statuses: { complete: 'Complete', incomplete: 'Incomplete' },
  vaccine: 'Vaccine',
  dose: 'Dose',
  doseOf: (dose, series) => `${dose} of ${series}`,
  booster: 'Booster',
  boosterDose: (dose) => `Booster (dose ${dose})`,
  date: 'Date',
  folio: 'Folio',
  lot: 'Lot',
  abroad: 'Given abroad',
  remarks: 'Remarks',
  abroadIn: (country) => `Abroad: ${country}`,
  seriesGiven: (given, series) => `Series doses: ${given} of ${series}`,
  nextDose: 'Next dose',
  nextDue: (label, day) => `Next dose: ${label}, on ${day}`,
  overdue: 'Overdue',
  overdueSince: (day) => `OVERDUE since ${day}`,
  seriesDone: 'Series of this vaccine complete; no dose pending.',
  earlyDose: 'before the minimum interval',
  notInScheme: 'Not part of the scheme that applies to the patient.',
  noDoses: 'No doses recorded.',
  nothingApplies: 'No vaccine of the scheme applies to the patient.',
  adverseReactions: 'Adverse reactions',
  reaction: (day, time, symptoms) => `${day}${time ? ` ${time}` : ''}: ${symptoms}`,
  comments: 'Comments',
  sheet: {
    patient: 'Patient',
    curp: 'CURP',
    status: 'Scheme',
    applicable: 'Vaccines that apply',
    nextVaccine: 'Next vaccine',
    nextDueDate: 'Next dose date',
    overdueCount: 'Overdue doses',
  },
}

export const vaccinationTexts: Record<DocumentLanguage, VaccinationTexts> = { es, en }
