import { EVOLUTION_RANGE_PRESETS, type RangePreset } from '../../ui/charts/range-presets'
import { type ScopeFilters, scopeSearch } from '../../ui/scope-filters'
import { searchDay, searchId, searchOf, searchPick } from '../../ui/url-filters'

/**
 * The affected systems' index's filters as its address carries them
 * (`?period=custom&from=2026-11-01&to=2026-11-26&diagnosis=J00`): the dashboard's top 5 diagnoses
 * and affected systems open the list so, under the period and patients they were counted over.
 * `period` is a preset of the picker; 'custom' takes `from` and `to`, either open.
 */
export interface AffectedSystemsIndexFilters extends ScopeFilters {
  period?: RangePreset
  from?: string
  to?: string
  system?: string
  diagnosis?: string
}

/** A CIE-10 code as the consultations carry it (`J00`, `E11.9`). */
const CODE = /^[A-Z][0-9A-Z.]{1,9}$/i

/** The route's `validateSearch`: a preset, days, ids and a code of the right shape; anything else is dropped. */
export const affectedSystemsIndexSearch = (search: Record<string, unknown>): AffectedSystemsIndexFilters =>
  searchOf({
    period: searchPick(search.period, EVOLUTION_RANGE_PRESETS),
    from: searchDay(search.from),
    to: searchDay(search.to),
    system: searchId(search.system),
    diagnosis:
      typeof search.diagnosis === 'string' && CODE.test(search.diagnosis) ? search.diagnosis : undefined,
    ...scopeSearch(search),
  })
