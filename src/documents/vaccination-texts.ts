import type { OccupationalRisk } from '../contract/schemas/catalogue-definitions'
import type { OVERDUE_CHOICES, SchemeStatus } from '../contract/schemas/vaccination-records'
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
  dose: string
  doseOf: (dose: number, series: number) => string
  booster: string
  boosterDose: (dose: number) => string
  date: string
  folio: string
  lot: string
  remarks: string
  abroadIn: (country: string) => string
  seriesGiven: (given: number, series: number) => string
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
  /** The index's overdue filter's answers, and the occupational risks' names. */
  overdueChoices: Record<(typeof OVERDUE_CHOICES)[number], string>
  risks: Record<OccupationalRisk, string>
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
  dose: 'Dosis',
  doseOf: (dose, series) => `${dose} de ${series}`,
  booster: 'Refuerzo',
  boosterDose: (dose) => `Refuerzo (dosis ${dose})`,
  date: 'Fecha',
  folio: 'Folio',
  lot: 'Lote',
  remarks: 'Observaciones',
  abroadIn: (country) => `En el extranjero: ${country}`,
  seriesGiven: (given, series) => `Dosis del esquema: ${given} de ${series}`,
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
  overdueChoices: { yes: 'Con dosis vencidas', no: 'Sin dosis vencidas' },
  risks: {
    biological: 'Biológico',
    chemical: 'Químico',
    physical: 'Físico',
    ergonomic: 'Ergonómico',
    psychosocial: 'Psicosocial',
    mechanical: 'Mecánico',
  },
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
  dose: 'Dose',
  doseOf: (dose, series) => `${dose} of ${series}`,
  booster: 'Booster',
  boosterDose: (dose) => `Booster (dose ${dose})`,
  date: 'Date',
  folio: 'Folio',
  lot: 'Lot',
  remarks: 'Remarks',
  abroadIn: (country) => `Abroad: ${country}`,
  seriesGiven: (given, series) => `Series doses: ${given} of ${series}`,
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
  overdueChoices: { yes: 'With overdue doses', no: 'Without overdue doses' },
  risks: {
    biological: 'Biological',
    chemical: 'Chemical',
    physical: 'Physical',
    ergonomic: 'Ergonomic',
    psychosocial: 'Psychosocial',
    mechanical: 'Mechanical',
  },
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
