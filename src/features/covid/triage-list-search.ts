import {
  TRIAGE_CLASSIFICATIONS,
  type TriageClassification,
} from '../../contract/rules/triage-classifications'
import { TRIAGE_STATUSES, type TriageStatus } from '../../contract/schemas/triage-statuses'
import { searchOf, searchPick } from '../../ui/url-filters'

/** The `/covid` list's filters as its address carries them (`?status=…&classification=…`). */
export interface TriageListFilters {
  status?: TriageStatus
  classification?: TriageClassification
}

/** The route's `validateSearch`: a status or classification the list knows; anything else is dropped. */
export const triageListSearch = (search: Record<string, unknown>): TriageListFilters =>
  searchOf({
    status: searchPick(search.status, TRIAGE_STATUSES),
    classification: searchPick(search.classification, TRIAGE_CLASSIFICATIONS),
  })
