import { describe, expect, it } from 'vitest'
import {
  bodyMassIndex,
  HEIGHT_M,
  inRange,
  OXIMETRY,
  TEMPERATURE_C,
  WEIGHT_KG,
  waistToHipRatio,
} from './vital-ranges'

describe('the ranges of SPEC §5', () => {
  it('hold their limits and refuse just past them', () => {
    expect([
      inRange(1, WEIGHT_KG),
      inRange(300, WEIGHT_KG),
      inRange(0.9, WEIGHT_KG),
      inRange(301, WEIGHT_KG),
    ]).toEqual([true, true, false, false])
    expect([inRange(0.6, HEIGHT_M), inRange(0.59, HEIGHT_M), inRange(3.01, HEIGHT_M)]).toEqual([
      true,
      false,
      false,
    ])
    expect([inRange(35, TEMPERATURE_C), inRange(42.1, TEMPERATURE_C)]).toEqual([true, false])
    expect([inRange(49, OXIMETRY), inRange(48, OXIMETRY), inRange(100, OXIMETRY)]).toEqual([
      true,
      false,
      true,
    ])
  })

  it('computes the body mass index to one decimal, only from measures in range', () => {
    expect(bodyMassIndex(70, 1.75)).toBe(22.9)
    expect(bodyMassIndex(95.5, 1.62)).toBe(36.4)
    expect(bodyMassIndex(70, null)).toBeNull()
    expect(bodyMassIndex(70, 175)).toBeNull()
  })

  it('computes the waist-to-hip ratio to two decimals, only from perimeters in range', () => {
    expect(waistToHipRatio(80, 100)).toBe(0.8)
    expect(waistToHipRatio(94, 102)).toBe(0.92)
    expect(waistToHipRatio(10, 150)).toBe(0.07)
    expect(waistToHipRatio(150, 10)).toBe(15)
    expect(waistToHipRatio(9.9, 100)).toBeNull()
    expect(waistToHipRatio(80, 150.1)).toBeNull()
    expect(waistToHipRatio(null, 100)).toBeNull()
    expect(waistToHipRatio(80, undefined)).toBeNull()
  })
})
