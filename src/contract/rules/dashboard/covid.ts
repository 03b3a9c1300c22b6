import { TRIAGE_STATUSES, type TriageStatus } from '../../schemas/covid'
import { type DashboardFilter, dayInPeriod } from './scope'
import { zonedDay } from './zoned-day'

/** What the dashboard reads of a triage consultation. */
export interface DashboardTriageConsultation {
  id: string
  patient_id: string
  consulted_at: string
  status: string
  pregnancy: boolean | null
  deleted_at?: string | null
}

/** A patient's latest triage consultation, with its day in the filter's zone. */
export interface LastTriage {
  patient_id: string
  consultation_id: string
  status: string
  pregnancy: boolean | null
  day: string
}

/**
 * Each patient's latest live triage consultation (the server's order, decision 0025: the later
 * `consulted_at`, then the higher id), for the patients in scope. The period is not applied here.
 */
export function lastTriageConsultations(
  consultations: readonly DashboardTriageConsultation[],
  scope: ReadonlySet<string>,
  timeZone: string,
): LastTriage[] {
  const latest = new Map<string, { row: DashboardTriageConsultation; at: number }>()
  for (const row of consultations) {
    if (row.deleted_at || !scope.has(row.patient_id)) continue
    const at = Date.parse(row.consulted_at)
    const current = latest.get(row.patient_id)
    if (!current || at > current.at || (at === current.at && row.id > current.row.id))
      latest.set(row.patient_id, { row, at })
  }
  return [...latest.values()].map(({ row, at }) => ({
    patient_id: row.patient_id,
    consultation_id: row.id,
    status: row.status,
    pregnancy: row.pregnancy,
    day: zonedDay(at, timeZone),
  }))
}

export type CovidCounts = Record<TriageStatus, number> & { total: number }

/**
 * SPEC §2 "COVID" (`GET /covid{query}`): patients by the SPEC §4 status of their latest triage
 * consultation, when that consultation's day is in the period — the triage list's counts
 * (`/triage-concentrated/count`) under the dashboard's filters. `total` is the sum.
 */
export function covidCounts(last: readonly LastTriage[], filter: DashboardFilter): CovidCounts {
  const counts = Object.fromEntries(TRIAGE_STATUSES.map((status) => [status, 0])) as CovidCounts
  counts.total = 0
  for (const row of last) {
    if (!dayInPeriod(row.day, filter.period)) continue
    if (!(TRIAGE_STATUSES as readonly string[]).includes(row.status)) continue
    counts[row.status as TriageStatus] += 1
    counts.total += 1
  }
  return counts
}
