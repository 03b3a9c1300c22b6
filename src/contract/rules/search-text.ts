/**
 * Accent- and case-insensitive search over catalog names (localities, diagnoses). The server
 * stores each name folded this way and folds the query the same way; the device does the same
 * over its cache, so both find "Peñón" from "penon" and "Mérida" from "MERIDA".
 */

const MARKS = /\p{M}/gu
const SEPARATORS = /[^\p{L}\p{N}]+/gu

/** Lower case, without diacritics (ñ → n, ü → u), words separated by one space. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase().replace(SEPARATORS, ' ').trim()
}

/** The distinct words of a query, folded; a name matches when it contains every one. */
export function searchWords(query: string): string[] {
  const folded = foldText(query)
  return folded === '' ? [] : [...new Set(folded.split(' '))]
}

/** Whether a folded name contains every word of the query. */
export const matchesWords = (foldedName: string, words: readonly string[]): boolean =>
  words.every((word) => foldedName.includes(word))
