import { describe, expect, it } from 'vitest'
import type { BloodPressureRange } from '../schemas/catalogs'
import { classifyBloodPressure } from './blood-pressure-class'

const range = (
  code: string,
  sort: number,
  systolic: [number | null, number | null],
  diastolic: [number | null, number | null],
): BloodPressureRange => ({
  code,
  name: code,
  sort,
  color: '#000000',
  systolic_min: systolic[0],
  systolic_max: systolic[1],
  diastolic_min: diastolic[0],
  diastolic_max: diastolic[1],
})

// The demo seed's default: the ACC/AHA 2017 categories.
const RANGES = [
  range('normal', 0, [null, 119], [null, 79]),
  range('elevated', 1, [120, 129], [null, null]),
  range('stage-1', 2, [130, 139], [80, 89]),
  range('stage-2', 3, [140, 180], [90, 120]),
  range('crisis', 4, [181, null], [121, null]),
]
const codeOf = (s: number, d: number) => classifyBloodPressure(s, d, RANGES)?.code ?? null

describe('classifyBloodPressure', () => {
  it('puts each category at its edges', () => {
    expect(codeOf(119, 79)).toBe('normal')
    expect(codeOf(120, 79)).toBe('elevated')
    expect(codeOf(129, 79)).toBe('elevated')
    expect(codeOf(130, 70)).toBe('stage-1')
    expect(codeOf(139, 89)).toBe('stage-1')
    expect(codeOf(140, 70)).toBe('stage-2')
    expect(codeOf(180, 120)).toBe('stage-2')
    expect(codeOf(181, 70)).toBe('crisis')
    expect(codeOf(110, 121)).toBe('crisis')
  })

  it('takes the more severe of the two measures', () => {
    expect(codeOf(118, 92)).toBe('stage-2')
    expect(codeOf(125, 80)).toBe('stage-1')
    expect(codeOf(150, 60)).toBe('stage-2')
  })

  it('answers null when no range holds the reading', () => {
    expect(classifyBloodPressure(120, 80, [])).toBeNull()
    expect(classifyBloodPressure(200, 100, [range('only-low', 0, [null, 119], [null, 79])])).toBeNull()
  })
})
