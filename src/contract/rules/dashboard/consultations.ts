import { type DashboardFilter, dayInPeriod } from './scope'
import { zonedDay } from './zoned-day'

/** What the dashboard reads of a consultation (SPEC §3 encounters: date, diagnoses, affected systems). */
export interface DashboardConsultation {
  id: string
  patient_id: string
  /** When it started (ISO instant). */
  started_at: string
  diagnoses: ReadonlyArray<{ code: string; name: string; affected_system_id: string }>
  deleted_at?: string | null
}

/** A consultation the items count, with its day in the filter's zone. */
export interface CountedConsultation {
  consultation: DashboardConsultation
  day: string
  /** Milliseconds of `started_at`, for "the latest" without parsing again. */
  at: number
}

/**
 * The live consultations of patients in scope whose day (in the filter's zone) is in the period:
 * what the diagnoses and affected-systems items count.
 */
export function consultationsInPeriod(
  consultations: readonly DashboardConsultation[],
  scope: ReadonlySet<string>,
  filter: DashboardFilter,
): CountedConsultation[] {
  const counted: CountedConsultation[] = []
  for (const consultation of consultations) {
    if (consultation.deleted_at || !scope.has(consultation.patient_id)) continue
    const at = Date.parse(consultation.started_at)
    const day = zonedDay(at, filter.timeZone)
    if (dayInPeriod(day, filter.period)) counted.push({ consultation, day, at })
  }
  return counted
}
