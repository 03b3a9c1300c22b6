import { type DashboardFilter, dashboardFilterOf } from '../../contract/rules/dashboard/scope'
import type { DashboardQuery } from '../../contract/schemas/dashboard'

/**
 * The dashboard's filters (`get-filters/dashboard`: period, subgroup, special label and sublabel)
 * as the screen holds them: days YYYY-MM-DD, '' for "all".
 */
export interface DashboardFilterValues {
  from: string
  to: string
  subgroup: string
  special_label: string
  sublabel: string
}

/** The screen opens on the month so far: what a clinic reviews, and the figures come quickly. */
export function defaultFilters(today: string): DashboardFilterValues {
  return { from: `${today.slice(0, 8)}01`, to: today, subgroup: '', special_label: '', sublabel: '' }
}

/** Whether the period's end comes before its start (SPEC §5: the server answers 422). */
export const periodReversed = (values: DashboardFilterValues) =>
  values.from !== '' && values.to !== '' && values.to < values.from

/** The filters as the dashboard's calls take them (and the PDF): blanks left out. */
export function dashboardQueryOf(values: DashboardFilterValues, timeZone: string): DashboardQuery {
  return {
    ...(values.from && { from: values.from }),
    ...(values.to && { to: values.to }),
    ...(values.subgroup && { subgroup: values.subgroup }),
    ...(values.special_label && { special_label: values.special_label }),
    ...(values.sublabel && { sublabel: values.sublabel }),
    time_zone: timeZone,
  }
}

/** The filters as the rules take them, a label resolved to its live sublabels (as the server does). */
export const dashboardFilterOfValues = (
  values: DashboardFilterValues,
  labels: ReadonlyArray<{ id: string; sublabels: ReadonlyArray<{ id: string }> }>,
  timeZone: string,
): DashboardFilter => {
  const { time_zone: _zone, ...query } = dashboardQueryOf(values, timeZone)
  return dashboardFilterOf(query, labels, timeZone)
}
