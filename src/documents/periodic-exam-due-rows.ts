import { isoToDateText } from '../contract/rules/formats'
import { dayNumber, type ExamDueState, examDue } from '../contract/rules/periodic-exam-due'
import { foldText, matchesWords, searchWords } from '../contract/rules/search-text'
import type { ExamCondition, PeriodicExamDueRow } from '../contract/schemas/periodic-exams'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The periodic-exam due list (issue 22, `/digital-record/periodic-exams` index) and its
 * spreadsheet (`GET /patients/periodic-exams/excel`): one function makes the rows from the
 * patients and each one's latest exam, so the device's list over its cache and the server's
 * spreadsheet show the same patients in the same states and order. Plain data in, plain rows out
 * (no Dexie, no database): the server may import it (src/documents), and so may the device.
 */

/** A patient as far as the list goes (the API's field names, as the device caches them). */
export interface DueListPatient {
  id: string
  name: string
  last_name: string
  second_last_name: string | null
  payroll_number: string | null
  curp: string | null
  administrative_status: string | null
  exam_frequency: string | null
  hire_date: string | null
}

/** A patient's latest live periodic exam: its day and rating. */
export interface LatestExam {
  examined_on: string
  condition: ExamCondition
}

export interface DueListFilters {
  states?: readonly ExamDueState[]
  search?: string
}

/**
 * Names in Spanish order; one collator for the whole sort (`localeCompare` with a locale looks one
 * up on every call, most of the sort's cost over 20 000 rows on a tablet). Same order.
 */
const NAMES = new Intl.Collator('es')

/** The states in the order the list shows them: the most urgent first. */
const ORDER: Record<ExamDueState, number> = { expired: 0, due_soon: 1, never_examined: 2, applied: 3 }

/**
 * Every patient's row on `today` (YYYY-MM-DD), narrowed by the filters: by state, then the
 * soonest due first (the longest expired first), then by name. `latest` maps a patient's id to
 * their latest exam. Linear in the patients (the device runs it over 20 000 of them).
 */
export function periodicExamDueRows(
  patients: Iterable<DueListPatient>,
  latest: ReadonlyMap<string, LatestExam>,
  today: string,
  filters: DueListFilters = {},
): PeriodicExamDueRow[] {
  const todayNumber = dayNumber(today)
  const states = filters.states && filters.states.length > 0 ? new Set(filters.states) : null
  const words = filters.search ? searchWords(filters.search) : []
  const rows: PeriodicExamDueRow[] = []
  for (const patient of patients) {
    const exam = latest.get(patient.id) ?? null
    const due = examDue(
      {
        lastExamOn: exam?.examined_on ?? null,
        frequency: patient.exam_frequency,
        hireDate: patient.hire_date,
      },
      today,
      todayNumber,
    )
    if (states && !states.has(due.state)) continue
    const name = [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
    if (words.length > 0) {
      const haystack = foldText(`${name} ${patient.payroll_number ?? ''} ${patient.curp ?? ''}`)
      if (!matchesWords(haystack, words)) continue
    }
    rows.push({
      patient_id: patient.id,
      name,
      payroll_number: patient.payroll_number,
      curp: patient.curp,
      administrative_status: patient.administrative_status,
      frequency: patient.exam_frequency,
      hire_date: patient.hire_date,
      last_exam_on: exam?.examined_on ?? null,
      last_condition: exam?.condition ?? null,
      state: due.state,
      due_on: due.dueOn,
      days_left: due.daysLeft,
    })
  }
  return rows.sort(
    (a, b) =>
      ORDER[a.state] - ORDER[b.state] ||
      (a.days_left ?? Number.POSITIVE_INFINITY) - (b.days_left ?? Number.POSITIVE_INFINITY) ||
      NAMES.compare(a.name, b.name),
  )
}

const HEADERS: Record<DocumentLanguage, string[]> = {
  es: [
    'Número de nómina',
    'Paciente',
    'CURP',
    'Estatus administrativo',
    'Periodicidad',
    'Fecha de ingreso',
    'Último examen',
    'Calificación',
    'Estado',
    'Próximo examen',
    'Días restantes',
  ],
  en: [
    'Payroll number',
    'Patient',
    'CURP',
    'Administrative status',
    'Frequency',
    'Hire date',
    'Last exam',
    'Rating',
    'State',
    'Next exam',
    'Days left',
  ],
}

export const DUE_STATE_NAMES: Record<DocumentLanguage, Record<ExamDueState, string>> = {
  es: { applied: 'Aplicado', due_soon: 'Por vencer', expired: 'Vencido', never_examined: 'Sin examen' },
  en: { applied: 'Applied', due_soon: 'Due soon', expired: 'Expired', never_examined: 'Never examined' },
}

export const CONDITION_NAMES: Record<DocumentLanguage, Record<ExamCondition, string>> = {
  es: { compliant: 'Apto', fails: 'No apto' },
  en: { compliant: 'Compliant', fails: 'Fails' },
}

/** The start of the spreadsheet's name, before the DD_MM_YYYY stamp (SPEC §7). */
export const DUE_SHEET_FILE_NAME = { es: 'examenes_periodicos', en: 'periodic_exams' } as const

/**
 * The spreadsheet's header and cells from the rows, in the language asked; `listNames` gives the
 * names of the administrative statuses and frequencies by code (reference lists, in that language).
 * Dates print YYYY/MM/DD (SPEC §9).
 */
export function periodicExamDueSheet(
  rows: readonly PeriodicExamDueRow[],
  language: DocumentLanguage,
  listNames: { statuses: ReadonlyMap<string, string>; frequencies: ReadonlyMap<string, string> },
): { header: string[]; cells: Array<Array<string | number | null>> } {
  const date = (iso: string | null) => (iso ? isoToDateText(iso) : null)
  const named = (names: ReadonlyMap<string, string>, code: string | null) =>
    code ? (names.get(code) ?? code) : null
  return {
    header: HEADERS[language],
    cells: rows.map((row) => [
      row.payroll_number,
      row.name,
      row.curp,
      named(listNames.statuses, row.administrative_status),
      named(listNames.frequencies, row.frequency),
      date(row.hire_date),
      date(row.last_exam_on),
      row.last_condition ? CONDITION_NAMES[language][row.last_condition] : null,
      DUE_STATE_NAMES[language][row.state],
      date(row.due_on),
      row.days_left,
    ]),
  }
}
