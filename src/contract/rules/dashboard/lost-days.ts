import { type DisabilitySpan, lostDaySlices } from '../disability-days'
import { codeUnitOrder, type DashboardPeriod } from './scope'

/** What the dashboard reads of a live disability (`DisabilitySpan` less its patient). */
export type DashboardDisability = Omit<DisabilitySpan, 'patient_id'>

/** A patient with their live disabilities. */
export interface DisabilityPatient {
  id: string
  disabilities: readonly DashboardDisability[]
}

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
  patients: readonly DisabilityPatient[],
  scope: ReadonlySet<string>,
  period: DashboardPeriod,
): LostDaysFigures {
  const live: DisabilitySpan[] = []
  for (const patient of patients) {
    if (patient.disabilities.length === 0 || !scope.has(patient.id)) continue
    for (const disability of patient.disabilities) live.push({ ...disability, patient_id: patient.id })
  }
  const bounds =
    period.from === null && period.to === null
      ? undefined
      : { from: period.from ?? '1000-01-01', to: period.to ?? '9999-12-31' }
  const slices = lostDaySlices(live, bounds)
  const types = new Map<string, number>()
  const months = new Map<string, { month: string; type_id: string; days: number }>()
  const absent = new Set<string>()
  let total = 0
  for (const slice of slices) {
    total += slice.days
    absent.add(slice.patient_id)
    types.set(slice.type_id, (types.get(slice.type_id) ?? 0) + slice.days)
    const key = `${slice.month}|${slice.type_id}`
    const month = months.get(key) ?? { month: slice.month, type_id: slice.type_id, days: 0 }
    month.days += slice.days
    months.set(key, month)
  }
  return {
    total_days: total,
    patients: absent.size,
    types: [...types.entries()]
      .map(([type_id, days]) => ({ type_id, days }))
      .sort((a, b) => b.days - a.days || codeUnitOrder(a.type_id, b.type_id)),
    months: [...months.values()].sort(
      (a, b) => codeUnitOrder(a.month, b.month) || codeUnitOrder(a.type_id, b.type_id),
    ),
  }
}
