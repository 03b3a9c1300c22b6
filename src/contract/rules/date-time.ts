import { dateTextToIso, isDateText } from './formats'

/** SPEC §5: time as HH:MM (24 h). */
const TIME_TEXT = /^([01]\d|2[0-3]):[0-5]\d$/

const two = (n: number) => String(n).padStart(2, '0')

/**
 * The instant a form's date (YYYY/MM/DD) and time (HH:MM) name on the device's own clock (a
 * consultation's `started_at`), as an ISO instant in UTC; null while either is not a valid
 * text or names a day that does not exist.
 */
export function instantOfDateTime(date: string, time: string): string | null {
  const day = date.trim()
  const clock = time.trim()
  if (!isDateText(day) || !TIME_TEXT.test(clock)) return null
  const [year, month, dayOfMonth] = dateTextToIso(day).split('-').map(Number) as [number, number, number]
  const [hours, minutes] = clock.split(':').map(Number) as [number, number]
  const at = new Date(year, month - 1, dayOfMonth, hours, minutes)
  // Years before 100 would be read as 19xx by the constructor above.
  at.setFullYear(year)
  return at.toISOString()
}

/** An instant as the form shows it on the device's clock: YYYY/MM/DD and HH:MM. */
export function dateTimeOfInstant(instant: string): { date: string; time: string } {
  const at = new Date(instant)
  return {
    date: `${String(at.getFullYear()).padStart(4, '0')}/${two(at.getMonth() + 1)}/${two(at.getDate())}`,
    time: `${two(at.getHours())}:${two(at.getMinutes())}`,
  }
}
