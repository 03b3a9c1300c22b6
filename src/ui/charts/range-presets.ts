/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the schemas around it; the schemas import it from here.
 */

/**
 * The periods the self-tracking charts and PDFs show (issue 7): the last 7 days, 30 days or 3
 * months up to today, or days the patient picks. Days are the device's calendar days
 * (YYYY-MM-DD), both ends included, as the …/pdf calls take them.
 */
export const RANGE_PRESETS = ['7d', '30d', '3m', 'custom'] as const
/**
 * The longer periods of a patient's evolution (issue 24): a chronic patient's control is read
 * over months, so it offers 6 months and a year besides.
 */
export const EVOLUTION_RANGE_PRESETS = ['30d', '3m', '6m', '1y', 'custom'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number] | (typeof EVOLUTION_RANGE_PRESETS)[number]
