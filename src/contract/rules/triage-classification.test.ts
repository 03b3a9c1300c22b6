import { describe, expect, it } from 'vitest'
import {
  consciousnessPoints,
  heartRatePoints,
  news2Risk,
  oximetryPoints,
  oxygenPoints,
  RISK_AGE,
  raisedClassification,
  respiratoryRatePoints,
  riskFactorsOf,
  systolicPoints,
  type TriageInput,
  temperaturePoints,
  triageClassification,
} from './triage-classification'

/** A well adult breathing room air: every parameter scores 0, no risk factor. */
const well: TriageInput = {
  respiratory_rate: 16,
  oximetry: 98,
  supplemental_oxygen: 'room-air',
  temperature_c: 36.8,
  systolic: 120,
  heart_rate: 72,
  consciousness: 'alert',
  age: 35,
  chronic_degenerative_diseases: [],
  immunocompromises: [],
  pregnancy: false,
}

const scored = <T>(score: (value: T) => number, values: T[]) => values.map(score)

describe('NEWS2 points of each parameter, at every band edge (RCP 2017, SpO2 scale 1)', () => {
  it('respiration rate: ≤8 → 3, 9–11 → 1, 12–20 → 0, 21–24 → 2, ≥25 → 3', () => {
    expect(scored(respiratoryRatePoints, [0, 8, 9, 11, 12, 20, 21, 24, 25, 30])).toEqual([
      3, 3, 1, 1, 0, 0, 2, 2, 3, 3,
    ])
  })

  it('SpO2 scale 1: ≤91 → 3, 92–93 → 2, 94–95 → 1, ≥96 → 0', () => {
    expect(scored(oximetryPoints, [49, 91, 92, 93, 94, 95, 96, 100])).toEqual([3, 3, 2, 2, 1, 1, 0, 0])
  })

  it('air → 0, any supplemental oxygen → 2', () => {
    expect(
      scored(oxygenPoints, ['room-air', 'nasal-cannula', 'reservoir-mask', 'mechanical-ventilation']),
    ).toEqual([0, 2, 2, 2])
  })

  it('temperature: ≤35.0 → 3, 35.1–36.0 → 1, 36.1–38.0 → 0, 38.1–39.0 → 1, ≥39.1 → 2', () => {
    expect(scored(temperaturePoints, [35, 35.1, 36, 36.1, 38, 38.1, 39, 39.1, 42])).toEqual([
      3, 1, 1, 0, 0, 1, 1, 2, 2,
    ])
  })

  it('systolic pressure: ≤90 → 3, 91–100 → 2, 101–110 → 1, 111–219 → 0, ≥220 → 3', () => {
    expect(scored(systolicPoints, [60, 90, 91, 100, 101, 110, 111, 219, 220, 250])).toEqual([
      3, 3, 2, 2, 1, 1, 0, 0, 3, 3,
    ])
  })

  it('pulse: ≤40 → 3, 41–50 → 1, 51–90 → 0, 91–110 → 1, 111–130 → 2, ≥131 → 3', () => {
    expect(scored(heartRatePoints, [40, 41, 50, 51, 90, 91, 110, 111, 130, 131, 160])).toEqual([
      3, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3,
    ])
  })

  it('consciousness: alert → 0; new confusion, voice, pain, unresponsive → 3', () => {
    expect(scored(consciousnessPoints, ['alert', 'new-confusion', 'voice', 'pain', 'unresponsive'])).toEqual([
      0, 3, 3, 3, 3,
    ])
  })
})

describe('the clinical risk of the aggregate score', () => {
  it('low 0–4, medium 5–6, high ≥7', () => {
    expect([0, 4, 5, 6, 7, 20].map((total) => news2Risk(total, false))).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ])
  })

  it('a single parameter at 3 makes a low score low-medium, and does not lower a higher one', () => {
    expect([3, 4, 5, 7].map((total) => news2Risk(total, true))).toEqual([
      'low-medium',
      'low-medium',
      'medium',
      'high',
    ])
  })

  it('a well patient scores 0: low, nothing missing', () => {
    const result = triageClassification(well)
    expect([result.total, result.risk, result.classification, result.missing]).toEqual([0, 'low', 'low', []])
  })

  it('a total of 4 from 1s and 2s stays low; one more point makes it medium', () => {
    // SpO2 94 → 1, pulse 95 → 1, temperature 38.5 → 1, respiration 10 → 1.
    const four = { ...well, oximetry: 94, heart_rate: 95, temperature_c: 38.5, respiratory_rate: 10 }
    expect([triageClassification(four).total, triageClassification(four).risk]).toEqual([4, 'low'])
    const five = { ...four, systolic: 105 }
    expect([triageClassification(five).total, triageClassification(five).risk]).toEqual([5, 'medium'])
  })

  it('one parameter at 3 alone (SpO2 91) is low-medium; at 92 (2 points) it is low', () => {
    expect(triageClassification({ ...well, oximetry: 91 }).risk).toBe('low-medium')
    expect(triageClassification({ ...well, oximetry: 92 }).risk).toBe('low')
  })

  it('6 is medium and 7 is high', () => {
    // Oxygen 2 + SpO2 93 → 2 + respiration 22 → 2 = 6; pulse 95 adds 1.
    const six = { ...well, supplemental_oxygen: 'nasal-cannula' as const, oximetry: 93, respiratory_rate: 22 }
    expect([triageClassification(six).total, triageClassification(six).risk]).toEqual([6, 'medium'])
    const seven = { ...six, heart_rate: 95 }
    expect([triageClassification(seven).total, triageClassification(seven).risk]).toEqual([7, 'high'])
  })

  it('a parameter not taken scores 0 and is listed as missing', () => {
    const result = triageClassification({ ...well, systolic: null, consciousness: null, oximetry: 91 })
    expect(result.missing).toEqual(['systolic', 'consciousness'])
    expect([result.points.systolic, result.points.consciousness, result.total]).toEqual([0, 0, 3])
  })
})

describe('the risk factors raise the proposal one step', () => {
  it('age counts from 60 completed years', () => {
    expect(riskFactorsOf({ ...well, age: RISK_AGE - 1 })).toEqual([])
    expect(riskFactorsOf({ ...well, age: RISK_AGE })).toEqual(['age'])
    expect(riskFactorsOf({ ...well, age: null })).toEqual([])
  })

  it('any chronic-degenerative disease, any immunocompromise, a pregnancy', () => {
    expect(
      riskFactorsOf({
        ...well,
        chronic_degenerative_diseases: ['diabetes'],
        immunocompromises: ['hiv'],
        pregnancy: true,
      }),
    ).toEqual(['chronic-degenerative-disease', 'immunocompromise', 'pregnancy'])
    expect(riskFactorsOf({ ...well, pregnancy: null })).toEqual([])
  })

  it('each step goes one up; high stays high', () => {
    expect(['low', 'low-medium', 'medium', 'high'].map((c) => raisedClassification(c as never))).toEqual([
      'low-medium',
      'medium',
      'high',
      'high',
    ])
  })

  it('several factors raise only one step', () => {
    const result = triageClassification({ ...well, age: 70, pregnancy: true, immunocompromises: ['hiv'] })
    expect([result.risk, result.classification]).toEqual(['low', 'low-medium'])
  })

  it('a risk factor raises low-medium to medium, medium to high, and keeps high', () => {
    const lowMedium = triageClassification({ ...well, oximetry: 91, age: 60 })
    expect([lowMedium.risk, lowMedium.classification]).toEqual(['low-medium', 'medium'])
    // Systolic 95 → 2, pulse 115 → 2, temperature 38.5 → 1: 5.
    const medium = triageClassification({
      ...well,
      systolic: 95,
      heart_rate: 115,
      temperature_c: 38.5,
      immunocompromises: ['chemotherapy'],
    })
    expect([medium.total, medium.risk, medium.classification]).toEqual([5, 'medium', 'high'])
    // Voice → 3, SpO2 91 → 3, respiration 25 → 3: 9.
    const high = triageClassification({
      ...well,
      consciousness: 'voice',
      oximetry: 91,
      respiratory_rate: 25,
      chronic_degenerative_diseases: ['copd'],
    })
    expect([high.total, high.risk, high.classification]).toEqual([9, 'high', 'high'])
  })
})
