import * as v from 'valibot'
import { isCalendarDay } from './calendar-day'

export { isCalendarDay }

/** The widest offset of a real time zone (Kiribati, +14:00; the westernmost is −12:00). */
const MAX_OFFSET_MINUTES = 14 * 60
const OFFSET = /([+-])(\d{2}):?(\d{2})?$/

/** Whether an ISO timestamp names a real instant: a calendar day and an offset some zone has. */
export function isCalendarInstant(iso: string): boolean {
  if (!isCalendarDay(iso)) return false
  const offset = OFFSET.exec(iso.slice(19))
  if (!offset) return true
  return Number(offset[2]) * 60 + Number(offset[3] ?? 0) <= MAX_OFFSET_MINUTES
}

/** An ISO date (YYYY-MM-DD) of a day that exists. */
export const IsoDay = v.pipe(
  v.string('field.date'),
  v.isoDate('field.date'),
  v.check(isCalendarDay, 'field.date'),
)

/**
 * An ISO timestamp of an instant that exists (`2026-11-23T08:40:00Z`, an offset instead of Z);
 * its fraction of a second is bounded too, so the text is.
 */
export const IsoInstant = v.pipe(
  v.string('field.date'),
  v.maxLength(35, 'field.date'),
  v.isoTimestamp('field.date'),
  v.check(isCalendarInstant, 'field.date'),
)
