import type { BloodPressureRange } from '../schemas/catalogs'

const within = (value: number, min: number | null, max: number | null) =>
  (min === null || value >= min) && (max === null || value <= max)

/** Whether a range bounds this measure at all (a category may bound only the systolic). */
const bounds = (min: number | null, max: number | null) => min !== null || max !== null

/**
 * The category of a reading in the tenant's blood-pressure-ranges catalog: the most severe range
 * (highest `sort`) that holds the systolic or the diastolic, as the guideline reads ("130/75 is
 * stage 1, 118/92 stage 2"). A reading no range holds gets none (a catalog with gaps).
 */
export function classifyBloodPressure(
  systolic: number,
  diastolic: number,
  ranges: readonly BloodPressureRange[],
): BloodPressureRange | null {
  let found: BloodPressureRange | null = null
  for (const range of ranges) {
    const bySystolic =
      bounds(range.systolic_min, range.systolic_max) &&
      within(systolic, range.systolic_min, range.systolic_max)
    const byDiastolic =
      bounds(range.diastolic_min, range.diastolic_max) &&
      within(diastolic, range.diastolic_min, range.diastolic_max)
    if ((bySystolic || byDiastolic) && (found === null || range.sort > found.sort)) found = range
  }
  return found
}
