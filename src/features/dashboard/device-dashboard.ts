import type { DashboardTriageConsultation } from '../../contract/rules/dashboard/covid'
import {
  type DashboardData,
  type DashboardFigures,
  type DashboardPatient,
  dashboardFigures,
} from '../../contract/rules/dashboard/figures'
import type { ExamDone } from '../../contract/rules/dashboard/periodic-exams'
import {
  codeUnitOrder,
  type DashboardFilter,
  type DashboardPeriod,
} from '../../contract/rules/dashboard/scope'
import type { DashboardDose } from '../../contract/rules/dashboard/vaccines'
import { zoneOffsetAt } from '../../contract/rules/dashboard/zoned-day'
import type { DisabilitySpan } from '../../contract/rules/disability-days'
import { addDays } from '../../contract/rules/vaccination-due'
import type { SpecialLabel } from '../../contract/schemas/special-labels'
import {
  type LocalDashboardConsultation,
  type MonthRange,
  readDashboardConsultations,
} from '../../db/dashboard-consultations'
import { dashboardSummaryTables, type LocalDashboardSummary } from '../../db/dashboard-summary'
import type { LocalDb } from '../../db/local-db'
import { readSummaries } from '../../db/summary-packs'
import { type DueCatalogue, dueCatalogue } from '../../db/vaccination-due'

/**
 * The professional's dashboard on the device (issue 24, docs/decisions/0032-dashboard.md): the
 * figures of `contract/rules/dashboard/` (`dashboardFigures`, the rules the server's SQL follows)
 * over the patients this device holds — exactly the ones the professional may see — so it works
 * offline. It reads what the database keeps for it, never the records themselves: one compact row
 * per patient in the rules' shapes (`dashboard-summary.ts`) and the consultations of the months
 * around the period (`dashboard-consultations.ts`), each packed, so 20 000 patients come within
 * the budget at 4× throttle (bench/dashboard-device.ts).
 */

/** The patients' side of what the dashboard reads: their rows, and the catalogues it counts with. */
export interface DevicePatientsRead {
  rows: readonly LocalDashboardSummary[]
  catalogue: DueCatalogue
  labels: SpecialLabel[]
  /** Rows changed since the summary was last packed (read one by one). */
  unpacked: number
}

/** The consultations of the months around a period. */
export interface DeviceConsultationsRead {
  rows: readonly LocalDashboardConsultation[]
  unpacked: number
}

/**
 * A summary's record given its patient in place: the objects are this read's own (parsed from the
 * packs, or read from the table), and 20 000 patients' records copied again would cost a tablet
 * tens of milliseconds.
 */
const ofPatient = <T extends object>(row: T, patientId: string): T & { patient_id: string } =>
  Object.assign(row, { patient_id: patientId })

/** The dashboard's data from what was read: every present patient, their records, the catalogues. */
export function dashboardDataOf(
  patients: DevicePatientsRead,
  consultations: DeviceConsultationsRead,
): { data: DashboardData; names: Map<string, string> } {
  const present: DashboardPatient[] = []
  const names = new Map<string, string>()
  const triage: DashboardTriageConsultation[] = []
  const doses: DashboardDose[] = []
  const exams: ExamDone[] = []
  const disabilities: DisabilitySpan[] = []
  for (const row of patients.rows) {
    // A row of records whose patient is not here (yet, or any more) counts nowhere: the rules
    // count the records of patients in scope only.
    if (!row.patient) continue
    const id = row.patient_id
    present.push(row.patient)
    names.set(id, row.patient.name)
    for (const dose of row.doses) doses.push(ofPatient(dose, id))
    for (const consultation of row.triage) triage.push(ofPatient(consultation, id))
    for (const disability of row.disabilities) disabilities.push(ofPatient(disability, id))
    if (row.last_exam_on !== null) exams.push({ patient_id: id, examined_on: row.last_exam_on })
  }
  return {
    data: {
      patients: present,
      // The months around the period: a superset of those the rules count in it.
      consultations: consultations.rows,
      triage,
      doses,
      exams,
      disabilities,
      labels: patients.labels,
      vaccines: patients.catalogue.vaccines,
      scheme: patients.catalogue.scheme,
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
}

/** Every subgroup item the patients carry, in code-unit order. */
function subgroupsOf(patients: readonly DashboardPatient[]): string[] {
  const ids = new Set<string>()
  for (const patient of patients) for (const id of patient.subgroups) ids.add(id)
  return [...ids].sort(codeUnitOrder)
}

/** Reads the patients' rows and the catalogues in one read transaction: the screen's first live query. */
export async function readDevicePatients(db: LocalDb): Promise<DevicePatientsRead> {
  const [catalogue, labels, summaries] = await db.transaction(
    'r',
    [db.catalogueEntries, db.specialLabels, ...Object.values(dashboardSummaryTables(db))],
    () =>
      Promise.all([dueCatalogue(db), db.specialLabels.toArray(), readSummaries(dashboardSummaryTables(db))]),
  )
  return { rows: summaries.rows, catalogue, labels: dashboardLabelsOf(labels), unpacked: summaries.unpacked }
}

const HOUR_MS = 3_600_000

/** When a day (YYYY-MM-DD) starts in a zone, as a UTC instant in ms. */
function dayStart(day: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`)
  return utcMidnight - zoneOffsetAt(utcMidnight, timeZone)
}

const utcMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7)

/**
 * The UTC months a period's consultations may have started in: from an hour before its first day
 * starts in the zone to an hour after its last day ends (the hour covers clocks that change at
 * midnight). Open ends stay open.
 */
export function monthRangeOf(period: DashboardPeriod, timeZone: string): MonthRange {
  return {
    from: period.from === null ? null : utcMonth(dayStart(period.from, timeZone) - HOUR_MS),
    to: period.to === null ? null : utcMonth(dayStart(addDays(period.to, 1), timeZone) + HOUR_MS),
  }
}

/** Reads the consultations of the months around the period: the screen's second live query. */
export function readDeviceConsultations(
  db: LocalDb,
  period: DashboardPeriod,
  timeZone: string,
): Promise<DeviceConsultationsRead> {
  return db.transaction(
    'r',
    [db.dashboardConsultations, db.dashboardConsultationChanges, db.dashboardConsultationPacks],
    () => readDashboardConsultations(db, monthRangeOf(period, timeZone)),
  )
}

/** Every item of the dashboard over what was read, for `today` (YYYY-MM-DD in the filter's zone). */
export function deviceDashboardOf(
  patients: DevicePatientsRead,
  consultations: DeviceConsultationsRead,
  filter: DashboardFilter,
  today: string,
): DeviceDashboard {
  const { data, names } = dashboardDataOf(patients, consultations)
  return {
    figures: dashboardFigures(data, filter, today),
    names,
    labels: patients.labels,
    subgroupsInUse: subgroupsOf(data.patients),
  }
}

/** Reads and works the dashboard out: the screen's first answer, and what the bench measures. */
export async function readDeviceDashboard(
  db: LocalDb,
  filter: DashboardFilter,
  today: string,
): Promise<DeviceDashboard> {
  const [patients, consultations] = await Promise.all([
    readDevicePatients(db),
    readDeviceConsultations(db, filter.period, filter.timeZone),
  ])
  return deviceDashboardOf(patients, consultations, filter, today)
}
