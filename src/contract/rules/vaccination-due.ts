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

const DAY_MS = 86_400_000

function dayNumber(iso: string): number {
  const [year = 0, month = 1, day = 1] = iso.slice(0, 10).split('-').map(Number)
  return Date.UTC(year, month - 1, day) / DAY_MS
}

/** The day `days` after a `YYYY-MM-DD` day. */
export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10)
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
  const [year = 0, month = 1, day = 1] = birthDate.slice(0, 10).split('-').map(Number)
  const target = year + years
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0
  // A 29 February in a common year becomes 1 March, which is where ageOn counts the birthday.
  if (month === 2 && day === 29 && !leap) return `${String(target).padStart(4, '0')}-03-01`
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
