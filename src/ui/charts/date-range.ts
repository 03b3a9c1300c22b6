import { parseInstant } from '../../documents/zoned-time'
import { EVOLUTION_RANGE_PRESETS, RANGE_PRESETS, type RangePreset } from './range-presets'

export { EVOLUTION_RANGE_PRESETS, RANGE_PRESETS, type RangePreset }

export interface DayRange {
  from: string
  to: string
}

const two = (n: number) => String(n).padStart(2, '0')

/** A local date as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}

/** `months` calendar months before a day, on the last day of a shorter month (31 May → 28 Feb). */
function monthsBefore(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() - months, 1)
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate()
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), lastDay))
}

/**
 * The first and last day of a preset as of `now`: '7d' is today and the 6 days before, '30d'
 * today and the 29 before, '3m', '6m' and '1y' from the same day three, six or twelve months
 * back. 'custom' takes the days
 * given, in order whichever way they were picked, and falls back to the last 30 days without them.
 */
export function rangeBounds(preset: RangePreset, now: Date, custom?: Partial<DayRange>): DayRange {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const daysBack = (days: number) =>
    dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days))
  switch (preset) {
    case '7d':
      return { from: daysBack(6), to: dayOf(today) }
    case '30d':
      return { from: daysBack(29), to: dayOf(today) }
    case '3m':
      return { from: dayOf(monthsBefore(today, 3)), to: dayOf(today) }
    case '6m':
      return { from: dayOf(monthsBefore(today, 6)), to: dayOf(today) }
    case '1y':
      return { from: dayOf(monthsBefore(today, 12)), to: dayOf(today) }
    case 'custom': {
      if (!custom?.from || !custom.to) return rangeBounds('30d', now)
      return custom.from <= custom.to
        ? { from: custom.from, to: custom.to }
        : { from: custom.to, to: custom.from }
    }
  }
}

/** Whether an instant (ISO, or PostgreSQL's text form) falls on a device day within the range. */
export function inDayRange(instant: string, range: DayRange): boolean {
  const at = parseInstant(instant)
  if (Number.isNaN(at.getTime())) return false
  const day = dayOf(at)
  return day >= range.from && day <= range.to
}
