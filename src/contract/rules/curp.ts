import * as v from 'valibot'
import { CURP_STATE_CODES } from './federal-entities'

/**
 * The CURP (Clave Única de Registro de Población) as RENAPO builds and checks it: 18 characters,
 * a real birth date, a state code, and a check digit.
 */

const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ'
const FORMAT = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/

/** The four-letter words RENAPO will not print: their second letter becomes X (Anexo 2). */
export const INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    'BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO ' +
    'GETA GUEI GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO ' +
    'LOCA LOCO LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE ' +
    'PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY'
  ).split(' '),
)

/** The 18th character, computed from the first 17. */
export function curpCheckDigit(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += CHECK_ALPHABET.indexOf(first17.charAt(i)) * (18 - i)
  return String((10 - (sum % 10)) % 10)
}

export type CurpProblem = 'length' | 'format' | 'word' | 'state' | 'date' | 'checkDigit'

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The birth date a CURP encodes: the 17th character is a digit before 2000 and a letter from 2000. */
export function curpBirthDate(curp: string): string | null {
  const yy = Number(curp.slice(4, 6))
  const month = Number(curp.slice(6, 8))
  const day = Number(curp.slice(8, 10))
  const year = (/\d/.test(curp.charAt(16)) ? 1900 : 2000) + yy
  if (!isRealDate(year, month, day)) return null
  return `${year}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`
}

/** Why a CURP is not valid, or null when it is. */
export function validateCurp(input: string): CurpProblem | null {
  const curp = input.trim().toUpperCase()
  if (curp.length !== 18) return 'length'
  if (!FORMAT.test(curp)) return 'format'
  // RENAPO never issues these four letters: it writes X for the second one (Anexo 2).
  if (INCONVENIENT_WORDS.has(curp.slice(0, 4))) return 'word'
  if (!CURP_STATE_CODES.has(curp.slice(11, 13))) return 'state'
  if (curpBirthDate(curp) === null) return 'date'
  if (curpCheckDigit(curp.slice(0, 17)) !== curp.charAt(17)) return 'checkDigit'
  return null
}

export const isValidCurp = (curp: string): boolean => validateCurp(curp) === null

/** A CURP field: trimmed, upper-cased, and valid; its message key is translated by each side. */
export const Curp = v.pipe(
  v.string('curp.invalid'),
  v.trim(),
  v.maxLength(18, 'curp.invalid'),
  v.toUpperCase(),
  v.check(isValidCurp, 'curp.invalid'),
)

// ——— Building a CURP from a person's data (test data and the demo seed) ———

const PARTICLES = new Set([
  'DA',
  'DAS',
  'DE',
  'DEL',
  'DER',
  'DI',
  'DIE',
  'DD',
  'EL',
  'LA',
  'LAS',
  'LE',
  'LES',
  'LOS',
  'MAC',
  'MC',
  'VAN',
  'VON',
  'Y',
])
const SKIPPED_GIVEN_NAMES = new Set(['JOSE', 'J', 'MARIA', 'MA', 'M'])
const VOWELS = 'AEIOU'

/** Upper case without accents; Ñ becomes X as RENAPO prints it. */
function normalize(text: string): string {
  return text
    .toUpperCase()
    .replace(/Ñ/g, 'X')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Z ]/g, ' ')
    .trim()
}

/** The word of a (possibly compound) name that the CURP uses: particles skipped. */
function significantWord(text: string): string {
  const words = normalize(text).split(/\s+/).filter(Boolean)
  return words.find((word) => !PARTICLES.has(word)) ?? words[0] ?? ''
}

function givenNameWord(name: string): string {
  const words = normalize(name)
    .split(/\s+/)
    .filter((word) => word && !PARTICLES.has(word))
  if (words.length > 1 && SKIPPED_GIVEN_NAMES.has(words[0] as string)) return words[1] as string
  return words[0] ?? ''
}

const firstInternal = (word: string, wanted: (c: string) => boolean) => [...word.slice(1)].find(wanted) ?? 'X'
const isVowel = (c: string) => VOWELS.includes(c)
const isConsonant = (c: string) => /[A-Z]/.test(c) && !isVowel(c)

export interface CurpPerson {
  name: string
  lastName: string
  secondLastName?: string | null
  /** YYYY-MM-DD */
  birthDate: string
  sex: 'H' | 'M'
  stateCurpCode: string
  /** The 17th character RENAPO assigns to tell namesakes apart; defaults to 0 or A by century. */
  homoclave?: string
}

export function buildCurp(person: CurpPerson): string {
  const first = significantWord(person.lastName)
  const second = person.secondLastName ? significantWord(person.secondLastName) : ''
  const given = givenNameWord(person.name)
  let letters = `${first.charAt(0) || 'X'}${firstInternal(first, isVowel)}${second.charAt(0) || 'X'}${given.charAt(0) || 'X'}`
  if (INCONVENIENT_WORDS.has(letters)) letters = `${letters.charAt(0)}X${letters.slice(2)}`
  const [year = '', month = '', day = ''] = person.birthDate.split('-')
  const consonants = `${firstInternal(first, isConsonant)}${second ? firstInternal(second, isConsonant) : 'X'}${firstInternal(given, isConsonant)}`
  const homoclave = person.homoclave ?? (Number(year) < 2000 ? '0' : 'A')
  const first17 = `${letters}${year.slice(2)}${month}${day}${person.sex}${person.stateCurpCode}${consonants}${homoclave}`
  return first17 + curpCheckDigit(first17)
}
