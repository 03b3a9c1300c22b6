import { lostDaysByTypeAndMonth } from '../contract/rules/disability-days'
import { isoToDateText } from '../contract/rules/formats'
import { foldText, matchesWords, searchWords } from '../contract/rules/search-text'
import type {
  Disability,
  DisabilityFilterQuery,
  DisabilityGraph,
  DisabilityIssuer,
} from '../contract/schemas/disabilities'
import { medicalReportTexts } from './medical-report-texts'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The disabilities' index (issue 23, `…/record-disabilities/index`), its spreadsheet
 * (`GET /patients/incapacities/download`) and its data graph (`GET /patients/incapacities/data-graph`):
 * one set of functions makes the rows from the disabilities and their patients, filters them, lays
 * the spreadsheet out and counts the graph's lost days, so the device's index over its cache and
 * the server's exports show the same disabilities in the same order with the same figures. Plain
 * data in, plain rows out: the server may import it (src/documents), and so may the device.
 */

/** A patient as far as the index goes (the API's field names, as the device caches them). */
export interface DisabilityListPatient {
  id: string
  name: string
  last_name: string
  second_last_name?: string | null
  payroll_number?: string | null
  curp?: string | null
}

/** What the index reads of a disability (a stored one, or the device's row of it). */
export type DisabilityListRecord = Pick<
  Disability,
  | 'id'
  | 'patient_id'
  | 'cause'
  | 'start_date'
  | 'end_date'
  | 'type_id'
  | 'status_id'
  | 'issuer'
  | 'assigned_number'
  | 'assigned_days'
> & { deleted_at?: string | null }

/** The index's filters: the days touched, modality, status, issuer and a search over the patient. */
export type DisabilityFilters = Omit<DisabilityFilterQuery, 'time_zone'>

/** The names of the tenant's `incapacityType` and `incapacityStatus` entries by id (inactive ones too). */
export interface DisabilityNames {
  types: ReadonlyMap<string, string>
  statuses: ReadonlyMap<string, string>
}

export interface DisabilityRow {
  id: string
  patient_id: string
  /** Name and surnames, as the lists show them. */
  name: string
  payroll_number: string | null
  curp: string | null
  cause: string
  start_date: string
  end_date: string
  assigned_days: number
  type_id: string
  type_name: string | null
  status_id: string
  status_name: string | null
  issuer: DisabilityIssuer
  assigned_number: string | null
}

/** Names in Spanish order, with one collator for the whole sort (see periodic-exam-due-rows.ts). */
const NAMES = new Intl.Collator('es')

/**
 * The live disabilities of the live patients in `patients` (a record whose patient is not there is
 * left out) under the filters: touching the period `from`–`to` (it starts before the period ends
 * and ends after it starts), of the modality, status and issuer asked, whose patient's name,
 * payroll number or CURP holds every word searched (accents and case aside). Newest first, then by
 * the patient's name.
 */
export function disabilityRows(
  disabilities: Iterable<DisabilityListRecord>,
  patients: ReadonlyMap<string, DisabilityListPatient>,
  names: DisabilityNames,
  filters: DisabilityFilters = {},
): DisabilityRow[] {
  const words = filters.search ? searchWords(filters.search) : []
  const folded = new Map<string, string>()
  const rows: DisabilityRow[] = []
  for (const disability of disabilities) {
    if (disability.deleted_at) continue
    const patient = patients.get(disability.patient_id)
    if (!patient) continue
    if (filters.to && disability.start_date > filters.to) continue
    if (filters.from && disability.end_date < filters.from) continue
    if (filters.type_id && disability.type_id !== filters.type_id) continue
    if (filters.status_id && disability.status_id !== filters.status_id) continue
    if (filters.issuer && disability.issuer !== filters.issuer) continue
    const name = [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
    if (words.length > 0) {
      let haystack = folded.get(patient.id)
      if (haystack === undefined) {
        haystack = foldText(`${name} ${patient.payroll_number ?? ''} ${patient.curp ?? ''}`)
        folded.set(patient.id, haystack)
      }
      if (!matchesWords(haystack, words)) continue
    }
    rows.push({
      id: disability.id,
      patient_id: disability.patient_id,
      name,
      payroll_number: patient.payroll_number ?? null,
      curp: patient.curp ?? null,
      cause: disability.cause,
      start_date: disability.start_date,
      end_date: disability.end_date,
      assigned_days: disability.assigned_days,
      type_id: disability.type_id,
      type_name: names.types.get(disability.type_id) ?? null,
      status_id: disability.status_id,
      status_name: names.statuses.get(disability.status_id) ?? null,
      issuer: disability.issuer,
      assigned_number: disability.assigned_number ?? null,
    })
  }
  return rows.sort(
    (a, b) =>
      b.start_date.localeCompare(a.start_date) || NAMES.compare(a.name, b.name) || a.id.localeCompare(b.id),
  )
}

/** The start of the spreadsheet's name, before the DD_MM_YYYY stamp (SPEC §7, §9). */
export const DISABILITY_SHEET_FILE_NAME = { es: 'incapacidades', en: 'disabilities' } as const
export const DISABILITY_SHEET_NAME = { es: 'Incapacidades', en: 'Disabilities' } as const

/** The spreadsheet's header and cells from the rows, in the language asked; dates YYYY/MM/DD (SPEC §9). */
export function disabilitySheet(
  rows: readonly DisabilityRow[],
  language: DocumentLanguage,
): { header: string[]; cells: Array<Array<string | number | null>> } {
  const texts = medicalReportTexts[language].disability
  const patientHeads =
    language === 'en' ? ['Payroll number', 'Patient', 'Cause'] : ['Número de nómina', 'Paciente', 'Causa']
  return {
    header: [
      ...patientHeads,
      texts.startDate,
      texts.endDate,
      texts.assignedDays,
      texts.modality,
      texts.status,
      texts.issuer,
      texts.assignedNumber,
    ],
    cells: rows.map((row) => [
      row.payroll_number,
      row.name,
      row.cause,
      isoToDateText(row.start_date),
      isoToDateText(row.end_date),
      row.assigned_days,
      row.type_name,
      row.status_name,
      texts.issuers[row.issuer] ?? row.issuer,
      row.assigned_number,
    ]),
  }
}

/**
 * The months YYYY-MM from `from` to `to`, both included; at most fifty years of them, so a period
 * from the year 1 to the year 9999 cannot make the graph unbounded.
 */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
    months.push(current)
    if (current >= last || months.length > 600) return months
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

/**
 * The data graph: the days lost under each modality in each month of the period, from the rows the
 * filters kept (`lostDaysByTypeAndMonth`: a patient's overlapping days counted once). Without a
 * period it runs from the first row's start to the last row's end. Series by the modality's name.
 */
export function disabilityGraph(
  rows: readonly Pick<
    DisabilityRow,
    'id' | 'patient_id' | 'type_id' | 'type_name' | 'start_date' | 'end_date'
  >[],
  filters: Pick<DisabilityFilters, 'from' | 'to'> = {},
): DisabilityGraph {
  if (rows.length === 0 && (!filters.from || !filters.to)) return { months: [], series: [], total_days: 0 }
  let first = filters.from
  let last = filters.to
  for (const row of rows) {
    if (!filters.from && (!first || row.start_date < first)) first = row.start_date
    if (!filters.to && (!last || row.end_date > last)) last = row.end_date
  }
  if (!first || !last) return { months: [], series: [], total_days: 0 }
  const bars = lostDaysByTypeAndMonth(rows, { from: first, to: last })
  const months = monthsBetween(first, last)
  const column = new Map(months.map((month, index) => [month, index]))
  const names = new Map(rows.map((row) => [row.type_id, row.type_name ?? '']))
  const series = new Map<string, DisabilityGraph['series'][number]>()
  let total = 0
  for (const bar of bars) {
    const index = column.get(bar.month)
    if (index === undefined) continue
    let line = series.get(bar.type_id)
    if (!line) {
      line = { type_id: bar.type_id, type_name: names.get(bar.type_id) ?? '', days: months.map(() => 0) }
      series.set(bar.type_id, line)
    }
    line.days[index] = (line.days[index] ?? 0) + bar.days
    total += bar.days
  }
  return {
    months,
    series: [...series.values()].sort(
      (a, b) => NAMES.compare(a.type_name, b.type_name) || a.type_id.localeCompare(b.type_id),
    ),
    total_days: total,
  }
}
