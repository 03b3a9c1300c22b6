import { dashboardFilterOf } from '../contract/rules/dashboard/scope'
import type { ScopeFilters } from './scope-filters'

/*
 * Apart from scope-filters.ts: the routes' search validators read the scope with the sign-in page,
 * which must not carry the dashboard's rules.
 */

/**
 * The sublabels a patient must carry one of (a label resolved to its live sublabels, by the
 * dashboard's rule); null for no label filter.
 */
export const scopeSublabels = (
  scope: ScopeFilters,
  labels: ReadonlyArray<{ id: string; sublabels: ReadonlyArray<{ id: string }> }>,
): readonly string[] | null => {
  const query = {
    ...(scope.special_label && { special_label: scope.special_label }),
    ...(scope.sublabel && { sublabel: scope.sublabel }),
  }
  return dashboardFilterOf(query, labels, 'UTC').sublabels
}
