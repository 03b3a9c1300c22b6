import { OCCUPATIONAL_RISKS, type OccupationalRisk } from '../../contract/schemas/occupational-risks'
import { OVERDUE_CHOICES, SCHEME_STATUSES, type SchemeStatus } from '../../contract/schemas/scheme-statuses'
import { searchId, searchOf, searchPick } from '../../ui/url-filters'

/**
 * The `/vaccinations` index's filters as its address carries them (`?status=incomplete`,
 * `?overdue=yes`…): one pick per filter of `get-filters/vaccinations`.
 */
export interface VaccinationIndexFilters {
  status?: SchemeStatus
  vaccine?: string
  overdue?: (typeof OVERDUE_CHOICES)[number]
  subgroup?: string
  risk?: OccupationalRisk
}

/** The route's `validateSearch`: a known choice or a record's id per filter; anything else is dropped. */
export const vaccinationIndexSearch = (search: Record<string, unknown>): VaccinationIndexFilters =>
  searchOf({
    status: searchPick(search.status, SCHEME_STATUSES),
    vaccine: searchId(search.vaccine),
    overdue: searchPick(search.overdue, OVERDUE_CHOICES),
    subgroup: searchId(search.subgroup),
    risk: searchPick(search.risk, OCCUPATIONAL_RISKS),
  })
