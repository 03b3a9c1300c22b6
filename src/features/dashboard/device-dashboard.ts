import {
  type DashboardData,
  type DashboardFigures,
  type DashboardPatient,
  dashboardFigures,
} from '../../contract/rules/dashboard/figures'
import {
  codeUnitOrder,
  type DashboardFilter,
  type DashboardPeriod,
} from '../../contract/rules/dashboard/scope'
import { zoneOffsetAt } from '../../contract/rules/dashboard/zoned-day'
import { addDays } from '../../contract/rules/vaccination-due'
import type { SpecialLabel } from '../../contract/schemas/special-labels'
import {
  type LocalDashboardConsultation,
  type MonthRange,
  readDashboardConsultations,
} from '../../db/dashboard-consultations'
import {
  type DashboardSummaryPatient,
  dashboardSummaryTables,
  type LocalDashboardSummary,
} from '../../db/dashboard-summary'
import type { LocalDb } from '../../db/local-db'
import { readSummaries } from '../../db/summary-packs'
import { type DueCatalogue, dueCatalogue } from '../../db/vaccination-due'
import { keptVaccinationStateOf } from './kept-vaccination-states'

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
 * The rules' patient of each summary row, made once per row object: a row unpacked from a pack is
 * the same object at every reading (`summary-packs.ts`), so an opening again makes none of the
 * 20 000 again, and the vaccination states kept by patient (`kept-vaccination-states.ts`) hold.
 */
const patientOfRow = new WeakMap<LocalDashboardSummary, DashboardPatient>()

function dashboardPatientOf(row: LocalDashboardSummary, patient: DashboardSummaryPatient): DashboardPatient {
  let made = patientOfRow.get(row)
  if (!made) {
    made = {
      id: patient.id,
      subgroups: patient.subgroups,
      special_sublabel_ids: patient.special_sublabel_ids,
      birth_date: patient.birth_date,
      biological_sex: patient.biological_sex,
      occupational_risks: patient.occupational_risks,
      exam_due_day: row.exam_due_day,
      examined: row.last_exam_on !== null,
      doses: row.doses,
      triage: row.triage,
      disabilities: row.disabilities,
    }
    patientOfRow.set(row, made)
  }
  return made
}

/** The dashboard's data from what was read: every present patient with their records, the catalogues. */
export function dashboardDataOf(
  patients: DevicePatientsRead,
  consultations: DeviceConsultationsRead,
): { data: DashboardData; names: Map<string, string> } {
  const present: DashboardPatient[] = []
  const names = new Map<string, string>()
  for (const row of patients.rows) {
    // A row of records whose patient is not here (yet, or any more) counts nowhere: the rules
    // count the records of patients in scope only.
    const patient = row.patient
    if (!patient) continue
    present.push(dashboardPatientOf(row, patient))
    names.set(patient.id, patient.name)
  }
  return {
    data: {
      patients: present,
      // The months around the period: a superset of those the rules count in it.
      consultations: consultations.rows,
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
  const summary = dashboardSummaryTables(db)
  const [catalogue, labels, summaries] = await db.transaction(
    'r',
    [db.catalogueEntries, db.specialLabels, summary.rows, summary.changes, summary.packs],
    () => Promise.all([dueCatalogue(db), db.specialLabels.toArray(), readSummaries(summary)]),
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
    figures: dashboardFigures(data, filter, today, keptVaccinationStateOf(data.vaccines, data.scheme)),
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
