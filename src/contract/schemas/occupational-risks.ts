/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the schemas around it; the schemas import it from here.
 */

/** The occupational risks a scheme entry may apply to (NOM-030's kinds of agent). */
export const OCCUPATIONAL_RISKS = [
  'biological',
  'chemical',
  'physical',
  'ergonomic',
  'psychosocial',
  'mechanical',
] as const
export type OccupationalRisk = (typeof OCCUPATIONAL_RISKS)[number]
