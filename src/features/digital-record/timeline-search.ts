import { isCalendarDay } from '../../contract/rules/calendar-day'
import { DIGITAL_RECORD_KINDS, type DigitalRecordKind } from '../../contract/schemas/digital-record-kinds'
import type { TimelineFilter } from '../../documents/record-timeline'

/**
 * The timeline's filter as the digital record's address carries it (`?kinds=consultation,triage
 * &from=2026-01-01&to=2026-06-30`): the kinds and period chosen are part of the link, so a row of
 * another list, a bookmark or the back button opens the record as it was left. Anything the
 * address holds that is not a known kind or a real day is dropped.
 */
export interface TimelineSearch {
  kinds?: string
  from?: string
  to?: string
}

const isKind = (code: string): code is DigitalRecordKind =>
  (DIGITAL_RECORD_KINDS as readonly string[]).includes(code)

const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDay(value) ? value : undefined

/** The search part of the address, kept only as far as it is valid. */
export function validTimelineSearch(search: Record<string, unknown>): TimelineSearch {
  const kinds =
    typeof search.kinds === 'string' ? [...new Set(search.kinds.split(',').filter(isKind))].join(',') : ''
  const from = day(search.from)
  const to = day(search.to)
  return { ...(kinds && { kinds }), ...(from && { from }), ...(to && { to }) }
}

export function filterOfSearch(search: TimelineSearch): TimelineFilter {
  return {
    kinds: (search.kinds ?? '').split(',').filter(isKind),
    from: search.from ?? null,
    to: search.to ?? null,
  }
}

export function searchOfFilter(filter: TimelineFilter): TimelineSearch {
  return validTimelineSearch({ kinds: filter.kinds.join(','), from: filter.from, to: filter.to })
}
