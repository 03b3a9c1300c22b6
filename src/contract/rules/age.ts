/**
 * A person's age in completed years on a day (both YYYY-MM-DD): what a clinical document prints
 * beside the patient's name. Counted on the calendar, not from milliseconds, so a birthday counts
 * from its own day; someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, day: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ]
  const [year, month, date] = day.slice(0, 10).split('-').map(Number) as [number, number, number]
  const hadBirthday = month > birthMonth || (month === birthMonth && date >= birthDay)
  return year - birthYear - (hadBirthday ? 0 : 1)
}
