/**
 * The closed vocabularies of a prescription line (issue 19). A prescription prints each medicine
 * with its full instruction in words ("1 tableta vía oral cada 8 horas por 5 días"), so the unit
 * taken at each dose and the route are codes from these lists, not free text: the words come from
 * the code in the document's language (`dose-instruction.ts`), and a pharmacy reads the same
 * words whichever device wrote the prescription.
 */

/** What one dose is counted in. */
export const DOSE_UNITS = [
  'tablet',
  'capsule',
  'dragee',
  'sachet',
  'millilitre',
  'drop',
  'application',
  'inhalation',
  'suppository',
  'ovule',
  'ampoule',
  'patch',
  'unit',
] as const
export type DoseUnit = (typeof DOSE_UNITS)[number]

/** The route of administration. */
export const ROUTES = [
  'oral',
  'sublingual',
  'topical',
  'ophthalmic',
  'otic',
  'nasal',
  'inhaled',
  'rectal',
  'vaginal',
  'intramuscular',
  'intravenous',
  'subcutaneous',
] as const
export type Route = (typeof ROUTES)[number]

/** Bounds of a prescription line: a dose every 1 to 72 hours, for 1 to 365 days. */
export const EVERY_HOURS = { min: 1, max: 72 } as const
export const FOR_DAYS = { min: 1, max: 365 } as const
/** How much one dose is: a quarter tablet up to a litre of solution. */
export const DOSE_QUANTITY = { min: 0.25, max: 1000 } as const
