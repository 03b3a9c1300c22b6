import * as v from 'valibot'
import { isCalendarDay } from './calendar'

/** SPEC §5/§9: dates are entered as YYYY/MM/DD; the API carries ISO dates (YYYY-MM-DD). */
export const DATE_TEXT = /^(\d{4})\/(\d{2})\/(\d{2})$/

/** Whether `YYYY/MM/DD` names a day that exists (no 2026/02/30). */
export const isDateText = (text: string): boolean =>
  DATE_TEXT.test(text) && isCalendarDay(dateTextToIso(text))

/** `YYYY/MM/DD` → `YYYY-MM-DD`, and back. */
export const dateTextToIso = (text: string) => text.replaceAll('/', '-')
export const isoToDateText = (iso: string) => iso.slice(0, 10).replaceAll('-', '/')

/** A date as the forms take it, turned into the ISO date the API stores. */
export const DateText = v.pipe(
  v.string(),
  v.trim(),
  v.check(isDateText, 'field.date'),
  v.transform(dateTextToIso),
)

/** SPEC §5: time as HH:MM (24 h). */
export const TimeText = v.pipe(v.string(), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field.time'))

/** SPEC §5: a phone of 10 to 15 digits without special characters. */
export const PhoneText = v.pipe(v.string(), v.trim(), v.regex(/^\d{10,15}$/, 'field.phone'))
