import { HEIGHT_M, type Range, TEMPERATURE_C, WEIGHT_KG } from './vital-ranges'

/**
 * The units a patient may type body measures in (issue 7): readings are stored in SI (kg, m, °C)
 * and the forms take kg or lb, m or ft, °C or °F. SPEC §5 gives each range in both units
 * (weight 1–300 kg = 2.2–661.3 lb, height 0.60–3 m = 1.96–9.84 ft, temperature 35–42 °C =
 * 95–107.6 °F); those printed edges are rounded, so a conversion alone would move them across the
 * SI limits (2.2 lb is 0.998 kg, below 1 kg). Both directions therefore round to the unit's
 * precision and then clamp into the other unit's range: whatever one unit accepts, the other
 * accepts too.
 */
export type Measure = 'weight' | 'height' | 'temperature'
export type WeightUnit = 'kg' | 'lb'
export type HeightUnit = 'm' | 'ft'
export type TemperatureUnit = 'c' | 'f'
export interface UnitOf {
  weight: WeightUnit
  height: HeightUnit
  temperature: TemperatureUnit
}
export type Unit = UnitOf[Measure]
/** The units a patient chose, one per measure. */
export type UnitChoice = UnitOf

export const SI_UNITS: UnitChoice = { weight: 'kg', height: 'm', temperature: 'c' }

interface UnitScale {
  range: Range
  /** Decimals a value in this unit is typed and shown with. */
  decimals: number
  /** From this unit to SI, before rounding. */
  toSi: (value: number) => number
  /** From SI to this unit, before rounding. */
  fromSi: (value: number) => number
}

const KG_PER_LB = 0.45359237
const M_PER_FT = 0.3048
const same = (value: number) => value

/** SI decimals stored: enough that a value typed in the other unit comes back as typed. */
const SI_DECIMALS: Record<Measure, number> = { weight: 3, height: 4, temperature: 3 }

const SCALES: { [M in Measure]: Record<UnitOf[M], UnitScale> } = {
  weight: {
    kg: { range: WEIGHT_KG, decimals: 1, toSi: same, fromSi: same },
    lb: {
      range: { min: 2.2, max: 661.3 },
      decimals: 1,
      toSi: (lb) => lb * KG_PER_LB,
      fromSi: (kg) => kg / KG_PER_LB,
    },
  },
  height: {
    m: { range: HEIGHT_M, decimals: 2, toSi: same, fromSi: same },
    ft: {
      range: { min: 1.96, max: 9.84 },
      decimals: 2,
      toSi: (ft) => ft * M_PER_FT,
      fromSi: (m) => m / M_PER_FT,
    },
  },
  temperature: {
    c: { range: TEMPERATURE_C, decimals: 1, toSi: same, fromSi: same },
    f: {
      range: { min: 95, max: 107.6 },
      decimals: 1,
      toSi: (f) => ((f - 32) * 5) / 9,
      fromSi: (c) => (c * 9) / 5 + 32,
    },
  },
}

function scaleOf<M extends Measure>(measure: M, unit: UnitOf[M]): UnitScale {
  return (SCALES[measure] as Record<string, UnitScale>)[unit] as UnitScale
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
const clamp = (value: number, range: Range) => Math.min(range.max, Math.max(range.min, value))

/** The SPEC §5 range of a measure in a unit (2.2–661.3 for weight in lb). */
export const rangeIn = <M extends Measure>(measure: M, unit: UnitOf[M]): Range => scaleOf(measure, unit).range

/**
 * A value typed in a unit, in SI for storing. A value inside the unit's range always lands inside
 * the SI range (661.3 lb is 299.96 kg; 2.2 lb is 0.998 kg, kept as 1 kg); one outside it is only
 * converted, for the caller's range check to refuse.
 */
export function toSi<M extends Measure>(measure: M, unit: UnitOf[M], value: number): number {
  const scale = scaleOf(measure, unit)
  const si = round(scale.toSi(value), SI_DECIMALS[measure])
  const siRange = scaleOf(measure, SI_UNITS[measure] as UnitOf[M]).range
  return value >= scale.range.min && value <= scale.range.max ? clamp(si, siRange) : si
}

/**
 * A stored SI value in a unit, rounded for showing and typing. A value inside the SI range always
 * lands inside the unit's range (300 kg is 661.39 lb, shown as 661.3), so a stored reading opened
 * for editing is never refused by its own form.
 */
export function fromSi<M extends Measure>(measure: M, unit: UnitOf[M], value: number): number {
  const scale = scaleOf(measure, unit)
  const shown = round(scale.fromSi(value), scale.decimals)
  const siRange = scaleOf(measure, SI_UNITS[measure] as UnitOf[M]).range
  return value >= siRange.min && value <= siRange.max ? clamp(shown, scale.range) : shown
}

/** Whether a value typed in a unit is inside the measure's range in that unit. */
export const inRangeOf = <M extends Measure>(measure: M, unit: UnitOf[M], value: number): boolean => {
  const { min, max } = rangeIn(measure, unit)
  return value >= min && value <= max
}
