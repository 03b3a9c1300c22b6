/**
 * SPEC §9: every date the app shows reads YYYY/MM/DD and every time HH:MM (24 h), in the
 * device's time zone, whatever the language. Every screen formats through these, so a date looks
 * the same on the dashboard, the record, the sync screen and the charts.
 */
type Instant = Date | number | string

const two = (n: number) => String(n).padStart(2, '0')
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value))

/** `2026/11/25`; a plain ISO day (`2026-11-25`) is read as that day, not as UTC midnight. */
export function formatDate(value: Instant): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/')
  const date = toDate(value)
  return `${date.getFullYear()}/${two(date.getMonth() + 1)}/${two(date.getDate())}`
}

/** `07:05`. */
export function formatTime(value: Instant): string {
  const date = toDate(value)
  return `${two(date.getHours())}:${two(date.getMinutes())}`
}

/** `2026/11/25 07:05`. */
export function formatDateTime(value: Instant): string {
  return `${formatDate(value)} ${formatTime(value)}`
}

/** A chart's axis: the day without its year, in the same order (`11/25`). */
export function formatMonthDay(value: Instant): string {
  return formatDate(value).slice(5)
}
