/**
 * Vaccination due dates (issue 21, SPEC §4 "Vaccination scheme: complete or incomplete"): worked
 * out from the tenant's scheme and the doses a patient was given, never typed by the nurse. The
 * same rule runs on the device (card, `/vaccinations` list) and on the server (downloads, PDF).
 *
 * Days are calendar days (`YYYY-MM-DD`), counted in UTC so a change of daylight-saving time never
 * moves a due date. Ages are completed years as `ageOn` counts them: someone born on 29 February
 * turns a year older on 1 March in common years (28 February is still the younger age), so a
 * scheme "from 65" applies from 1 March of the 65th year in a common year and from 29 February in a
 * leap year.
 */
import { ageOn } from './age'

/** A vaccine of the catalogue, as far as due dates go. */
export interface DueVaccine {
  id: string
  /** Doses of the primary series (at least 1). */
  doses: number
  /** The minimum days between two doses of the series; 0 when there is no minimum. */
  intervalDays: number
  /** Days from the last dose to the next booster; null when the vaccine has no booster. */
  boosterIntervalDays: number | null
}

/**
 * One entry of the scheme: a vaccine applies to the patients it matches. Every condition that is
 * set must hold; an empty list or a null bound sets no condition.
 */
export interface DueSchemeEntry {
  vaccineId: string
  /** Doses of the series for this group; null takes the vaccine's own number. */
  doses: number | null
  /** Completed years, both inclusive. */
  ageFrom: number | null
  ageTo: number | null
  /** The patient's biological sex code; null for anyone. */
  sex: string | null
  /** The patient must belong to one of these subgroup items (any, when empty). */
  subgroups: readonly string[]
  /** The patient must carry one of these occupational risks (any, when empty). */
  risks: readonly string[]
}

export interface DuePatient {
  birthDate: string
  sex: string | null
  subgroups: readonly string[]
  risks: readonly string[]
}

/** A dose given, in the country or abroad: both count the same. */
export interface DueDoseGiven {
  vaccineId: string
  doseNumber: number
  applicationDate: string
  booster: boolean
}

export interface VaccineDue {
  vaccineId: string
  /** Doses of the series that apply to this patient. */
  seriesDoses: number
  /** Series doses given (at most `seriesDoses`). */
  seriesGiven: number
  /** The next dose, or null when nothing more is due (a series done and no booster). */
  next: { doseNumber: number; booster: boolean; dueDate: string } | null
  /** The next dose's due date is before today. */
  overdue: boolean
  /** Application dates of the doses given sooner than the minimum interval after the previous one. */
  early: string[]
}

export interface VaccinationDue {
  vaccines: VaccineDue[]
  overdueCount: number
  /**
   * Complete when every applicable vaccine has its series given and nothing is overdue (a booster
   * past its date makes the scheme incomplete again); a scheme with nothing applicable is complete.
   */
  status: 'complete' | 'incomplete'
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian day (the calendar `Date.UTC` counts), in integer
 * arithmetic (H. Hinnant's `days_from_civil`): the due lists work out tens of thousands of dates,
 * and a `Date` made and printed for each was most of their time.
 */
function dayNumber(iso: string): number {
  const year = Number(iso.slice(0, 4))
  const month = Number(iso.slice(5, 7))
  const day = Number(iso.slice(8, 10))
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

const two = (value: number) => (value < 10 ? `0${value}` : String(value))

/** The `YYYY-MM-DD` of a day number (`civil_from_days`, the inverse of `dayNumber`). */
function dayOf(number: number): string {
  const z = number + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`
}

/** The day `days` after a `YYYY-MM-DD` day. */
export function addDays(iso: string, days: number): string {
  return dayOf(dayNumber(iso) + days)
}

/** Days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

/**
 * The day someone born on `birthDate` turns `years` old, consistent with `ageOn`: a 29 February
 * birth turns a year older on 1 March in common years.
 */
export function birthdayAt(birthDate: string, years: number): string {
  const target = Number(birthDate.slice(0, 4)) + years
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0
  // A 29 February in a common year becomes 1 March, which is where ageOn counts the birthday.
  if (birthDate.slice(5, 10) === '02-29' && !leap) return `${String(target).padStart(4, '0')}-03-01`
  return `${String(target).padStart(4, '0')}${birthDate.slice(4, 10)}`
}

/**
 * Whether a dose came sooner than its vaccine's minimum interval after the dose before it (the
 * series' interval, or the booster's for a booster): the card marks it, and the device asks the
 * professional to confirm it before recording it (issue 21). The first dose is never early.
 */
export function givenEarly(
  vaccine: DueVaccine,
  previous: Pick<DueDoseGiven, 'applicationDate'> | null,
  dose: Pick<DueDoseGiven, 'applicationDate' | 'booster'>,
): boolean {
  if (!previous) return false
  const minimum = dose.booster ? (vaccine.boosterIntervalDays ?? 0) : vaccine.intervalDays
  return daysBetween(previous.applicationDate, dose.applicationDate) < minimum
}

function entryApplies(entry: DueSchemeEntry, patient: DuePatient, age: number): boolean {
  if (entry.ageFrom !== null && age < entry.ageFrom) return false
  if (entry.ageTo !== null && age > entry.ageTo) return false
  if (entry.sex !== null && entry.sex !== patient.sex) return false
  if (entry.subgroups.length > 0 && !entry.subgroups.some((s) => patient.subgroups.includes(s))) return false
  if (entry.risks.length > 0 && !entry.risks.some((r) => patient.risks.includes(r))) return false
  return true
}

/** The day the patient met the entry's age condition (the birth date when it has none). */
function eligibleFrom(entry: DueSchemeEntry, patient: DuePatient): string {
  return entry.ageFrom === null ? patient.birthDate : birthdayAt(patient.birthDate, entry.ageFrom)
}

const byDate = (a: DueDoseGiven, b: DueDoseGiven) =>
  a.applicationDate < b.applicationDate ? -1 : a.applicationDate > b.applicationDate ? 1 : 0

function vaccineDue(
  vaccine: DueVaccine,
  entries: DueSchemeEntry[],
  patient: DuePatient,
  given: readonly DueDoseGiven[],
  today: string,
): VaccineDue {
  const seriesDoses = Math.max(1, ...entries.map((e) => e.doses ?? vaccine.doses))
  const eligible = entries.map((e) => eligibleFrom(e, patient)).sort()[0] ?? patient.birthDate
  const doses = given.filter((d) => d.vaccineId === vaccine.id).sort(byDate)
  const series = doses.filter((d) => !d.booster)
  const early: string[] = []
  let previous: DueDoseGiven | null = null
  for (const dose of doses) {
    if (givenEarly(vaccine, previous, dose)) early.push(dose.applicationDate)
    previous = dose
  }
  const seriesGiven = Math.min(series.length, seriesDoses)
  let next: VaccineDue['next'] = null
  if (seriesGiven < seriesDoses) {
    const last = series[series.length - 1]
    next = {
      doseNumber: seriesGiven + 1,
      booster: false,
      dueDate: last ? addDays(last.applicationDate, vaccine.intervalDays) : eligible,
    }
  } else if (vaccine.boosterIntervalDays !== null && previous) {
    next = {
      doseNumber: seriesDoses + doses.filter((d) => d.booster).length + 1,
      booster: true,
      dueDate: addDays(previous.applicationDate, vaccine.boosterIntervalDays),
    }
  }
  const overdue = next !== null && next.dueDate < today
  return { vaccineId: vaccine.id, seriesDoses, seriesGiven, next, overdue, early }
}

/**
 * Each applicable vaccine's next due dose and date, the overdue ones and the scheme status of a
 * patient on `today`. A vaccine applies when any scheme entry for it matches the patient today;
 * a vaccine missing from the catalogue is left out. With no dose given, the first dose is due the
 * day the patient became eligible (the birthday of the entry's lower age, or the birth date).
 */
export function vaccinationDue(
  vaccines: readonly DueVaccine[],
  scheme: readonly DueSchemeEntry[],
  patient: DuePatient,
  given: readonly DueDoseGiven[],
  today: string,
): VaccinationDue {
  const age = ageOn(patient.birthDate, today)
  const result: VaccineDue[] = []
  for (const vaccine of vaccines) {
    const entries = scheme.filter((e) => e.vaccineId === vaccine.id && entryApplies(e, patient, age))
    if (entries.length === 0) continue
    result.push(vaccineDue(vaccine, entries, patient, given, today))
  }
  const overdueCount = result.filter((r) => r.overdue).length
  const complete = result.every((r) => r.seriesGiven >= r.seriesDoses && !r.overdue)
  return { vaccines: result, overdueCount, status: complete ? 'complete' : 'incomplete' }
}

/** What a list of patients shows of a patient's due state (`vaccinationDue`'s, in short). */
export interface VaccinationDueOutline {
  status: 'complete' | 'incomplete'
  overdueCount: number
  /** The applicable vaccines, in the catalogue's order. */
  vaccineIds: string[]
  /** The soonest next dose (the first in the catalogue's order on a tie). */
  nextVaccineId: string | null
  nextDueDate: string | null
}

/**
 * `vaccinationDue` for many patients at once, cut down to what a list shows: the scheme's entries
 * are grouped by vaccine once, and each patient is worked out without the per-vaccine objects,
 * sorted copies and early-dose lists the card needs. Over 20 000 patients at 4× throttle the
 * allocations are most of the time (issue 21's due-list budget). It is the same rule (the same
 * `entryApplies`, `eligibleFrom`, series and booster steps); a test holds the two to the same
 * answers.
 */
export function vaccinationDueOutliner(
  vaccines: readonly DueVaccine[],
  scheme: readonly DueSchemeEntry[],
): (patient: DuePatient, given: readonly DueDoseGiven[], today: string) => VaccinationDueOutline {
  const plan = vaccines
    .map((vaccine) => ({ vaccine, entries: scheme.filter((entry) => entry.vaccineId === vaccine.id) }))
    .filter((step) => step.entries.length > 0)
  return (patient, given, today) => {
    // `ageOn` without its parsing: on zero-padded days, "had the birthday" is MM-DD ≥ MM-DD.
    const age =
      Number(today.slice(0, 4)) -
      Number(patient.birthDate.slice(0, 4)) -
      (today.slice(5, 10) >= patient.birthDate.slice(5, 10) ? 0 : 1)
    const vaccineIds: string[] = []
    let overdueCount = 0
    let complete = true
    let nextVaccineId: string | null = null
    let nextDueDate: string | null = null
    for (const { vaccine, entries } of plan) {
      let applies = false
      let seriesDoses = 1
      for (const entry of entries) {
        if (!entryApplies(entry, patient, age)) continue
        applies = true
        seriesDoses = Math.max(seriesDoses, entry.doses ?? vaccine.doses)
      }
      if (!applies) continue
      // The last series dose and the last dose of any kind, by date (`vaccineDue` sorts by it).
      let series = 0
      let lastSeries: string | null = null
      let lastDose: string | null = null
      for (const dose of given) {
        if (dose.vaccineId !== vaccine.id) continue
        if (!dose.booster) {
          series++
          if (lastSeries === null || dose.applicationDate >= lastSeries) lastSeries = dose.applicationDate
        }
        if (lastDose === null || dose.applicationDate >= lastDose) lastDose = dose.applicationDate
      }
      const seriesGiven = Math.min(series, seriesDoses)
      let dueDate: string | null = null
      if (seriesGiven < seriesDoses)
        dueDate = lastSeries ? addDays(lastSeries, vaccine.intervalDays) : eligibleDay(entries, patient, age)
      else if (vaccine.boosterIntervalDays !== null && lastDose !== null)
        dueDate = addDays(lastDose, vaccine.boosterIntervalDays)
      const overdue = dueDate !== null && dueDate < today
      vaccineIds.push(vaccine.id)
      if (overdue) overdueCount++
      if (seriesGiven < seriesDoses || overdue) complete = false
      if (dueDate !== null && (nextDueDate === null || dueDate < nextDueDate)) {
        nextDueDate = dueDate
        nextVaccineId = vaccine.id
      }
    }
    return {
      status: complete ? 'complete' : 'incomplete',
      overdueCount,
      vaccineIds,
      nextVaccineId,
      nextDueDate,
    }
  }
}

/** The earliest day the patient met an applicable entry's age condition (`vaccineDue`'s `eligible`). */
function eligibleDay(entries: readonly DueSchemeEntry[], patient: DuePatient, age: number): string {
  let eligible: string | null = null
  for (const entry of entries) {
    if (!entryApplies(entry, patient, age)) continue
    const from = eligibleFrom(entry, patient)
    if (eligible === null || from < eligible) eligible = from
  }
  return eligible ?? patient.birthDate
}

/** A due state already worked out, as `vaccinationDueOutliner` answers it. */
export function outlineOfDue(due: VaccinationDue): VaccinationDueOutline {
  let next: VaccineDue | null = null
  for (const vaccine of due.vaccines) {
    if (vaccine.next && (!next?.next || vaccine.next.dueDate < next.next.dueDate)) next = vaccine
  }
  return {
    status: due.status,
    overdueCount: due.overdueCount,
    vaccineIds: due.vaccines.map((vaccine) => vaccine.vaccineId),
    nextVaccineId: next?.vaccineId ?? null,
    nextDueDate: next?.next?.dueDate ?? null,
  }
}
