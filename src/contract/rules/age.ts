/** A day's year, month and day from YYYY-MM-DD (or the start of an ISO timestamp). */
function dayParts(iso: string) {
  const [year = 0, month = 0, day = 0] = iso.slice(0, 10).split('-').map(Number)
  return { year, month, day }
}

/**
 * A person's age in completed years on a day (both YYYY-MM-DD): what a clinical document prints
 * beside the patient's name. Counted on the calendar, not from milliseconds, so a birthday counts
 * from its own day; someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, day: string): number {
  const birth = dayParts(birthDate)
  const on = dayParts(day)
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day)
  return on.year - birth.year - (hadBirthday ? 0 : 1)
}
