import type { DoseUnit, Route } from './prescription-terms'

/**
 * A prescription line's full instruction in words, in Spanish and English (issue 19):
 * "1 tableta vía oral cada 8 horas por 5 días" / "1 tablet by mouth every 8 hours for 5 days".
 * The prescription page prints it for the pharmacy and the patient, on the device and on the
 * server alike, so the words live here once.
 */
export interface DoseInstruction {
  /** How much one dose is, in `unit` (DOSE_QUANTITY). */
  quantity: number
  unit: DoseUnit
  via: Route
  /** A dose every so many hours (EVERY_HOURS). */
  every_hours: number
  /** For so many days (FOR_DAYS). */
  for_days: number
}

export type InstructionLanguage = 'es' | 'en'

interface UnitWords {
  one: string
  many: string
  /**
   * A unit one counts (tablets, drops) may be split in halves and quarters, written as ½, ¼, ¾;
   * one measures a solution or insulin in decimals (2.5 ml, 0.5 unidades).
   */
  counted: boolean
}

interface Words {
  unit: Record<DoseUnit, UnitWords>
  via: Record<Route, string>
  every: (hours: number) => string
  during: (days: number) => string
  /** What joins a quarter to its unit ("¼ de tableta" but "½ tableta"). */
  quarterOf: string
}

const es: Words = {
  unit: {
    tablet: { one: 'tableta', many: 'tabletas', counted: true },
    capsule: { one: 'cápsula', many: 'cápsulas', counted: true },
    dragee: { one: 'gragea', many: 'grageas', counted: true },
    sachet: { one: 'sobre', many: 'sobres', counted: true },
    // The abbreviation pharmacies print on every bottle; it has no plural.
    millilitre: { one: 'ml', many: 'ml', counted: false },
    drop: { one: 'gota', many: 'gotas', counted: true },
    application: { one: 'aplicación', many: 'aplicaciones', counted: true },
    inhalation: { one: 'inhalación', many: 'inhalaciones', counted: true },
    suppository: { one: 'supositorio', many: 'supositorios', counted: true },
    ovule: { one: 'óvulo', many: 'óvulos', counted: true },
    // "Ampolleta" is the Mexican word; "ampolla" is Spain's.
    ampoule: { one: 'ampolleta', many: 'ampolletas', counted: true },
    patch: { one: 'parche', many: 'parches', counted: true },
    unit: { one: 'unidad', many: 'unidades', counted: false },
  },
  via: {
    oral: 'vía oral',
    sublingual: 'vía sublingual',
    topical: 'vía tópica',
    ophthalmic: 'vía oftálmica',
    otic: 'vía ótica',
    nasal: 'vía nasal',
    inhaled: 'vía inhalada',
    rectal: 'vía rectal',
    vaginal: 'vía vaginal',
    intramuscular: 'vía intramuscular',
    intravenous: 'vía intravenosa',
    subcutaneous: 'vía subcutánea',
  },
  every: (hours) => (hours === 1 ? 'cada hora' : `cada ${hours} horas`),
  during: (days) => (days === 1 ? 'por 1 día' : `por ${days} días`),
  quarterOf: 'de ',
}

const en: Words = {
  unit: {
    tablet: { one: 'tablet', many: 'tablets', counted: true },
    capsule: { one: 'capsule', many: 'capsules', counted: true },
    dragee: { one: 'coated tablet', many: 'coated tablets', counted: true },
    sachet: { one: 'sachet', many: 'sachets', counted: true },
    millilitre: { one: 'ml', many: 'ml', counted: false },
    drop: { one: 'drop', many: 'drops', counted: true },
    application: { one: 'application', many: 'applications', counted: true },
    inhalation: { one: 'puff', many: 'puffs', counted: true },
    suppository: { one: 'suppository', many: 'suppositories', counted: true },
    ovule: { one: 'pessary', many: 'pessaries', counted: true },
    ampoule: { one: 'ampoule', many: 'ampoules', counted: true },
    patch: { one: 'patch', many: 'patches', counted: true },
    unit: { one: 'unit', many: 'units', counted: false },
  },
  via: {
    oral: 'by mouth',
    sublingual: 'under the tongue',
    topical: 'on the skin',
    ophthalmic: 'in the eye',
    otic: 'in the ear',
    nasal: 'in the nose',
    inhaled: 'by inhalation',
    rectal: 'rectally',
    vaginal: 'vaginally',
    intramuscular: 'intramuscularly',
    intravenous: 'intravenously',
    subcutaneous: 'subcutaneously',
  },
  every: (hours) => (hours === 1 ? 'every hour' : `every ${hours} hours`),
  during: (days) => (days === 1 ? 'for 1 day' : `for ${days} days`),
  quarterOf: '',
}

const words: Record<InstructionLanguage, Words> = { es, en }

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' }

/**
 * A number with at most two decimals, no trailing zeros, and a leading zero before the point:
 * "0.5", never ".5" (whose point a photocopy loses) nor "5.0" (read as 50). Mexico writes the
 * decimal point, not a comma.
 */
function decimal(value: number): string {
  return String(Math.round(value * 100) / 100)
}

/**
 * How much one dose is. A split tablet is written with a fraction glyph ("½ tableta",
 * "1½ tabletas"): that is how Mexican prescriptions and pharmacies write a split tablet, and
 * unlike "0.5 tableta" it cannot become "5 tabletas" when the point is lost or misread, the
 * classic decimal-point error. Anything not in quarters (or a measured unit) goes as a decimal.
 */
function amountOf(quantity: number, unit: UnitWords, language: Words): string {
  const whole = Math.floor(quantity)
  const fraction = FRACTIONS[quantity - whole]
  if (!unit.counted || fraction === undefined) {
    return `${decimal(quantity)} ${quantity === 1 ? unit.one : unit.many}`
  }
  if (whole === 0) {
    // "½ tableta" reads "media tableta"; a quarter reads "un cuarto de tableta".
    return `${fraction} ${fraction === '½' ? '' : language.quarterOf}${unit.one}`
  }
  return `${whole}${fraction} ${unit.many}`
}

/**
 * The instruction in words. Frequency is always said in hours, "cada 24 horas" included: it is
 * what the prescriber chose and what the pharmacy counts the doses by, and the day words are not
 * read alike everywhere ("cada tercer día" means every other day in Mexico, every third day
 * elsewhere).
 */
export function doseInstruction(line: DoseInstruction, language: InstructionLanguage): string {
  const lang = words[language]
  return [
    amountOf(line.quantity, lang.unit[line.unit], lang),
    lang.via[line.via],
    lang.every(line.every_hours),
    lang.during(line.for_days),
  ].join(' ')
}
