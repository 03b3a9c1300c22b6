import { describe, expect, it } from 'vitest'
import type { EvolutionChartData, EvolutionPoint } from '../../contract/schemas/patient-evolution'
import { EVOLUTION_CHARTS, plottedSeries, valuesByInstant } from './evolution-charts'

const point = (at: string, value: number, source: EvolutionPoint['source'] = 'reading'): EvolutionPoint => ({
  at,
  value,
  source,
  record_id: `${source}-${at}`,
})

const empty = (): EvolutionChartData['series'] =>
  Object.fromEntries(
    EVOLUTION_CHARTS.flatMap((chart) => chart.measures.map(({ measure }) => [measure, []])),
  ) as unknown as EvolutionChartData['series']

describe('the evolution charts', () => {
  it('draw every measure once, and the right axis only for another scale', () => {
    const measures = EVOLUTION_CHARTS.flatMap((chart) => chart.measures.map(({ measure }) => measure))
    expect(new Set(measures).size).toBe(measures.length)
    const right = EVOLUTION_CHARTS.flatMap((chart) =>
      chart.measures.filter(({ axis }) => axis === 'y1').map(({ measure }) => measure),
    )
    expect(right).toEqual(['temperature_c', 'bmi'])
  })

  it('keep only the measures with a value in the period', () => {
    const series = empty()
    series.systolic = [point('2026-11-10T16:00:00.000Z', 146)]
    const data = { from: '2026-11-01', to: '2026-11-30', time_zone: 'UTC', series, consultations: [] }
    const pressure = EVOLUTION_CHARTS.find((chart) => chart.key === 'blood-pressure')
    const glucose = EVOLUTION_CHARTS.find((chart) => chart.key === 'glucose')
    if (!pressure || !glucose) throw new Error('the charts changed')
    expect(plottedSeries(pressure, data).map(({ measure }) => measure)).toEqual(['systolic'])
    expect(plottedSeries(glucose, data)).toEqual([])
  })
})

describe('the values of a chart as a table', () => {
  it('gives one row per instant, oldest first, with a gap where a measure has no value', () => {
    const table = valuesByInstant([
      {
        measure: 'systolic',
        points: [point('2026-11-10T16:00:00.000Z', 146), point('2026-11-12T08:00:00.000Z', 128)],
      },
      { measure: 'diastolic', points: [point('2026-11-12T08:00:00.000Z', 82)] },
    ])
    expect(table).toEqual({
      instants: ['2026-11-10T16:00:00.000Z', '2026-11-12T08:00:00.000Z'],
      columns: [
        { measure: 'systolic', values: [146, 128] },
        { measure: 'diastolic', values: [null, 82] },
      ],
    })
  })

  it('shares the row of two records of one instant, each measure keeping its first value', () => {
    const at = '2026-11-10T16:00:00.000Z'
    const table = valuesByInstant([
      { measure: 'systolic', points: [point(at, 146, 'consultation'), point(at, 150, 'reading')] },
    ])
    expect(table).toEqual({ instants: [at], columns: [{ measure: 'systolic', values: [146] }] })
  })

  it('is empty with nothing to show', () => {
    expect(valuesByInstant([])).toEqual({ instants: [], columns: [] })
  })
})
