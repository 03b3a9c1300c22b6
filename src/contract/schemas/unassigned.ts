/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the value without the schemas around it; the schemas import it from here.
 */

/** The `assigned_to` filter's value for the patients no professional is assigned to. */
export const UNASSIGNED = 'none'
