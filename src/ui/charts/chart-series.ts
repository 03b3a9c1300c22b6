import { classifyBloodPressure } from '../../contract/rules/blood-pressure-class'
import { bodyMassIndex } from '../../contract/rules/vital-ranges'
import type { BloodPressureRange } from '../../contract/schemas/catalogs'
import { HABITS, type Habit, type ReadingKind } from '../../contract/schemas/readings'
import type { ReadingOf } from '../../documents/self-tracking-columns'
import { parseInstant } from '../../documents/zoned-time'
import { formatMonthDay } from '../format-date'
import { dayOf } from './date-range'

/**
 * What each self-tracking chart plots (issue 7), apart from how it is drawn and named: one label
 * per entry (per day for nutrition) on the x axis, and one series per measure. Pure, so the
 * component stays a thin drawing of it and this is tested alone. Texts are left to the screen:
 * a series says what it measures by its key.
 */
export type SeriesKey = 'systolic' | 'diastolic' | 'glucose' | 'weight' | 'bmi' | 'water' | 'meals' | Habit

export interface Series {
  key: SeriesKey
  type: 'line' | 'bar'
  /** 'y' on the left; 'y1' on the right for a measure of another scale (BMI, meals). */
  axis: 'y' | 'y1'
  /** One value per label; null where the entry has none (a gap in the line). */
  values: (number | null)[]
  /** The colour of each point (a blood pressure's category), or null for the series' colour. */
  colors: (string | null)[] | null
  /** What the tooltip adds for each point: a category's name, a glucose moment or habit frequency code. */
  details: (string | null)[] | null
}

export interface ChartSeries {
  labels: string[]
  series: Series[]
}

export type ChartRows = { [K in ReadingKind]: readonly ReadingOf<K>[] }

const two = (n: number) => String(n).padStart(2, '0')
const entryLabel = (at: Date) =>
  `${two(at.getDate())}/${two(at.getMonth() + 1)} ${two(at.getHours())}:${two(at.getMinutes())}`
const dayLabel = (day: string) => formatMonthDay(day)

/** The entries to plot: not deleted, oldest first. */
function chronological<Row extends { taken_at: string; deleted_at?: string | null }>(rows: readonly Row[]) {
  return rows
    .filter((row) => !row.deleted_at)
    .map((row) => ({ row, at: parseInstant(row.taken_at) }))
    .filter(({ at }) => !Number.isNaN(at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime())
}

const series = (key: SeriesKey, values: (number | null)[], extra: Partial<Series> = {}): Series => ({
  key,
  type: 'line',
  axis: 'y',
  values,
  colors: null,
  details: null,
  ...extra,
})

const builders: {
  [K in ReadingKind]: (rows: ChartRows[K], ranges: readonly BloodPressureRange[]) => ChartSeries
} = {
  'blood-pressure': (rows, ranges) => {
    const entries = chronological(rows)
    const categories = entries.map(({ row }) => classifyBloodPressure(row.systolic, row.diastolic, ranges))
    const colors = categories.map((category) => category?.color ?? null)
    const details = categories.map((category) => category?.name ?? null)
    return {
      labels: entries.map(({ at }) => entryLabel(at)),
      series: [
        series(
          'systolic',
          entries.map(({ row }) => row.systolic),
          { colors, details },
        ),
        series(
          'diastolic',
          entries.map(({ row }) => row.diastolic),
          { colors, details },
        ),
      ],
    }
  },
  glucose: (rows) => {
    const entries = chronological(rows)
    return {
      labels: entries.map(({ at }) => entryLabel(at)),
      series: [
        series(
          'glucose',
          entries.map(({ row }) => row.glucose),
          {
            details: entries.map(({ row }) => row.moment ?? null),
          },
        ),
      ],
    }
  },
  somatometry: (rows) => {
    const entries = chronological(rows)
    return {
      labels: entries.map(({ at }) => entryLabel(at)),
      series: [
        series(
          'weight',
          entries.map(({ row }) => row.weight_kg),
        ),
        series(
          'bmi',
          entries.map(({ row }) => bodyMassIndex(row.weight_kg, row.height_m)),
          { axis: 'y1' },
        ),
      ],
    }
  },
  nutrition: (rows) => {
    // A day's water and meals, whether the patient logged the day once or in several entries.
    const days = new Map<string, { water: number | null; meals: number }>()
    for (const { row, at } of chronological(rows)) {
      const day = days.get(dayOf(at)) ?? { water: null, meals: 0 }
      if (row.water_ml != null) day.water = (day.water ?? 0) + row.water_ml
      day.meals += row.meals.length
      days.set(dayOf(at), day)
    }
    return {
      labels: [...days.keys()].map(dayLabel),
      series: [
        series(
          'water',
          [...days.values()].map((day) => day.water),
          { type: 'bar' },
        ),
        series(
          'meals',
          [...days.values()].map((day) => day.meals),
          { axis: 'y1' },
        ),
      ],
    }
  },
  habit: (rows) => {
    const entries = chronological(rows)
    const present = HABITS.filter((habit) => entries.some(({ row }) => row.habit === habit))
    return {
      labels: entries.map(({ at }) => entryLabel(at)),
      series: present.map((habit) =>
        series(
          habit,
          entries.map(({ row }) => (row.habit === habit ? (row.quantity ?? null) : null)),
          { details: entries.map(({ row }) => (row.habit === habit ? row.frequency : null)) },
        ),
      ),
    }
  },
}

/** The labels and series of a kind's chart from its readings (blood pressure needs the ranges). */
export function chartSeries<K extends ReadingKind>(
  kind: K,
  rows: ChartRows[K],
  bloodPressureRanges: readonly BloodPressureRange[] = [],
): ChartSeries {
  // The builder of K takes the rows of K; the lookup by a generic key loses that pairing.
  const build = builders[kind] as (rows: ChartRows[K], ranges: readonly BloodPressureRange[]) => ChartSeries
  return build(rows, bloodPressureRanges)
}
