import { describe, expect, it } from 'vitest'
import { ageBandOf, patientCharts } from './patients'
import { patientsByAge } from './patients-test-data'

describe('the patient charts', () => {
  it('puts an age in its band, each band from its lower age', () => {
    expect([0, 19, 20, 29, 30, 59, 60, 99].map(ageBandOf)).toEqual([
      'under_20',
      'under_20',
      '20_29',
      '20_29',
      '30_39',
      '50_59',
      '60_plus',
      '60_plus',
    ])
  })

  it('counts the patients in scope by sex and by age today, a birthday counting from its day', () => {
    const patients = [
      { id: 'a', birth_date: '2006-11-26', biological_sex: 'female' },
      { id: 'b', birth_date: '2006-11-27', biological_sex: 'male' },
      { id: 'c', birth_date: '1966-02-28', biological_sex: null },
      { id: 'd', birth_date: '', biological_sex: 'intersex' },
      { id: 'e', birth_date: '1990-01-01', biological_sex: 'female' },
    ]
    const charts = patientCharts(patients, new Set(['a', 'b', 'c', 'd']), '2026-11-26')
    expect(charts.total).toBe(4)
    expect(charts.by_sex).toEqual({ female: 1, male: 1, intersex: 1, unrecorded: 1 })
    expect(charts.by_age).toEqual(patientsByAge({ under_20: 1, '20_29': 1, '60_plus': 1, unrecorded: 1 }))
  })
})
