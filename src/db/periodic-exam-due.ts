import type { PeriodicExamDueRow } from '../contract/schemas/periodic-exams'
import {
  type DueListFilters,
  type DueListPatient,
  type LatestExam,
  periodicExamDueRows,
} from '../documents/periodic-exam-due-rows'
import type { LocalDb } from './local-db'
import { type LocalPeriodicExamSummary, periodicExamSummaryTables } from './periodic-exam-summary'
import { readSummaries } from './summary-packs'

/**
 * The periodic exams' due list on the device (issue 22, `/digital-record/periodic-exams`): every
 * cached patient (the cache holds exactly the patients this user may see) with the due state the
 * contract's rule gives them today, made by the same rows function as the server's spreadsheet.
 * It reads the compact per-patient rows the database keeps (`periodic-exam-summary.ts`: the rule's
 * inputs and the latest exam), never the full patients nor the exams, so 20 000 patients come
 * within 500 ms at 4× throttle (bench/periodic-exam-due.ts). The state is worked out at read time,
 * so it follows the date.
 */

export interface DeviceDueFilters extends DueListFilters {
  /** Only patients in this subgroup (an item of the tenant's subgroups catalogue). */
  subgroup?: string
}

/** A due-list row and what the device's screen needs of its patient. */
export interface DeviceDueRow extends PeriodicExamDueRow {
  subgroups: string[]
  /** The latest live exam's id ("view the last one"); null without one. */
  last_id: string | null
}

/** Every cached patient's row on `today` (YYYY-MM-DD), narrowed by the filters, in the list's order. */
export async function periodicExamDueList(
  db: LocalDb,
  today: string,
  filters: DeviceDueFilters = {},
): Promise<DeviceDueList> {
  const { rows, unpacked } = await readSummaries(periodicExamSummaryTables(db))
  return { rows: dueRowsOf(rows, today, filters), unpacked }
}

/** The list's rows, and how many summary rows were read one by one (the screen packs past a few hundred). */
export interface DeviceDueList {
  rows: DeviceDueRow[]
  unpacked: number
}

/** The work of `periodicExamDueList` on summary rows already read. */
export function dueRowsOf(
  summaries: readonly LocalPeriodicExamSummary[],
  today: string,
  filters: DeviceDueFilters = {},
): DeviceDueRow[] {
  const listed: DueListPatient[] = []
  const latest = new Map<string, LatestExam>()
  const byPatient = new Map<string, LocalPeriodicExamSummary>()
  for (const summary of summaries) {
    // A row without its patient holds exams that came before the patient: not listed yet.
    if (!summary.patient) continue
    if (filters.subgroup && !summary.subgroups.includes(filters.subgroup)) continue
    listed.push(summary.patient)
    byPatient.set(summary.patient_id, summary)
    if (summary.last_exam_on !== null && summary.last_condition !== null)
      latest.set(summary.patient_id, { examined_on: summary.last_exam_on, condition: summary.last_condition })
  }
  // The rows function's rows are new objects of this call: completed in place rather than copied
  // (20 000 spreads cost a tablet tens of milliseconds), so they are the device's rows once filled.
  const rows = periodicExamDueRows(listed, latest, today, filters) as DeviceDueRow[]
  for (const row of rows) {
    const summary = byPatient.get(row.patient_id)
    row.subgroups = summary?.subgroups ?? []
    row.last_id = summary?.last_id ?? null
  }
  return rows
}
