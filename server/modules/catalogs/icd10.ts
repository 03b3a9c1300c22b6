import type { AffectedSystemCode } from './affected-systems'

interface Chapter {
  chapter: string
  /** First and last three-character category of the chapter. */
  from: string
  to: string
  system: AffectedSystemCode
}

/**
 * The 22 chapters of ICD-10 and the affected system each is filed under. Injuries (XIX) go to the
 * musculoskeletal system: at a workplace they are mostly sprains, fractures and wounds; what has
 * no single system (infections, neoplasms, symptoms, external causes, factors) goes to general.
 */
export const ICD10_CHAPTERS: readonly Chapter[] = [
  { chapter: 'I', from: 'A00', to: 'B99', system: 'general' },
  { chapter: 'II', from: 'C00', to: 'D48', system: 'general' },
  { chapter: 'III', from: 'D50', to: 'D89', system: 'blood-lymphatic' },
  { chapter: 'IV', from: 'E00', to: 'E90', system: 'endocrine' },
  { chapter: 'V', from: 'F00', to: 'F99', system: 'mental' },
  { chapter: 'VI', from: 'G00', to: 'G99', system: 'nervous' },
  { chapter: 'VII', from: 'H00', to: 'H59', system: 'senses' },
  { chapter: 'VIII', from: 'H60', to: 'H95', system: 'senses' },
  { chapter: 'IX', from: 'I00', to: 'I99', system: 'cardiovascular' },
  { chapter: 'X', from: 'J00', to: 'J99', system: 'respiratory' },
  { chapter: 'XI', from: 'K00', to: 'K93', system: 'digestive' },
  { chapter: 'XII', from: 'L00', to: 'L99', system: 'skin' },
  { chapter: 'XIII', from: 'M00', to: 'M99', system: 'musculoskeletal' },
  { chapter: 'XIV', from: 'N00', to: 'N99', system: 'genitourinary' },
  { chapter: 'XV', from: 'O00', to: 'O99', system: 'genitourinary' },
  { chapter: 'XVI', from: 'P00', to: 'P96', system: 'general' },
  { chapter: 'XVII', from: 'Q00', to: 'Q99', system: 'general' },
  { chapter: 'XVIII', from: 'R00', to: 'R99', system: 'general' },
  { chapter: 'XIX', from: 'S00', to: 'T98', system: 'musculoskeletal' },
  { chapter: 'XX', from: 'V01', to: 'Y98', system: 'general' },
  { chapter: 'XXI', from: 'Z00', to: 'Z99', system: 'general' },
  { chapter: 'XXII', from: 'U00', to: 'U99', system: 'general' },
]

const CODE = /^[A-Z]\d{2}\d?$/

/**
 * An ICD-10 code as stored: upper case, without the dot, and without the X that DGIS appends to
 * a three-character category that has no subdivisions (`i10x` → `I10`, `A00.9` → `A009`).
 * Null when the text is not a code.
 */
export function normalizeIcd10(text: string): string | null {
  let code = text.trim().toUpperCase().replace('.', '')
  if (code.length === 4 && code.endsWith('X')) code = code.slice(0, 3)
  return CODE.test(code) ? code : null
}

/** The chapter a stored code belongs to, or undefined for a category no chapter holds (D49). */
export function chapterOf(code: string): Chapter | undefined {
  const category = code.slice(0, 3)
  return ICD10_CHAPTERS.find((c) => category >= c.from && category <= c.to)
}
