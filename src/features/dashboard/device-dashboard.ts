import type { DashboardConsultation } from '../../contract/rules/dashboard/consultations'
import type { DashboardTriageConsultation } from '../../contract/rules/dashboard/covid'
import {
  type DashboardData,
  type DashboardFigures,
  type DashboardPatient,
  dashboardFigures,
} from '../../contract/rules/dashboard/figures'
import type { ExamDone } from '../../contract/rules/dashboard/periodic-exams'
import { codeUnitOrder, type DashboardFilter } from '../../contract/rules/dashboard/scope'
import type { DashboardLabel } from '../../contract/rules/dashboard/special-labels'
import type { DashboardDose } from '../../contract/rules/dashboard/vaccines'
import type { DisabilitySpan } from '../../contract/rules/disability-days'
import type { SpecialLabel } from '../../contract/schemas/special-labels'
import type { LocalDashboardSummary } from '../../db/dashboard-summary'
import { dashboardSummaryTables } from '../../db/dashboard-summary'
import type { LocalDb, LocalPeriodicExamSummary, LocalVaccinationSummary } from '../../db/local-db'
import { periodicExamSummaryTables } from '../../db/periodic-exam-summary'
import { readSummaries } from '../../db/summary-packs'
import { type DueCatalogue, dueCatalogue } from '../../db/vaccination-due'
import { vaccinationSummaryTables } from '../../db/vaccination-summary'

/**
 * The professional's dashboard on the device (issue 24, docs/decisions/0030-dashboard.md): the
 * figures of `contract/rules/dashboard/` (`dashboardFigures`, the rules the server's SQL follows)
 * over the patients this device holds — exactly the ones the professional may see — so it works
 * offline. It reads the per-patient summaries the database keeps, never the records themselves:
 * the vaccination summary (the scheme's inputs and the doses), the periodic exams' (the exam
 * inputs and the latest exam) and the dashboard's own (special sublabels, diagnoses, triage,
 * disabilities), each packed a thousand to a record, so 20 000 patients come within 500 ms at 4×
 * throttle (bench/dashboard-device.ts).
 */

/** What the summaries hold, as the rules read it (the `DashboardData` less the catalogues). */
export interface DeviceDashboardRows {
  vaccination: readonly LocalVaccinationSummary[]
  exams: readonly LocalPeriodicExamSummary[]
  dashboard: readonly LocalDashboardSummary[]
}

/**
 * A summary's record given its patient in place: the objects are this read's own (parsed from the
 * packs, or read from the table), and 20 000 patients' records copied again would cost a tablet
 * tens of milliseconds.
 */
const ofPatient = <T extends object>(row: T, patientId: string): T & { patient_id: string } =>
  Object.assign(row, { patient_id: patientId })

/** The dashboard's data from the summaries: every present patient, their records, the catalogues. */
export function dashboardDataOf(
  rows: DeviceDashboardRows,
  catalogue: DueCatalogue,
  labels: readonly DashboardLabel[],
): { data: DashboardData; names: Map<string, string> } {
  const vaccinationOf = new Map<string, LocalVaccinationSummary>()
  for (const row of rows.vaccination) vaccinationOf.set(row.patient_id, row)
  const examOf = new Map<string, LocalPeriodicExamSummary>()
  for (const row of rows.exams) examOf.set(row.patient_id, row)

  const patients: DashboardPatient[] = []
  const names = new Map<string, string>()
  const consultations: DashboardConsultation[] = []
  const triage: DashboardTriageConsultation[] = []
  const doses: DashboardDose[] = []
  const exams: ExamDone[] = []
  const disabilities: DisabilitySpan[] = []
  for (const summary of rows.dashboard) {
    // A row of records whose patient is not here (yet, or any more) counts nowhere: the rules
    // count the records of patients in scope only.
    if (!summary.present) continue
    const id = summary.patient_id
    const vaccination = vaccinationOf.get(id)
    const exam = examOf.get(id)
    patients.push({
      id,
      subgroups: vaccination?.subgroups ?? exam?.subgroups ?? [],
      special_sublabel_ids: summary.special_sublabel_ids,
      hire_date: exam?.patient?.hire_date ?? null,
      exam_frequency: exam?.patient?.exam_frequency ?? null,
      // SPEC §3: every patient has a birth date; a row without one has no applicable vaccine.
      birth_date: vaccination?.birthDate ?? '',
      biological_sex: vaccination?.sex ?? null,
      occupational_risks: vaccination?.risks ?? [],
    })
    if (vaccination?.name) names.set(id, vaccination.name)
    for (const row of summary.consultations) consultations.push(ofPatient(row, id))
    for (const row of summary.triage) triage.push(ofPatient(row, id))
    for (const row of summary.disabilities) disabilities.push(ofPatient(row, id))
    for (const dose of vaccination?.doses ?? [])
      doses.push({
        patient_id: id,
        vaccine_id: dose.vaccineId,
        dose_number: dose.doseNumber,
        applied_on: dose.applicationDate,
        booster: dose.booster,
      })
    if (exam?.last_exam_on) exams.push({ patient_id: id, examined_on: exam.last_exam_on })
  }
  return {
    data: {
      patients,
      consultations,
      triage,
      doses,
      exams,
      disabilities,
      labels,
      vaccines: catalogue.vaccines,
      scheme: catalogue.scheme,
    },
    names,
  }
}

/**
 * The tenant's live labels as the rules take them, in the server's order (by name, then id; the
 * cache holds only live labels with their live sublabels, in their order).
 */
export const dashboardLabelsOf = (labels: readonly SpecialLabel[]): SpecialLabel[] =>
  [...labels].sort((a, b) => codeUnitOrder(a.name, b.name) || codeUnitOrder(a.id, b.id))

export interface DeviceDashboard {
  figures: DashboardFigures
  /** The present patients' names, by id: the tasks name their patients. */
  names: Map<string, string>
  /** The labels counted, named: the special labels and pregnancy items name theirs. */
  labels: SpecialLabel[]
  /** The subgroup items the present patients carry (`get-filters/dashboard` on the device). */
  subgroupsInUse: string[]
  /** How many rows of each summary changed since it was last packed (read one by one). */
  unpacked: { vaccination: number; exams: number; dashboard: number }
}

/** Every subgroup item the patients carry, in code-unit order. */
function subgroupsOf(patients: readonly DashboardPatient[]): string[] {
  const ids = new Set<string>()
  for (const patient of patients) for (const id of patient.subgroups) ids.add(id)
  return [...ids].sort(codeUnitOrder)
}

/** What the dashboard reads from the device: the summaries and the catalogues it counts with. */
export interface DeviceDashboardRead {
  rows: DeviceDashboardRows
  catalogue: DueCatalogue
  labels: SpecialLabel[]
  unpacked: DeviceDashboard['unpacked']
}

/**
 * Reads the summaries and the catalogues in one read transaction: what the screen's live query
 * runs (again after any write to them; a change of filter only works the figures out again).
 */
export async function readDeviceDashboardRows(db: LocalDb): Promise<DeviceDashboardRead> {
  const [catalogue, cachedLabels, vaccination, exams, dashboard] = await db.transaction(
    'r',
    [
      db.catalogueEntries,
      db.specialLabels,
      ...Object.values(vaccinationSummaryTables(db)),
      ...Object.values(periodicExamSummaryTables(db)),
      ...Object.values(dashboardSummaryTables(db)),
    ],
    () =>
      Promise.all([
        dueCatalogue(db),
        db.specialLabels.toArray(),
        readSummaries(vaccinationSummaryTables(db)),
        readSummaries(periodicExamSummaryTables(db)),
        readSummaries(dashboardSummaryTables(db)),
      ]),
  )
  return {
    rows: { vaccination: vaccination.rows, exams: exams.rows, dashboard: dashboard.rows },
    catalogue,
    labels: dashboardLabelsOf(cachedLabels),
    unpacked: { vaccination: vaccination.unpacked, exams: exams.unpacked, dashboard: dashboard.unpacked },
  }
}

/** Every item of the dashboard over what was read, for `today` (YYYY-MM-DD in the filter's zone). */
export function deviceDashboardOf(
  read: DeviceDashboardRead,
  filter: DashboardFilter,
  today: string,
): DeviceDashboard {
  const { data, names } = dashboardDataOf(read.rows, read.catalogue, read.labels)
  return {
    figures: dashboardFigures(data, filter, today),
    names,
    labels: read.labels,
    subgroupsInUse: subgroupsOf(data.patients),
    unpacked: read.unpacked,
  }
}

/** Reads and works the dashboard out: the screen's first answer, and what the bench measures. */
export async function readDeviceDashboard(
  db: LocalDb,
  filter: DashboardFilter,
  today: string,
): Promise<DeviceDashboard> {
  return deviceDashboardOf(await readDeviceDashboardRows(db), filter, today)
}
