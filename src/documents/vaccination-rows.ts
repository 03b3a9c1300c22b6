import {
  outlineOfDue,
  type VaccinationDue,
  type VaccinationDueOutline,
} from '../contract/rules/vaccination-due'
import { OCCUPATIONAL_RISKS } from '../contract/schemas/catalogue-definitions'
import {
  OVERDUE_CHOICES,
  SCHEME_STATUSES,
  type SchemeStatus,
  type VaccinationFilterQuery,
  type VaccinationFilters,
} from '../contract/schemas/vaccination-records'
import type { DocumentLanguage } from './self-tracking-texts'
import {
  type DueCatalogue,
  type DuePatientFields,
  type DueRecord,
  patientVaccinationDue,
} from './vaccination-due-inputs'
import { vaccinationTexts } from './vaccination-texts'

/**
 * The `/vaccinations` index's rows (issue 21): each patient with their scheme status, next due
 * vaccine and date and overdue count, worked out by the due-date rule. The device's index (its
 * table and its own spreadsheet) and the server's `GET /vaccination/download` both make their
 * rows, filter them and lay the spreadsheet out with these functions, so the two agree.
 */

/** A patient as the index reads them (the API's names; the device's rows carry the same). */
export interface IndexPatient extends DuePatientFields {
  id: string
  name: string
  last_name: string
  second_last_name?: string | null
  payroll_number?: string | null
  curp?: string | null
}

export interface VaccinationIndexRow {
  patient_id: string
  payroll_number: string | null
  /** Name and surnames, as the lists show them. */
  patient_name: string
  curp: string | null
  status: SchemeStatus
  /** The vaccines the scheme applies to the patient today, by id. */
  vaccine_ids: string[]
  /** The soonest next dose (an overdue one is the soonest): its vaccine and date. */
  next_vaccine_id: string | null
  next_due_date: string | null
  overdue_count: number
}

/** One patient's row on `today` (YYYY-MM-DD). */
export function vaccinationIndexRowOf(
  catalogue: DueCatalogue,
  patient: IndexPatient,
  records: readonly DueRecord[],
  today: string,
): VaccinationIndexRow {
  return vaccinationIndexRowFromDue(patient, patientVaccinationDue(catalogue, patient, records, today))
}

/** A patient's row from their due state already worked out (the card's whole `vaccinationDue`). */
export function vaccinationIndexRowFromDue(
  patient: Pick<IndexPatient, 'id' | 'name' | 'last_name' | 'second_last_name' | 'payroll_number' | 'curp'>,
  due: VaccinationDue,
): VaccinationIndexRow {
  return vaccinationIndexRowFromOutline(
    {
      id: patient.id,
      patient_name: [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' '),
      payroll_number: patient.payroll_number ?? null,
      curp: patient.curp ?? null,
    },
    outlineOfDue(due),
  )
}

/**
 * A patient's row from the outline of their due state (`vaccinationDueOutliner`): the device's
 * index works every patient out so from its summary rows (`src/db/vaccination-summary.ts`), and
 * the server's rows pass here too (`vaccinationIndexRowFromDue`), so both lay them out alike.
 */
export function vaccinationIndexRowFromOutline(
  patient: { id: string; patient_name: string; payroll_number: string | null; curp: string | null },
  due: VaccinationDueOutline,
): VaccinationIndexRow {
  return {
    patient_id: patient.id,
    payroll_number: patient.payroll_number,
    patient_name: patient.patient_name,
    curp: patient.curp,
    status: due.status,
    vaccine_ids: due.vaccineIds,
    next_vaccine_id: due.nextVaccineId,
    next_due_date: due.nextDueDate,
    overdue_count: due.overdueCount,
  }
}

/**
 * SPEC §7 `GET /get-filters/vaccinations`'s answer from what each side holds: the server from its
 * tables, the device from its cache (offline, the same choices under the same names). `vaccines`
 * are the catalogue's entries (only live ones are offered); `subgroups` the subgroup items the
 * patients carry.
 */
export function vaccinationFiltersOf(
  language: DocumentLanguage,
  vaccines: ReadonlyArray<{ id: string; name: string; active: boolean }>,
  subgroups: readonly string[],
): VaccinationFilters {
  const texts = vaccinationTexts[language]
  return {
    statuses: SCHEME_STATUSES.map((code) => ({ code, name: texts.statuses[code] })),
    vaccines: vaccines.filter((entry) => entry.active).map((entry) => ({ id: entry.id, name: entry.name })),
    overdue: OVERDUE_CHOICES.map((code) => ({ code, name: texts.overdueChoices[code] })),
    subgroups: [...subgroups],
    risks: OCCUPATIONAL_RISKS.map((code) => ({ code, name: texts.risks[code] })),
  }
}

/** Lower case without accents: how the index's search compares names. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * Whether a row passes the index's filters (`VaccinationFilterQuery`): each filter set must hold;
 * a list holds when the row (or the patient) has any of its values.
 */
export function matchesVaccinationFilters(
  row: VaccinationIndexRow,
  patient: Pick<IndexPatient, 'subgroups' | 'occupational_risks'>,
  filters: Omit<VaccinationFilterQuery, 'search'> & { search?: string | undefined },
): boolean {
  if (filters.statuses?.length && !filters.statuses.includes(row.status)) return false
  if (filters.vaccines?.length && !filters.vaccines.some((id) => row.vaccine_ids.includes(id))) return false
  if (filters.overdue === 'yes' && row.overdue_count === 0) return false
  if (filters.overdue === 'no' && row.overdue_count > 0) return false
  const subgroups = patient.subgroups ?? []
  if (filters.subgroups?.length && !filters.subgroups.some((id) => subgroups.includes(id))) return false
  const risks = patient.occupational_risks ?? []
  if (filters.risks?.length && !filters.risks.some((risk) => risks.includes(risk))) return false
  const search = filters.search?.trim()
  if (search) {
    const wanted = folded(search)
    const haystack = folded([row.patient_name, row.payroll_number ?? '', row.curp ?? ''].join(' '))
    if (!haystack.includes(wanted)) return false
  }
  return true
}

/**
 * Spanish order of names, made once: `localeCompare(…, 'es')` looks its collator up on every call,
 * which over 20 000 rows is most of a sort's time. The same comparison.
 */
const spanish = new Intl.Collator('es')

/** The index's order: the most overdue first, then the soonest due, then by name. */
export function byVaccinationUrgency(a: VaccinationIndexRow, b: VaccinationIndexRow): number {
  if (a.overdue_count !== b.overdue_count) return b.overdue_count - a.overdue_count
  const aDue = a.next_due_date ?? '9999-12-31'
  const bDue = b.next_due_date ?? '9999-12-31'
  if (aDue !== bDue) return aDue < bDue ? -1 : 1
  return a.patient_name === b.patient_name ? 0 : spanish.compare(a.patient_name, b.patient_name)
}

type Cell = string | number | null

/**
 * The spreadsheet of the index (SPEC §7 `GET /vaccination/download{filters}`): its name, sheet,
 * header and cells in the language asked, the rows in the index's order, dates YYYY/MM/DD.
 */
export function vaccinationSheet(
  rows: readonly VaccinationIndexRow[],
  vaccineNames: ReadonlyMap<string, string>,
  language: DocumentLanguage,
  today: string,
): { fileName: string; sheetName: string; header: string[]; cells: Cell[][] } {
  const texts = vaccinationTexts[language]
  const day = (iso: string | null) => (iso ? iso.replaceAll('-', '/') : null)
  return {
    fileName: `${texts.sheetFileName}_${today.split('-').reverse().join('_')}.xlsx`,
    sheetName: texts.sheetName,
    header: [
      texts.payrollNumber,
      texts.sheet.patient,
      texts.sheet.curp,
      texts.sheet.status,
      texts.sheet.applicable,
      texts.sheet.nextVaccine,
      texts.sheet.nextDueDate,
      texts.sheet.overdueCount,
    ],
    cells: [...rows].sort(byVaccinationUrgency).map((row) => [
      row.payroll_number,
      row.patient_name,
      row.curp,
      texts.statuses[row.status],
      row.vaccine_ids
        .map((id) => vaccineNames.get(id) ?? '')
        .filter(Boolean)
        .join(', '),
      row.next_vaccine_id ? (vaccineNames.get(row.next_vaccine_id) ?? null) : null,
      day(row.next_due_date),
      row.overdue_count,
    ]),
  }
}
