import type {
  EvolutionChartData,
  EvolutionMeasure,
  EvolutionPoint,
} from '../../contract/schemas/patient-evolution'

/**
 * The four charts of a patient's evolution (issue 24): which measures each draws and on which
 * axis — the left one for the measures of one scale, the right one for a measure of another
 * (temperature beside heart and breathing rates, BMI beside kilograms and centimetres).
 */
export const EVOLUTION_CHARTS = [
  {
    key: 'vital-signs',
    measures: [
      { measure: 'heart_rate', axis: 'y' },
      { measure: 'respiratory_rate', axis: 'y' },
      { measure: 'oximetry', axis: 'y' },
      { measure: 'temperature_c', axis: 'y1' },
    ],
  },
  {
    key: 'blood-pressure',
    measures: [
      { measure: 'systolic', axis: 'y' },
      { measure: 'diastolic', axis: 'y' },
    ],
  },
  { key: 'glucose', measures: [{ measure: 'glucose', axis: 'y' }] },
  {
    key: 'somatometry',
    measures: [
      { measure: 'weight_kg', axis: 'y' },
      { measure: 'waist_cm', axis: 'y' },
      { measure: 'hip_cm', axis: 'y' },
      { measure: 'bmi', axis: 'y1' },
    ],
  },
] as const satisfies readonly EvolutionChartGroup[]

export interface EvolutionChartGroup {
  key: string
  measures: readonly { measure: EvolutionMeasure; axis: 'y' | 'y1' }[]
}
export type EvolutionChartKey = (typeof EVOLUTION_CHARTS)[number]['key']

/** The group's measures that have a value in the period, each with its points. */
export function plottedSeries(
  group: EvolutionChartGroup,
  data: EvolutionChartData,
): { measure: EvolutionMeasure; axis: 'y' | 'y1'; points: EvolutionPoint[] }[] {
  return group.measures
    .map(({ measure, axis }) => ({ measure, axis, points: data.series[measure] }))
    .filter(({ points }) => points.length > 0)
}

/**
 * The chart's values as rows of a table (what a screen reader reads instead of the canvas): one
 * row per instant any of its measures has a value at, oldest first, one column per measure with
 * its value at that instant or null. Two records of one instant (a consultation and a reading
 * taken with it) share their row, each measure keeping the first value it has there.
 */
export function valuesByInstant(
  series: readonly { measure: EvolutionMeasure; points: readonly EvolutionPoint[] }[],
): { instants: string[]; columns: { measure: EvolutionMeasure; values: (number | null)[] }[] } {
  const instants = [...new Set(series.flatMap(({ points }) => points.map((point) => point.at)))].sort()
  const row = new Map(instants.map((at, index) => [at, index]))
  const columns = series.map(({ measure, points }) => {
    const values: (number | null)[] = instants.map(() => null)
    for (const point of points) {
      const index = row.get(point.at) as number
      if (values[index] === null) values[index] = point.value
    }
    return { measure, values }
  })
  return { instants, columns }
}
