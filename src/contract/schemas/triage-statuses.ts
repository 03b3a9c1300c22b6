/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the schemas around it; the schemas import it from here.
 */

/** SPEC §4 COVID triage statuses: the codes of the `covid-statuses` list. */
export const TRIAGE_STATUSES = [
  'observation',
  'patient_contact',
  'hospitalized',
  'post_hospitalization',
  'recovered',
  'suspicious',
  'deceased',
  'out_of_tracking',
] as const
export type TriageStatus = (typeof TRIAGE_STATUSES)[number]
