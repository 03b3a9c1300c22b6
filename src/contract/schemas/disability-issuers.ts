/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the schemas around it; the schemas import it from here.
 */

/** Who issued it: the IMSS (with its folio), the company's medical service, or a private physician. */
export const DISABILITY_ISSUERS = ['imss', 'company', 'private'] as const
export type DisabilityIssuer = (typeof DISABILITY_ISSUERS)[number]
