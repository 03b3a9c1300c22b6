import { AGE_BANDS, type AgeBand, type PatientCharts } from './patients'

/**
 * The patient chart's age bands as the rule answers them (every band in `AGE_BANDS` order, then
 * `unrecorded`), from only the counts a test names: the rule's, the server's and the screen's
 * tests all expect or serve that shape.
 */
export function patientsByAge(counts: Partial<Record<AgeBand, number>>): PatientCharts['by_age'] {
  return [...AGE_BANDS.map(({ band }) => band), 'unrecorded' as const].map((band) => ({
    band,
    patients: counts[band] ?? 0,
  }))
}
