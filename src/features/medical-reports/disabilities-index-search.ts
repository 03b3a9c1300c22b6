import { DISABILITY_ISSUERS, type DisabilityIssuer } from '../../contract/schemas/disability-issuers'
import { type ScopeFilters, scopeSearch } from '../../ui/scope-filters'
import { searchDay, searchId, searchOf, searchPick } from '../../ui/url-filters'

/**
 * The disabilities' index's filters as its address carries them (`?from=2026-11-01&to=2026-11-26
 * &type=…`): the dashboard's lost days open the list so, over the period, modality and patients
 * they were counted for. Days are YYYY-MM-DD.
 */
export interface DisabilitiesIndexFilters extends ScopeFilters {
  type?: string
  status?: string
  issuer?: DisabilityIssuer
  from?: string
  to?: string
}

/** The route's `validateSearch`: ids, an issuer and days of the right shape; anything else is dropped. */
export const disabilitiesIndexSearch = (search: Record<string, unknown>): DisabilitiesIndexFilters =>
  searchOf({
    type: searchId(search.type),
    status: searchId(search.status),
    issuer: searchPick(search.issuer, DISABILITY_ISSUERS),
    from: searchDay(search.from),
    to: searchDay(search.to),
    ...scopeSearch(search),
  })
