/**
 * Whole years from a birth date (YYYY-MM-DD, as the contract stores it) to `today`, or null
 * when the date is missing or not a date. The birthday counts from its own day.
 */
export function ageOn(birthDate: unknown, today: Date): number | null {
  if (typeof birthDate !== 'string') return null
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate)
  if (!match) return null
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const hadBirthday =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day)
  const age = today.getFullYear() - year - (hadBirthday ? 0 : 1)
  return age >= 0 ? age : null
}
