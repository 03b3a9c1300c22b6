import { dashboardFilterOf } from '../contract/rules/dashboard/scope'
import { searchId } from './url-filters'

/**
 * Which patients a concentrated list counts over, as the dashboard narrows them (`get-filters/
 * dashboard`): a subgroup item, a special label and one of its sublabels. The lists the
 * dashboard's figures open take them in their address, so that the list counts the patients the
 * figure counted.
 */
export interface ScopeFilters {
  subgroup?: string
  special_label?: string
  sublabel?: string
}

/** The scope's search values: record ids; anything else is no filter. */
export const scopeSearch = (search: Record<string, unknown>): ScopeFilters => ({
  subgroup: searchId(search.subgroup),
  special_label: searchId(search.special_label),
  sublabel: searchId(search.sublabel),
})

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
