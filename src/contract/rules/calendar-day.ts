/*
 * Whether a day exists, in a module of its own: the routes' search validators check days, and
 * they ship with the sign-in page, which must not carry calendar.ts's valibot schemas.
 */

/**
 * The years a day may fall in: PostgreSQL's dates have no year 0 (it is 1 BC) and ISO 8601's
 * four digits end at 9999.
 */
const FIRST_YEAR = 1
const LAST_YEAR = 9999

const DAY = /^(\d{4})-(\d{2})-(\d{2})/

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * Whether the text starts with a day that exists, `YYYY-MM-DD`: no 2026-02-30, no 2026-13-01,
 * no year 0. The format's own regex (valibot's isoDate) accepts a 30 February; the database
 * does not, and a device would retry such a record forever.
 */
export function isCalendarDay(iso: string): boolean {
  const match = DAY.exec(iso)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return false
  return day >= 1 && day <= daysInMonth(year, month)
}
