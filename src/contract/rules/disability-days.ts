/**
 * The days a disability (incapacidad) covers and the days lost to disabilities (issue 23). One
 * rule for the device (the form's assigned days, the dashboard) and the server (the 422 check,
 * the data graph and the spreadsheet), so both always count alike. Days are ISO dates
 * (YYYY-MM-DD) of the calendar, not instants: a disability from the 3rd to the 5th is three days
 * wherever the device is.
 */

import { codeUnitOrder } from './code-unit-order'

const DAY_MS = 86_400_000

/** Days since 1970-01-01 of an ISO date (UTC, so no daylight-saving hour shifts a day). */
function dayNumber(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS)
}

function isoOfDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The days a disability from `start` to `end` assigns, both days included (a one-day disability
 * starts and ends the same day); null when the end comes before the start.
 */
export function assignedDays(start: string, end: string): number | null {
  const days = dayNumber(end) - dayNumber(start) + 1
  return days >= 1 ? days : null
}

/** A problem of a disability's dates and assigned days, on the field a form marks. */
export interface DisabilityDaysProblem {
  field: 'end_date' | 'assigned_days'
  /** A message key of server/platform/messages.ts (and the device's texts). */
  message: 'disability.endBeforeStart' | 'disability.assignedDaysMismatch'
}

/**
 * SPEC §3 keeps both the dates and the assigned days; they must agree: an end before the start is
 * refused on `end_date`, assigned days other than the dates give on `assigned_days`.
 */
export function disabilityDaysProblem(fields: {
  start_date: string
  end_date: string
  assigned_days: number
}): DisabilityDaysProblem | null {
  const days = assignedDays(fields.start_date, fields.end_date)
  if (days === null) return { field: 'end_date', message: 'disability.endBeforeStart' }
  if (days !== fields.assigned_days)
    return { field: 'assigned_days', message: 'disability.assignedDaysMismatch' }
  return null
}

/** What the lost-days rule reads of a disability (deleted ones are left out by the caller). */
export interface DisabilitySpan {
  id: string
  patient_id: string
  /** The modality (`incapacityType` catalogue entry). */
  type_id: string
  start_date: string
  end_date: string
}

/** A period of days, both ends included. */
export interface DayPeriod {
  from: string
  to: string
}

/** Days lost by one patient in one month under one disability type. */
export interface LostDaysSlice {
  patient_id: string
  type_id: string
  /** YYYY-MM. */
  month: string
  days: number
}

/**
 * The days lost, as slices by patient, type and month. A day a patient was covered by two
 * overlapping disabilities is lost once, and counted under the disability that started first
 * (then the lower id), so the slices of a patient add up to the days the patient was away. A
 * disability crossing months is split by month; only the days within `period` count. A
 * disability whose end is before its start counts nothing.
 */
export function lostDaySlices(disabilities: readonly DisabilitySpan[], period?: DayPeriod): LostDaysSlice[] {
  const from = period ? dayNumber(period.from) : Number.NEGATIVE_INFINITY
  const to = period ? dayNumber(period.to) : Number.POSITIVE_INFINITY
  const ordered = [...disabilities].sort(
    (a, b) =>
      codeUnitOrder(a.patient_id, b.patient_id) ||
      codeUnitOrder(a.start_date, b.start_date) ||
      codeUnitOrder(a.id, b.id),
  )
  const slices = new Map<string, LostDaysSlice>()
  let patient: string | null = null
  let coveredUntil = Number.NEGATIVE_INFINITY
  for (const disability of ordered) {
    if (disability.patient_id !== patient) {
      patient = disability.patient_id
      coveredUntil = Number.NEGATIVE_INFINITY
    }
    const start = Math.max(dayNumber(disability.start_date), coveredUntil + 1, from)
    const end = Math.min(dayNumber(disability.end_date), to)
    coveredUntil = Math.max(coveredUntil, dayNumber(disability.end_date))
    for (let day = start; day <= end; ) {
      const month = isoOfDayNumber(day).slice(0, 7)
      const [year, monthNumber] = month.split('-').map(Number) as [number, number]
      const monthEnd = Math.round(Date.UTC(year, monthNumber, 0) / DAY_MS)
      const last = Math.min(end, monthEnd)
      const key = `${disability.patient_id}|${disability.type_id}|${month}`
      const slice = slices.get(key) ?? {
        patient_id: disability.patient_id,
        type_id: disability.type_id,
        month,
        days: 0,
      }
      slice.days += last - day + 1
      slices.set(key, slice)
      day = last + 1
    }
  }
  return [...slices.values()].sort(
    (a, b) =>
      codeUnitOrder(a.month, b.month) ||
      codeUnitOrder(a.type_id, b.type_id) ||
      codeUnitOrder(a.patient_id, b.patient_id),
  )
}

/** Days lost in all, per patient: overlaps once, within `period` when given. */
export function lostDaysByPatient(
  disabilities: readonly DisabilitySpan[],
  period?: DayPeriod,
): Map<string, number> {
  const totals = new Map<string, number>()
  for (const slice of lostDaySlices(disabilities, period)) {
    totals.set(slice.patient_id, (totals.get(slice.patient_id) ?? 0) + slice.days)
  }
  return totals
}

/** One bar of the data graph: the days lost under a type in a month, all patients together. */
export interface LostDaysByTypeAndMonth {
  type_id: string
  month: string
  days: number
}

/** The data graph's figures: days lost by type and month (each patient's overlaps counted once). */
export function lostDaysByTypeAndMonth(
  disabilities: readonly DisabilitySpan[],
  period?: DayPeriod,
): LostDaysByTypeAndMonth[] {
  const totals = new Map<string, LostDaysByTypeAndMonth>()
  for (const slice of lostDaySlices(disabilities, period)) {
    const key = `${slice.type_id}|${slice.month}`
    const total = totals.get(key) ?? { type_id: slice.type_id, month: slice.month, days: 0 }
    total.days += slice.days
    totals.set(key, total)
  }
  return [...totals.values()]
}
