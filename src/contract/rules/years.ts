import * as v from 'valibot'

/** SPEC §5: a year of a history entry lies between 1920 and the current year. */
export const FIRST_YEAR = 1920

export const currentYear = (now: Date = new Date()) => now.getFullYear()

export function isYearInRange(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= currentYear(now)
}

/** An ISO date (YYYY-MM-DD) whose year is in range: a birth or hire date cannot predate 1920 or be next year. */
export const isDateOfRangeYear = (iso: string, now: Date = new Date()) =>
  isYearInRange(Number(iso.slice(0, 4)), now)

/** A year field of a history entry (medical, surgical, psychiatric, conditions). */
export const HistoryYear = v.pipe(
  v.number('field.type'),
  v.integer('field.integer'),
  v.check((year) => isYearInRange(year), 'field.year'),
)
