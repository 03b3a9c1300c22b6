import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SomatometryRequest } from '../schemas/readings'
import { fromSi, inRangeOf, rangeIn, toSi } from './units'

/** Whether the contract's SI schema takes the value as a somatometry field. */
const siAccepts = (field: 'weight_kg' | 'height_m' | 'temperature_c', value: number) =>
  v.safeParse(SomatometryRequest.entries[field], value).success

describe('the SPEC §5 ranges in each unit', () => {
  it('gives each range as the spec prints it', () => {
    expect(rangeIn('weight', 'kg')).toEqual({ min: 1, max: 300 })
    expect(rangeIn('weight', 'lb')).toEqual({ min: 2.2, max: 661.3 })
    expect(rangeIn('height', 'm')).toEqual({ min: 0.6, max: 3 })
    expect(rangeIn('height', 'ft')).toEqual({ min: 1.96, max: 9.84 })
    expect(rangeIn('temperature', 'c')).toEqual({ min: 35, max: 42 })
    expect(rangeIn('temperature', 'f')).toEqual({ min: 95, max: 107.6 })
  })

  it.each([
    ['weight', 'lb', 2.1, false],
    ['weight', 'lb', 2.2, true],
    ['weight', 'lb', 661.3, true],
    ['weight', 'lb', 661.4, false],
    ['weight', 'kg', 0.9, false],
    ['weight', 'kg', 1, true],
    ['weight', 'kg', 300, true],
    ['weight', 'kg', 300.1, false],
    ['height', 'ft', 1.95, false],
    ['height', 'ft', 1.96, true],
    ['height', 'ft', 9.84, true],
    ['height', 'ft', 9.85, false],
    ['height', 'm', 0.59, false],
    ['height', 'm', 0.6, true],
    ['height', 'm', 3, true],
    ['height', 'm', 3.01, false],
    ['temperature', 'f', 94.9, false],
    ['temperature', 'f', 95, true],
    ['temperature', 'f', 107.6, true],
    ['temperature', 'f', 107.7, false],
    ['temperature', 'c', 34.9, false],
    ['temperature', 'c', 35, true],
    ['temperature', 'c', 42, true],
    ['temperature', 'c', 42.1, false],
  ] as const)('%s in %s: %d is inside the range: %s', (measure, unit, value, inside) => {
    // The union of measure and unit is checked per row by the table's own values.
    expect(inRangeOf(measure, unit as never, value)).toBe(inside)
  })
})

describe('typed values to SI, at the edges', () => {
  it('keeps every accepted edge accepted by the SI schema', () => {
    expect(toSi('weight', 'lb', 2.2)).toBe(1)
    expect(siAccepts('weight_kg', toSi('weight', 'lb', 2.2))).toBe(true)
    expect(toSi('weight', 'lb', 661.3)).toBeCloseTo(299.96, 2)
    expect(siAccepts('weight_kg', toSi('weight', 'lb', 661.3))).toBe(true)
    expect(toSi('height', 'ft', 1.96)).toBe(0.6)
    expect(siAccepts('height_m', toSi('height', 'ft', 1.96))).toBe(true)
    expect(toSi('height', 'ft', 9.84)).toBeCloseTo(2.9992, 4)
    expect(siAccepts('height_m', toSi('height', 'ft', 9.84))).toBe(true)
    expect(toSi('temperature', 'f', 95)).toBe(35)
    expect(toSi('temperature', 'f', 107.6)).toBe(42)
    expect(siAccepts('temperature_c', toSi('temperature', 'f', 95))).toBe(true)
    expect(siAccepts('temperature_c', toSi('temperature', 'f', 107.6))).toBe(true)
  })

  it('leaves values beyond the edges out of the SI range too', () => {
    expect(siAccepts('weight_kg', toSi('weight', 'lb', 2.1))).toBe(false)
    expect(siAccepts('weight_kg', toSi('weight', 'lb', 661.5))).toBe(false)
    expect(siAccepts('height_m', toSi('height', 'ft', 1.9))).toBe(false)
    expect(siAccepts('height_m', toSi('height', 'ft', 9.9))).toBe(false)
    expect(siAccepts('temperature_c', toSi('temperature', 'f', 94.9))).toBe(false)
    expect(siAccepts('temperature_c', toSi('temperature', 'f', 107.7))).toBe(false)
  })

  it('keeps SI values as typed', () => {
    expect(toSi('weight', 'kg', 72.5)).toBe(72.5)
    expect(toSi('height', 'm', 1.68)).toBe(1.68)
    expect(toSi('temperature', 'c', 36.6)).toBe(36.6)
  })

  it('converts ordinary values', () => {
    expect(toSi('weight', 'lb', 154.3)).toBeCloseTo(69.989, 3)
    expect(toSi('height', 'ft', 5.74)).toBeCloseTo(1.7496, 4)
    expect(toSi('temperature', 'f', 98.6)).toBe(37)
  })
})

describe('stored SI values in the chosen unit', () => {
  it('shows every SI edge inside the unit’s own range, so the form takes it back', () => {
    expect(fromSi('weight', 'lb', 300)).toBe(661.3)
    expect(fromSi('weight', 'lb', 1)).toBe(2.2)
    expect(fromSi('height', 'ft', 0.6)).toBe(1.97)
    expect(fromSi('height', 'ft', 3)).toBe(9.84)
    expect(fromSi('temperature', 'f', 35)).toBe(95)
    expect(fromSi('temperature', 'f', 42)).toBe(107.6)
    for (const [measure, unit, si] of [
      ['weight', 'lb', 300],
      ['weight', 'lb', 1],
      ['height', 'ft', 0.6],
      ['height', 'ft', 3],
      ['temperature', 'f', 35],
      ['temperature', 'f', 42],
    ] as const) {
      expect(inRangeOf(measure, unit as never, fromSi(measure, unit as never, si))).toBe(true)
    }
  })

  it('comes back to the typed value after a round trip', () => {
    for (const lb of [2.2, 100.1, 154.3, 250, 661.3]) {
      expect(fromSi('weight', 'lb', toSi('weight', 'lb', lb))).toBe(lb)
    }
    for (const ft of [1.97, 4.5, 5.74, 6.01, 9.84]) {
      expect(fromSi('height', 'ft', toSi('height', 'ft', ft))).toBe(ft)
    }
    for (const f of [95, 97.3, 98.6, 102.2, 107.6]) {
      expect(fromSi('temperature', 'f', toSi('temperature', 'f', f))).toBe(f)
    }
  })

  it('rounds to the unit’s decimals', () => {
    expect(fromSi('weight', 'lb', 70)).toBe(154.3)
    expect(fromSi('height', 'ft', 1.75)).toBe(5.74)
    expect(fromSi('temperature', 'f', 36.6)).toBe(97.9)
    expect(fromSi('weight', 'kg', 70.04)).toBe(70)
  })
})
