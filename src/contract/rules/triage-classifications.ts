/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the rule around it; the rule imports it from here.
 */

/** The `triage-clasifications` codes, from the least to the most urgent. */
export const TRIAGE_CLASSIFICATIONS = ['low', 'low-medium', 'medium', 'high'] as const
export type TriageClassification = (typeof TRIAGE_CLASSIFICATIONS)[number]
