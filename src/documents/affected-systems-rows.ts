import {
  type AffectedSystemCount,
  affectedSystemsByPeriod,
} from '../contract/rules/dashboard/affected-systems'
import { consultationsInPeriod, type DashboardConsultation } from '../contract/rules/dashboard/consultations'
import {
  codeUnitOrder,
  type DashboardFilter,
  patientsInScope,
  type ScopePatient,
} from '../contract/rules/dashboard/scope'
import { isoToDateText } from '../contract/rules/formats'
import { foldText } from '../contract/rules/search-text'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The affected systems' concentrated index (SPEC §2 `/digital-record/affected-systems`; issue 24)
 * and its spreadsheet (`GET /patients/affected-systems/excel/{filters}`): which patients had
 * consultations of which affected system and diagnosis over a period. One function makes the rows
 * from the patients and their consultations, with the dashboard's rules for whom and which
 * consultations count (`rules/dashboard/scope.ts`, `consultations.ts`) and its affected-system
 * grouping for the systems' order and figures (`affected-systems.ts`), so the device's list over
 * its cache and the server's file show the same rows in the same order. Plain data in and out.
 */

/** A patient as far as the index goes (the API's field names, as the device caches them). */
export interface IndexPatient extends ScopePatient {
  name: string
  last_name: string
  second_last_name: string | null
  payroll_number: string | null
  curp: string | null
}

/** The dashboard's filters, narrowed to one affected system or one diagnosis (its CIE-10 code). */
export interface AffectedSystemsFilter extends DashboardFilter {
  affectedSystem: string | null
  diagnosis: string | null
}

/** One patient under one diagnosis of one affected system, over the period. */
export interface AffectedSystemRow {
  affected_system_id: string
  /** Null when the catalogue names no such system: shown as a neutral text, never as its id. */
  affected_system_name: string | null
  code: string
  /** The name the patient's latest consultation with the code recorded. */
  diagnosis: string
  patient_id: string
  patient_name: string
  payroll_number: string | null
  curp: string | null
  /** The patient's consultations in the period with this diagnosis. */
  consultations: number
  /** The latest of them (ISO instant) and its day in the filter's zone (YYYY-MM-DD). */
  last_consultation_at: string
  last_consultation_day: string
}

export interface AffectedSystemsIndex {
  rows: AffectedSystemRow[]
  /** The systems of the rows with their figures, most consultations first (the dashboard's grouping). */
  systems: Array<AffectedSystemCount & { name: string | null }>
}

const fullName = (patient: IndexPatient) =>
  [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')

/** A diagnosis code as the filter compares it: upper case, no dot (`e11.9` → `E119`). */
export const diagnosisKey = (code: string) => code.trim().toUpperCase().replaceAll('.', '')

/**
 * The index's rows: for every patient in scope (live, in the subgroup and special label asked)
 * and every consultation of theirs whose day in the filter's zone falls in the period, one row per
 * affected system and diagnosis the patient was given, counting the consultations; narrowed to one
 * system or diagnosis when asked. In the systems' order (most consultations in the period first,
 * then by id), then by code, then by the patient's name (accents and case aside) and id.
 * `systemNames` names the systems by id (the tenant's catalogue); an id it lacks has no name (null),
 * for the screen and the spreadsheet to say so in words: an id means nothing to a reader.
 */
export function affectedSystemsIndex(
  patients: readonly IndexPatient[],
  consultations: readonly DashboardConsultation[],
  filter: AffectedSystemsFilter,
  systemNames: ReadonlyMap<string, string>,
): AffectedSystemsIndex {
  const byId = new Map(patients.map((patient) => [patient.id, patient]))
  const counted = consultationsInPeriod(consultations, patientsInScope(patients, filter), filter)
  const diagnosis = filter.diagnosis ? diagnosisKey(filter.diagnosis) : null
  const wanted = (system: string, code: string) =>
    (filter.affectedSystem === null || system === filter.affectedSystem) &&
    (diagnosis === null || code === diagnosis)
  const narrowed = counted
    .map((entry) => ({
      ...entry,
      consultation: {
        ...entry.consultation,
        diagnoses: entry.consultation.diagnoses.filter((d) => wanted(d.affected_system_id, d.code)),
      },
    }))
    .filter((entry) => entry.consultation.diagnoses.length > 0)
  const systems = affectedSystemsByPeriod(narrowed).systems
  const rank = new Map(systems.map((system, index) => [system.affected_system_id, index]))
  const nameOf = (id: string) => systemNames.get(id) ?? null

  const rows = new Map<string, AffectedSystemRow & { at: number; id: string; sortName: string }>()
  for (const { consultation, day, at } of narrowed) {
    const patient = byId.get(consultation.patient_id) as IndexPatient
    for (const { affected_system_id, code, name } of consultation.diagnoses) {
      const key = `${affected_system_id}|${code}|${patient.id}`
      const row = rows.get(key)
      if (!row) {
        const patientName = fullName(patient)
        rows.set(key, {
          affected_system_id,
          affected_system_name: nameOf(affected_system_id),
          code,
          diagnosis: name,
          patient_id: patient.id,
          patient_name: patientName,
          payroll_number: patient.payroll_number,
          curp: patient.curp,
          consultations: 1,
          last_consultation_at: new Date(at).toISOString(),
          last_consultation_day: day,
          at,
          id: consultation.id,
          sortName: foldText(patientName),
        })
        continue
      }
      row.consultations += 1
      // The latest consultation names the diagnosis; one of the same instant, the higher id (as the
      // dashboard's top diagnoses do), whatever order the consultations came in.
      if (at > row.at || (at === row.at && consultation.id > row.id)) {
        row.at = at
        row.id = consultation.id
        row.diagnosis = name
        row.last_consultation_at = new Date(at).toISOString()
        row.last_consultation_day = day
      }
    }
  }
  const ordered = [...rows.values()].sort(
    (a, b) =>
      (rank.get(a.affected_system_id) ?? 0) - (rank.get(b.affected_system_id) ?? 0) ||
      codeUnitOrder(a.code, b.code) ||
      codeUnitOrder(a.sortName, b.sortName) ||
      codeUnitOrder(a.patient_id, b.patient_id),
  )
  return {
    rows: ordered.map(({ at: _at, id: _id, sortName: _sortName, ...row }) => row),
    systems: systems.map((system) => ({ ...system, name: nameOf(system.affected_system_id) })),
  }
}

const HEADERS: Record<DocumentLanguage, string[]> = {
  es: [
    'Aparato o sistema afectado',
    'Código CIE-10',
    'Diagnóstico',
    'Paciente',
    'Número de nómina',
    'CURP',
    'Consultas',
    'Última consulta',
  ],
  en: [
    'Affected system',
    'ICD-10 code',
    'Diagnosis',
    'Patient',
    'Payroll number',
    'CURP',
    'Consultations',
    'Last consultation',
  ],
}

/** What the spreadsheet says of a system the catalogue does not name. */
const UNNAMED_SYSTEM: Record<DocumentLanguage, string> = {
  es: 'Sin nombre en el catálogo',
  en: 'Not named in the catalogue',
}

/** The start of the spreadsheet's name, before the DD_MM_YYYY stamp (SPEC §7). */
export const AFFECTED_SYSTEMS_FILE_NAME = { es: 'sistemas_afectados', en: 'affected_systems' } as const

/** The sheet's name in the workbook. */
export const AFFECTED_SYSTEMS_SHEET_NAME = { es: 'Aparatos y sistemas', en: 'Affected systems' } as const

/** The spreadsheet's header and cells from the rows, in the language asked; days print YYYY/MM/DD (SPEC §9). */
export function affectedSystemsSheet(
  rows: readonly AffectedSystemRow[],
  language: DocumentLanguage,
): { header: string[]; cells: Array<Array<string | number | null>> } {
  return {
    header: HEADERS[language],
    cells: rows.map((row) => [
      row.affected_system_name ?? UNNAMED_SYSTEM[language],
      row.code,
      row.diagnosis,
      row.patient_name,
      row.payroll_number,
      row.curp,
      row.consultations,
      isoToDateText(row.last_consultation_day),
    ]),
  }
}
