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
