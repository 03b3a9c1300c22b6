/**
 * SPEC §5 ranges of the vital signs and body measures, in the units the forms take (kg, m, °C,
 * %, mmHg, mg/dL). One place, so the patient's COVID data, the readings and any later form
 * refuse the same values.
 */
export interface Range {
  min: number
  max: number
}

export const WEIGHT_KG: Range = { min: 1, max: 300 }
export const HEIGHT_M: Range = { min: 0.6, max: 3 }
export const TEMPERATURE_C: Range = { min: 35, max: 42 }
export const OXIMETRY: Range = { min: 49, max: 100 }
export const SYSTOLIC: Range = { min: 60, max: 250 }
export const DIASTOLIC: Range = { min: 40, max: 200 }
export const HEART_RATE: Range = { min: 49, max: 160 }
export const GLUCOSE: Range = { min: 40, max: 850 }
/** Abdominal (waist) and hip perimeter, in cm. */
export const PERIMETER_CM: Range = { min: 10, max: 150 }
export const RESPIRATORY_RATE: Range = { min: 0, max: 30 }

export const inRange = (value: number, range: Range) => value >= range.min && value <= range.max

/** Body mass index (kg/m²) to one decimal, or null while either measure is missing or out of range. */
export function bodyMassIndex(weightKg: number | null | undefined, heightM: number | null | undefined) {
  if (weightKg == null || heightM == null) return null
  if (!inRange(weightKg, WEIGHT_KG) || !inRange(heightM, HEIGHT_M)) return null
  return Math.round((weightKg / (heightM * heightM)) * 10) / 10
}

/**
 * Waist-to-hip ratio to two decimals (the cut-offs people read are 0.85 and 0.90), or null while
 * either perimeter is missing or out of range.
 */
export function waistToHipRatio(waistCm: number | null | undefined, hipCm: number | null | undefined) {
  if (waistCm == null || hipCm == null) return null
  if (!inRange(waistCm, PERIMETER_CM) || !inRange(hipCm, PERIMETER_CM)) return null
  return Math.round((waistCm / hipCm) * 100) / 100
}
