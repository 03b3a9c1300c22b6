/**
 * The calendar day of a recorded instant in a time zone, as PostgreSQL's
 * `(instant at time zone zone)::date` gives it, so the device and the server put a consultation
 * at 23:30 in the same day and month. The device reads tens of thousands of consultations within
 * the dashboard's 500 ms budget, at any minute of any day, so Intl is asked for a zone's offset
 * about once per UTC day met, not once per record: a day whose offset is the same at its first and
 * last millisecond (every day but the one or two a year the clocks change) has that offset all
 * day, and the local day is plain arithmetic. On a day the clocks change, the day is formatted
 * once per quarter hour met (every zone's offset is a whole number of quarter hours and changes
 * only on one).
 */

const DAY_MS = 86_400_000
const QUARTER_HOUR_MS = 900_000

interface ZoneCache {
  format: Intl.DateTimeFormat
  /** By UTC day number: the offset in ms all that day, or null when the clocks change that day. */
  offsets: Map<number, number | null>
  /** By quarter hour, the day on a day the clocks change. */
  quarters: Map<number, string>
}

const zones = new Map<string, ZoneCache>()
/** By day number (days since 1970-01-01), the YYYY-MM-DD text: every zone shares it. */
const dayTexts = new Map<number, string>()

function zoneCache(timeZone: string): ZoneCache {
  let cache = zones.get(timeZone)
  if (!cache) {
    cache = {
      format: new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      offsets: new Map(),
      quarters: new Map(),
    }
    zones.set(timeZone, cache)
  }
  return cache
}

/** The wall clock's reading at an instant, as ms since the epoch read as UTC. */
function wallClock(format: Intl.DateTimeFormat, ms: number): number {
  const parts: Record<string, number> = {}
  for (const part of format.formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
}

/** The zone's offset from UTC at an instant, in ms (whole seconds: the formatter's precision). */
const offsetAt = (format: Intl.DateTimeFormat, ms: number): number => {
  const whole = Math.floor(ms / 1000) * 1000
  return wallClock(format, whole) - whole
}

function dayText(dayNumber: number): string {
  let text = dayTexts.get(dayNumber)
  if (text === undefined) {
    // Years before 1000 or after 9999 never reach a clinical record.
    text = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
    dayTexts.set(dayNumber, text)
  }
  return text
}

/** The YYYY-MM-DD of an instant (ISO text or milliseconds) in `timeZone`. */
export function zonedDay(instant: string | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant)
  const cache = zoneCache(timeZone)
  const utcDay = Math.floor(ms / DAY_MS)
  let offset = cache.offsets.get(utcDay)
  if (offset === undefined) {
    const first = offsetAt(cache.format, utcDay * DAY_MS)
    const last = offsetAt(cache.format, (utcDay + 1) * DAY_MS - 1)
    offset = first === last ? first : null
    cache.offsets.set(utcDay, offset)
  }
  if (offset !== null) return dayText(Math.floor((ms + offset) / DAY_MS))
  const quarter = Math.floor(ms / QUARTER_HOUR_MS)
  let day = cache.quarters.get(quarter)
  if (day === undefined) {
    const start = quarter * QUARTER_HOUR_MS
    day = dayText(Math.floor((start + offsetAt(cache.format, start)) / DAY_MS))
    cache.quarters.set(quarter, day)
  }
  return day
}

/** The zone's offset from UTC at an instant, in ms (east of UTC positive). */
export const zoneOffsetAt = (ms: number, timeZone: string): number => offsetAt(zoneCache(timeZone).format, ms)

/** The YYYY-MM of a day. */
export const monthOf = (day: string): string => day.slice(0, 7)
