import { describe, expect, it } from 'vitest'
import type { BloodPressureRange } from '../../contract/schemas/catalogs'
import { chartSeries } from './chart-series'

const PATIENT = '01937a4e-0000-7000-8000-000000000001'
/** An instant at a local time, as the device's readings hold it (ISO). */
const local = (month: number, day: number, hour: number, minute = 0) =>
  new Date(2026, month - 1, day, hour, minute).toISOString()
const base = (n: number, taken_at: string) => ({
  id: `01937a4e-0000-7000-8000-0000000001${n}0`,
  patient_id: PATIENT,
  taken_at,
  note: null,
})

const ranges: BloodPressureRange[] = [
  {
    code: 'normal',
    name: 'Normal',
    systolic_min: null,
    systolic_max: 119,
    diastolic_min: null,
    diastolic_max: 79,
    color: '#2e7d32',
    sort: 1,
  },
  {
    code: 'stage-2',
    name: 'Hipertensión etapa 2',
    systolic_min: 140,
    systolic_max: 180,
    diastolic_min: 90,
    diastolic_max: 120,
    color: '#c62828',
    sort: 4,
  },
]

describe('the series of each self-tracking chart', () => {
  it('plots systolic and diastolic, oldest first, each point coloured by its category', () => {
    const chart = chartSeries(
      'blood-pressure',
      [
        { ...base(1, local(11, 20, 8, 30)), systolic: 150, diastolic: 95, heart_rate: null },
        { ...base(2, local(11, 18, 19, 5)), systolic: 112, diastolic: 72, heart_rate: 70 },
        {
          ...base(3, local(11, 19, 7)),
          systolic: 200,
          diastolic: 100,
          heart_rate: null,
          deleted_at: local(11, 19, 8),
        },
      ],
      ranges,
    )
    expect(chart.labels).toEqual(['18/11 19:05', '20/11 08:30'])
    expect(chart.series.map(({ key, values }) => [key, values])).toEqual([
      ['systolic', [112, 150]],
      ['diastolic', [72, 95]],
    ])
    expect(chart.series[0]?.colors).toEqual(['#2e7d32', '#c62828'])
    expect(chart.series[0]?.details).toEqual(['Normal', 'Hipertensión etapa 2'])
  })

  it('gives no colour to a reading no range holds', () => {
    const chart = chartSeries(
      'blood-pressure',
      [{ ...base(1, local(11, 20, 8)), systolic: 125, diastolic: 82, heart_rate: null }],
      ranges,
    )
    expect(chart.series[0]?.colors).toEqual([null])
  })

  it('plots glucose with its moment for the tooltip', () => {
    const chart = chartSeries('glucose', [
      { ...base(1, local(11, 20, 7)), glucose: 98, moment: 'fasting' },
      { ...base(2, local(11, 20, 15)), glucose: 162.5, moment: null },
    ])
    expect(chart.series).toEqual([
      {
        key: 'glucose',
        type: 'line',
        axis: 'y',
        values: [98, 162.5],
        colors: null,
        details: ['fasting', null],
      },
    ])
  })

  it('plots weight and, on its own axis, the BMI where the height is known', () => {
    const chart = chartSeries('somatometry', [
      {
        ...base(1, local(11, 1, 9)),
        weight_kg: 70,
        height_m: 1.75,
        waist_cm: null,
        hip_cm: null,
        temperature_c: null,
        oximetry: null,
        heart_rate: null,
        respiratory_rate: null,
      },
      {
        ...base(2, local(11, 15, 9)),
        weight_kg: 68.4,
        height_m: null,
        waist_cm: null,
        hip_cm: null,
        temperature_c: null,
        oximetry: null,
        heart_rate: null,
        respiratory_rate: null,
      },
    ])
    expect(chart.series.map(({ key, axis, values }) => [key, axis, values])).toEqual([
      ['weight', 'y', [70, 68.4]],
      ['bmi', 'y1', [22.9, null]],
    ])
  })

  it('sums water and counts meals per day, as bars and a line', () => {
    const meal = (time: string) => ({ time, description: 'Caldo de res' })
    const chart = chartSeries('nutrition', [
      { ...base(1, local(11, 20, 9)), meals: [meal('08:00')], water_ml: 500 },
      { ...base(2, local(11, 20, 21)), meals: [meal('14:00'), meal('20:30')], water_ml: 750 },
      { ...base(3, local(11, 21, 22)), meals: [meal('09:00')], water_ml: null },
    ])
    expect(chart.labels).toEqual(['11/20', '11/21'])
    expect(chart.series.map(({ key, type, axis, values }) => [key, type, axis, values])).toEqual([
      ['water', 'bar', 'y', [1250, null]],
      ['meals', 'line', 'y1', [3, 1]],
    ])
  })

  it('plots each habit’s quantity in its own series, with the frequency for the tooltip', () => {
    const chart = chartSeries('habit', [
      { ...base(1, local(11, 20, 7)), habit: 'exercise', frequency: 'daily', quantity: 30 },
      { ...base(2, local(11, 20, 23)), habit: 'sleep', frequency: 'daily', quantity: 7.5 },
      { ...base(3, local(11, 21, 7)), habit: 'exercise', frequency: 'daily', quantity: null },
    ])
    expect(chart.labels).toEqual(['20/11 07:00', '20/11 23:00', '21/11 07:00'])
    expect(chart.series.map(({ key, values, details }) => [key, values, details])).toEqual([
      ['exercise', [30, null, null], ['daily', null, 'daily']],
      ['sleep', [null, 7.5, null], [null, 'daily', null]],
    ])
  })

  it('has no labels and no points without readings', () => {
    expect(chartSeries('glucose', [])).toEqual({
      labels: [],
      series: [{ key: 'glucose', type: 'line', axis: 'y', values: [], colors: null, details: [] }],
    })
    expect(chartSeries('habit', [])).toEqual({ labels: [], series: [] })
  })
})
