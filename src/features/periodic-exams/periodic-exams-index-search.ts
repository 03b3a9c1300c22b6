import { EXAM_DUE_STATES, type ExamDueState } from '../../contract/rules/exam-due-states'
import { searchId, searchOf, searchPick } from '../../ui/url-filters'

/**
 * The periodic exams' due list's filters as its address carries them (`?state=expired`,
 * `?subgroup=…`): the dashboard's buckets open the list so.
 */
export interface PeriodicExamsIndexFilters {
  state?: ExamDueState
  subgroup?: string
}

/** The route's `validateSearch`: a due state the rule knows, a subgroup item's id; anything else is dropped. */
export const periodicExamsIndexSearch = (search: Record<string, unknown>): PeriodicExamsIndexFilters =>
  searchOf({ state: searchPick(search.state, EXAM_DUE_STATES), subgroup: searchId(search.subgroup) })
