/** What a search looks like when it is the start of an ICD-10 code: `I1`, `i10x`, `A00.9`. */
const CODE_PREFIX = /^[a-z]\d{0,2}(\.?\d)?x?$/i

/**
 * The stored form of a typed ICD-10 code prefix (upper case, no dot, no DGIS X), or null when
 * the search is words. The server's search and the device's offline search read it alike.
 */
export function diagnosisCodePrefix(search: string): string | null {
  const text = search.trim()
  if (!CODE_PREFIX.test(text)) return null
  const code = text.toUpperCase().replace('.', '')
  return code.length === 4 && code.endsWith('X') ? code.slice(0, 3) : code
}
