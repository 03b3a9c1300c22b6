import { TRIAGE_STATUSES, type TriageStatus } from '../../schemas/covid'
import { type DashboardFilter, dayInPeriod } from './scope'
import { zonedDay } from './zoned-day'

/** What the dashboard reads of a live triage consultation. */
export interface DashboardTriageConsultation {
  id: string
  consulted_at: string
  status: string
  pregnancy: boolean | null
}

/** A patient with their live triage consultations. */
export interface TriagePatient {
  id: string
  triage: readonly DashboardTriageConsultation[]
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
  patients: readonly TriagePatient[],
  scope: ReadonlySet<string>,
  timeZone: string,
): LastTriage[] {
  const last: LastTriage[] = []
  for (const patient of patients) {
    if (patient.triage.length === 0 || !scope.has(patient.id)) continue
    let latest: DashboardTriageConsultation | null = null
    let latestAt = 0
    for (const row of patient.triage) {
      const at = Date.parse(row.consulted_at)
      if (latest === null || at > latestAt || (at === latestAt && row.id > latest.id)) {
        latest = row
        latestAt = at
      }
    }
    if (latest === null) continue
    last.push({
      patient_id: patient.id,
      consultation_id: latest.id,
      status: latest.status,
      pregnancy: latest.pregnancy,
      day: zonedDay(latestAt, timeZone),
    })
  }
  return last
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
