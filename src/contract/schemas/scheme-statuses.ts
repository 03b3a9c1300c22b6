/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the schemas around it; the schemas import it from here.
 */

/** SPEC §4 "Vaccination scheme: complete or incomplete", as `vaccinationDue` works it out. */
export const SCHEME_STATUSES = ['complete', 'incomplete'] as const
export type SchemeStatus = (typeof SCHEME_STATUSES)[number]
/** The overdue filter's answers: patients with a dose past its date, or with none. */
export const OVERDUE_CHOICES = ['yes', 'no'] as const
