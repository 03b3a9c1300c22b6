/**
 * The calendar day of a recorded instant in a time zone, as PostgreSQL's
 * `(instant at time zone zone)::date` gives it, so the device and the server put a consultation
 * at 23:30 in the same day and month. Intl formats once per quarter hour met (every zone's offset
 * is a whole number of quarter hours and changes only on one), not once per record: the device
 * reads tens of thousands of consultations within the dashboard's 500 ms budget.
 */

const QUARTER_HOUR_MS = 900_000

const formats = new Map<string, Intl.DateTimeFormat>()
const days = new Map<string, Map<number, string>>()

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    formats.set(timeZone, format)
  }
  return format
}

/** The YYYY-MM-DD of an instant (ISO text or milliseconds) in `timeZone`. */
export function zonedDay(instant: string | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant)
  const quarter = Math.floor(ms / QUARTER_HOUR_MS)
  let cache = days.get(timeZone)
  if (!cache) {
    cache = new Map()
    days.set(timeZone, cache)
  }
  let day = cache.get(quarter)
  if (day === undefined) {
    const parts: Record<string, string> = {}
    for (const part of formatIn(timeZone).formatToParts(quarter * QUARTER_HOUR_MS))
      parts[part.type] = part.value
    // Years before 1000 or after 9999 never reach a clinical record; the year is padded anyway.
    day = `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}`
    cache.set(quarter, day)
  }
  return day
}

/** The YYYY-MM of a day. */
export const monthOf = (day: string): string => day.slice(0, 7)
