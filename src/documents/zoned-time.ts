import { isoToDateText } from '../contract/rules/formats'

/**
 * Dates and times of a document in one named time zone, written digit by digit: the same
 * instant must print the same on the device and on the server, whose own zones and ICU locale
 * data differ (a locale's format may change between versions; the numeric parts do not).
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    partsFormat.set(timeZone, format)
  }
  return format
}

/** An instant's calendar day (YYYY-MM-DD) and time (HH:MM) in a time zone. */
export function zonedDayAndTime(instant: Date, timeZone: string): { day: string; time: string } {
  const parts: Record<string, string> = {}
  for (const part of formatIn(timeZone).formatToParts(instant)) parts[part.type] = part.value
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

/** YYYY-MM-DD as people read it in Mexico: DD/MM/YYYY. */
export function readableDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}/${month}/${year}`
}

/** An instant as DD/MM/YYYY HH:MM in a time zone. */
export function readableDateTime(instant: Date, timeZone: string): string {
  const { day, time } = zonedDayAndTime(instant, timeZone)
  return `${readableDay(day)} ${time}`
}

/**
 * An instant as YYYY/MM/DD HH:MM in a time zone: SPEC §9's date and time format, which the
 * clinical documents print (the self-tracking logs kept the DD/MM/YYYY their patients asked for).
 */
export function specDateTime(instant: Date, timeZone: string): string {
  const { day, time } = zonedDayAndTime(instant, timeZone)
  return `${isoToDateText(day)} ${time}`
}

/**
 * An instant from ISO text or PostgreSQL's text form ("2026-11-23 08:40:00+00", as the server
 * and the change feed answer timestamps), which not every browser's Date parses by itself.
 */
export function parseInstant(text: string): Date {
  const iso = text.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T').replace(/([+-]\d{2})$/, '$1:00')
  return new Date(iso)
}
