import { type DisabilitySpan, lostDaySlices } from '../disability-days'
import { codeUnitOrder, type DashboardPeriod } from './scope'

export interface LostDaysFigures {
  /** Days lost in the period, each patient's overlapping disabilities counted once. */
  total_days: number
  /** Patients with a day lost in the period. */
  patients: number
  /** By disability type (most days first, then by type id). */
  types: Array<{ type_id: string; days: number }>
  /** By month (YYYY-MM) and type, months ascending. */
  months: Array<{ month: string; type_id: string; days: number }>
}

/**
 * SPEC §2 "lost days" (`GET /closed-days-data{query}`): the days lost to the live disabilities of
 * the patients in scope within the period, by `rules/disability-days.ts` (`lostDaySlices`, the
 * data graph's rule): overlaps once, a disability crossing months split by month.
 */
export function lostDaysFigures(
  disabilities: ReadonlyArray<DisabilitySpan & { deleted_at?: string | null }>,
  scope: ReadonlySet<string>,
  period: DashboardPeriod,
): LostDaysFigures {
  const live = disabilities.filter((d) => !d.deleted_at && scope.has(d.patient_id))
  const bounds =
    period.from === null && period.to === null
      ? undefined
      : { from: period.from ?? '1000-01-01', to: period.to ?? '9999-12-31' }
  const slices = lostDaySlices(live, bounds)
  const types = new Map<string, number>()
  const months = new Map<string, { month: string; type_id: string; days: number }>()
  const patients = new Set<string>()
  let total = 0
  for (const slice of slices) {
    total += slice.days
    patients.add(slice.patient_id)
    types.set(slice.type_id, (types.get(slice.type_id) ?? 0) + slice.days)
    const key = `${slice.month}|${slice.type_id}`
    const month = months.get(key) ?? { month: slice.month, type_id: slice.type_id, days: 0 }
    month.days += slice.days
    months.set(key, month)
  }
  return {
    total_days: total,
    patients: patients.size,
    types: [...types.entries()]
      .map(([type_id, days]) => ({ type_id, days }))
      .sort((a, b) => b.days - a.days || codeUnitOrder(a.type_id, b.type_id)),
    months: [...months.values()].sort(
      (a, b) => codeUnitOrder(a.month, b.month) || codeUnitOrder(a.type_id, b.type_id),
    ),
  }
}
