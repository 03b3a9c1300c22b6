import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { fromSi, type UnitChoice } from '../../contract/rules/units'
import type { Habit, ReadingKind } from '../../contract/schemas/readings'
import type { LocalReading } from '../../db/local-db'
import { FREQUENCY_LABELS, HABIT_LABELS, MOMENT_LABELS, QUANTITY_LABELS, UNIT_SYMBOLS } from './texts'

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null)

/** A reading's values in one line, body measures in the units this device chose. */
export function readingSummary(reading: LocalReading, units: UnitChoice, i18n: I18n): string {
  const parts: string[] = []
  const add = (value: number | null, unit: string) => {
    if (value !== null) parts.push(unit ? `${value} ${unit}` : String(value))
  }
  switch (reading.kind as ReadingKind) {
    case 'blood-pressure':
      parts.push(`${reading.systolic}/${reading.diastolic} mmHg`)
      add(num(reading.heart_rate), 'lpm')
      break
    case 'glucose': {
      add(num(reading.glucose), 'mg/dL')
      const moment = reading.moment as keyof typeof MOMENT_LABELS | null | undefined
      if (moment && MOMENT_LABELS[moment]) parts.push(i18n._(MOMENT_LABELS[moment]))
      break
    }
    case 'somatometry': {
      const weight = num(reading.weight_kg)
      const height = num(reading.height_m)
      const temperature = num(reading.temperature_c)
      if (weight !== null) add(fromSi('weight', units.weight, weight), UNIT_SYMBOLS[units.weight])
      if (height !== null) add(fromSi('height', units.height, height), UNIT_SYMBOLS[units.height])
      add(num(reading.waist_cm), i18n._(msg`cm de cintura`))
      add(num(reading.hip_cm), i18n._(msg`cm de cadera`))
      if (temperature !== null) {
        add(fromSi('temperature', units.temperature, temperature), UNIT_SYMBOLS[units.temperature])
      }
      add(num(reading.oximetry), '% SpO₂')
      add(num(reading.heart_rate), 'lpm')
      add(num(reading.respiratory_rate), 'rpm')
      break
    }
    case 'nutrition': {
      const meals = Array.isArray(reading.meals) ? reading.meals.length : 0
      parts.push(i18n._(plural(meals, { one: '# comida', other: '# comidas' })))
      const water = num(reading.water_ml)
      if (water !== null) parts.push(i18n._(msg`${water} ml de agua`))
      break
    }
    case 'habit': {
      const habit = reading.habit as Habit
      if (HABIT_LABELS[habit]) parts.push(i18n._(HABIT_LABELS[habit]))
      const frequency = reading.frequency as keyof typeof FREQUENCY_LABELS
      if (FREQUENCY_LABELS[frequency]) parts.push(i18n._(FREQUENCY_LABELS[frequency]))
      const quantity = num(reading.quantity)
      if (quantity !== null && QUANTITY_LABELS[habit]) {
        parts.push(`${quantity} ${i18n._(QUANTITY_LABELS[habit]).toLowerCase()}`)
      }
      break
    }
  }
  return parts.join(' · ')
}

/** The meals of a nutrition reading, one "HH:MM description" each. */
export function mealLines(reading: LocalReading): string[] {
  if (!Array.isArray(reading.meals)) return []
  return (reading.meals as Array<{ time: string; description: string }>).map(
    (meal) => `${meal.time} ${meal.description}`,
  )
}

/** The device-local day of a reading (YYYY-MM-DD), to group a log by date. */
export function localDay(iso: string): string {
  const date = new Date(iso)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}

/** Readings grouped by their local day, the newest day and reading first. */
export function byDayNewestFirst<R extends { taken_at: string }>(
  readings: readonly R[],
): Array<[string, R[]]> {
  const sorted = [...readings].sort((a, b) => Date.parse(b.taken_at) - Date.parse(a.taken_at))
  const days = new Map<string, R[]>()
  for (const reading of sorted) {
    const day = localDay(reading.taken_at)
    const list = days.get(day) ?? []
    list.push(reading)
    days.set(day, list)
  }
  return [...days]
}
