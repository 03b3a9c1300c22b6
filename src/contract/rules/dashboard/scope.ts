/**
 * What every dashboard item counts over (SPEC §2 "Dashboard", `get-filters/dashboard`; issue 24;
 * docs/decisions/0032-dashboard.md): the live patients the caller may see, narrowed by the
 * dashboard's filters, and the period the dated records must fall in. The device passes the
 * patients of its cache (already the professional's); the agreement test passes the same rows the
 * server's SQL reads.
 */

/** A period of calendar days, both ends included; null ends are open. */
export interface DashboardPeriod {
  from: string | null
  to: string | null
}

/** The dashboard's filters, as the query carries them once a label is resolved to its sublabels. */
export interface DashboardFilter {
  period: DashboardPeriod
  /** A subgroup item the patient must belong to. */
  subgroup: string | null
  /**
   * Special sublabels of which the patient must carry one: the chosen sublabel, or every live
   * sublabel of the chosen label; null for no special-label filter. An empty list matches nobody
   * (a label without live sublabels has nobody under it).
   */
  sublabels: readonly string[] | null
  /** Where a recorded instant's day is read (a consultation at 23:30 in Mexico City is that day). */
  timeZone: string
}

/** What the filters read of a patient. */
export interface ScopePatient {
  id: string
  subgroups: readonly string[]
  special_sublabel_ids: readonly string[]
  deleted_at?: string | null
}

export const NO_FILTER: Omit<DashboardFilter, 'timeZone'> = {
  period: { from: null, to: null },
  subgroup: null,
  sublabels: null,
}

/** Whether a live patient passes the subgroup and special-label filters. */
export function patientMatches(patient: ScopePatient, filter: DashboardFilter): boolean {
  if (patient.deleted_at) return false
  if (filter.subgroup !== null && !patient.subgroups.includes(filter.subgroup)) return false
  if (filter.sublabels !== null && !filter.sublabels.some((id) => patient.special_sublabel_ids.includes(id)))
    return false
  return true
}

/** The ids of the patients every item counts over. */
export function patientsInScope(patients: readonly ScopePatient[], filter: DashboardFilter): Set<string> {
  const ids = new Set<string>()
  for (const patient of patients) if (patientMatches(patient, filter)) ids.add(patient.id)
  return ids
}

/** Whether a day (YYYY-MM-DD) falls in the period. */
export function dayInPeriod(day: string, period: DashboardPeriod): boolean {
  return (period.from === null || day >= period.from) && (period.to === null || day <= period.to)
}

/** Ties of the top-5 lists are broken by code-unit order on both sides. */
export { codeUnitOrder } from '../code-unit-order'

/** The filters as the dashboard's query carries them (`schemas/dashboard.ts`). */
export interface DashboardFilterQuery {
  from?: string
  to?: string
  subgroup?: string
  special_label?: string
  sublabel?: string
}

/**
 * The filter from the query, a label resolved to its live sublabels (`labels`: the live labels
 * with their live sublabels). A sublabel narrows its label; a sublabel that is not one of the
 * chosen label's matches nobody.
 */
export function dashboardFilterOf(
  query: DashboardFilterQuery,
  labels: ReadonlyArray<{ id: string; sublabels: ReadonlyArray<{ id: string }> }>,
  timeZone: string,
): DashboardFilter {
  let sublabels: string[] | null = null
  if (query.special_label !== undefined) {
    const label = labels.find((entry) => entry.id === query.special_label)
    sublabels = label ? label.sublabels.map((sublabel) => sublabel.id) : []
    if (query.sublabel !== undefined) sublabels = sublabels.includes(query.sublabel) ? [query.sublabel] : []
  } else if (query.sublabel !== undefined) {
    sublabels = [query.sublabel]
  }
  return {
    period: { from: query.from ?? null, to: query.to ?? null },
    subgroup: query.subgroup ?? null,
    sublabels,
    timeZone,
  }
}
