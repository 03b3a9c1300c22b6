import { EXAM_DUE_STATES, type ExamDueState } from './exam-due-states'

export { EXAM_DUE_STATES, type ExamDueState }

/**
 * The periodic exam due state of a patient (SPEC §2 dashboard buckets, §3 exam frequency and hire
 * date, §9 due-soon window; issue 22; docs/decisions/0027-occupational-exams.md). One rule, run by
 * the device over every cached patient (lists, dashboard) and by the server (spreadsheet), so both
 * always put a patient in the same bucket.
 *
 * - The next exam is due `frequency` months after the latest periodic exam's day, always with the
 *   patient's frequency of today: a change of frequency moves the due day of the exam already done.
 * - `applied`: the next exam is due more than 10 days after today.
 * - `due_soon`: the due day is today or within the next 10 days, both ends inclusive (due in 0…10
 *   days). The due day itself is still "soon", not expired: the exam may be done that day.
 * - `expired`: the due day is before today (one day late is expired).
 * - `never_examined`: no periodic exam yet. A never-examined patient with a hire date owes the
 *   first exam `frequency` months after hiring (the admission exam covers the hire): past that day
 *   the patient is `expired`, within 10 days of it `due_soon`, and before that `never_examined`.
 *   Without a hire date nothing says when the first exam was owed, so the patient stays
 *   `never_examined` (never counted as expired on a guess).
 *
 * Days are calendar days `YYYY-MM-DD`, counted in UTC so daylight-saving time never moves a day.
 * The rule is plain arithmetic on numbers (no Date object per patient, no allocation beyond the
 * answer) because the device runs it over 20 000 patients within the 500 ms budget at 4× throttle.
 */

/** SPEC §9: the next exam counts as due soon this many days ahead (inclusive). */
export const DUE_SOON_DAYS = 10

/**
 * Months between exams when the patient has no frequency or one this rule cannot read: a year,
 * the usual periodicity of an occupational exam in Mexico (NOM-030-STPS), so nobody drops out of
 * the buckets for a missing field.
 */
export const DEFAULT_EXAM_FREQUENCY_MONTHS = 12

export interface ExamDueInput {
  /** The latest periodic exam's day (deleted exams left out), or null when none. */
  lastExamOn: string | null
  /** The patient's `exam_frequency` code (`examination-frequencies` list: `6-months`, `1-year`…). */
  frequency: string | null
  hireDate: string | null
}

export interface ExamDue {
  state: ExamDueState
  /** The day the next exam is due; null for a never-examined patient without a hire date. */
  dueOn: string | null
  /** Days from today to `dueOn` (negative when late); null when `dueOn` is. */
  daysLeft: number | null
}

const FREQUENCY = /^(\d{1,3})-(month|months|year|years)$/

/**
 * Months between exams for an `examination-frequencies` code: the codes say it themselves
 * (`6-months`, `1-year`, `2-years`), so a tenant list that gains `3-months` needs no code change.
 * Unknown or missing codes give the default year.
 */
export function frequencyMonths(code: string | null | undefined): number {
  if (!code) return DEFAULT_EXAM_FREQUENCY_MONTHS
  const match = FREQUENCY.exec(code)
  if (!match) return DEFAULT_EXAM_FREQUENCY_MONTHS
  const count = Number(match[1])
  if (count === 0) return DEFAULT_EXAM_FREQUENCY_MONTHS
  return match[2]?.startsWith('year') ? count * 12 : count
}

const DAY_MS = 86_400_000
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))

function parts(iso: string): [number, number, number] {
  // Fixed slices, not split/map: this runs once or twice per patient in a 20 000 row list.
  const year = Number(iso.slice(0, 4))
  const month = Number(iso.slice(5, 7))
  const day = Number(iso.slice(8, 10))
  return [year, month, day]
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The days of a month (1–12) of the Gregorian calendar: no Date made for it per patient. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1] ?? 31
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(iso: string): number {
  const [year, month, day] = parts(iso)
  return Date.UTC(year, month - 1, day) / DAY_MS
}

/**
 * The day `months` calendar months after a day; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), so a due date never slips into the next month.
 */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = parts(iso)
  const index = year * 12 + (month - 1) + months
  const targetYear = Math.floor(index / 12)
  const targetMonth = (index % 12) + 1
  const lastDay = daysInMonth(targetYear, targetMonth)
  return `${String(targetYear).padStart(4, '0')}-${pad2(targetMonth)}-${pad2(Math.min(day, lastDay))}`
}

/** When the next periodic exam is due after one done on `examinedOn`, at a frequency code. */
export const nextExamDue = (examinedOn: string, frequency: string | null | undefined) =>
  addMonths(examinedOn, frequencyMonths(frequency))

function stateOf(daysLeft: number, examined: boolean): ExamDueState {
  if (daysLeft < 0) return 'expired'
  if (daysLeft <= DUE_SOON_DAYS) return 'due_soon'
  return examined ? 'applied' : 'never_examined'
}

/**
 * The day number (`dayNumber`) the next exam is due, or null for a never-examined patient without
 * a hire date: it does not depend on today, so a list over many patients may work it out once,
 * when the patient or their exams change, and compare it with today on reading (`examStateOn`).
 */
export function examDueDay(input: ExamDueInput): number | null {
  const from = input.lastExamOn ?? input.hireDate
  return from === null ? null : dayNumber(nextExamDue(from, input.frequency))
}

/** The state on the day numbered `todayNumber` of an exam due on `dueDay` (`examDueDay`). */
export function examStateOn(dueDay: number | null, examined: boolean, todayNumber: number): ExamDueState {
  return dueDay === null ? 'never_examined' : stateOf(dueDay - todayNumber, examined)
}

/**
 * The due state of one patient on `today` (`YYYY-MM-DD`). Pass `todayNumber` (`dayNumber(today)`)
 * when running over many patients, to count today once.
 */
export function examDue(input: ExamDueInput, today: string, todayNumber = dayNumber(today)): ExamDue {
  const from = input.lastExamOn ?? input.hireDate
  if (from === null) return { state: 'never_examined', dueOn: null, daysLeft: null }
  const dueOn = nextExamDue(from, input.frequency)
  const daysLeft = dayNumber(dueOn) - todayNumber
  return { state: stateOf(daysLeft, input.lastExamOn !== null), dueOn, daysLeft }
}

/** How many patients fall in each state: the dashboard's buckets. */
export function countExamDueStates(dues: Iterable<ExamDue>): Record<ExamDueState, number> {
  const counts: Record<ExamDueState, number> = { applied: 0, due_soon: 0, expired: 0, never_examined: 0 }
  for (const due of dues) counts[due.state] += 1
  return counts
}
