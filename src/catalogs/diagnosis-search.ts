import { diagnosisCodePrefix } from '../contract/rules/diagnosis-code'
import { foldText, matchesWords, searchWords } from '../contract/rules/search-text'
import { DEFAULT_SEARCH_RESULTS, type Diagnosis } from '../contract/schemas/catalogs'

/**
 * ICD-10 searched on the device, offline (issue 6: by code or words, accent-insensitive, within
 * 16 ms over 14 000 codes). The catalog is read from Dexie once and kept in memory in code order
 * with the descriptions folded into one text, so a keystroke costs one binary search for the
 * code prefix and a native substring scan of that text for the longest word (the rarest, most
 * likely), the other words being checked only in the descriptions that hold it.
 */
export interface DiagnosisIndex {
  /** In code order. */
  readonly rows: readonly Diagnosis[]
  readonly codes: readonly string[]
  /** Each description folded (foldText), at its row's position. */
  readonly texts: readonly string[]
  /** The folded descriptions joined by a newline (which no folded text holds). */
  readonly haystack: string
  /** Where each description starts in the haystack. */
  readonly starts: readonly number[]
}

export function buildDiagnosisIndex(diagnoses: readonly Diagnosis[]): DiagnosisIndex {
  const rows = [...diagnoses].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  const texts = rows.map((d) => foldText(d.description))
  const starts: number[] = []
  let at = 0
  for (const text of texts) {
    starts.push(at)
    at += text.length + 1
  }
  return { rows, codes: rows.map((d) => d.code), texts, haystack: texts.join('\n'), starts }
}

/** The first position whose value is not below `target`. */
function lowerBound<T extends string | number>(values: readonly T[], target: T): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const value = values[middle] as T
    if (value < target) low = middle + 1
    else high = middle
  }
  return low
}

/** The rows, in code order, whose description holds every word. */
function* rowsWithWords(index: DiagnosisIndex, words: readonly string[]): Generator<number> {
  const rarest = words.reduce((a, b) => (b.length > a.length ? b : a))
  let from = 0
  for (;;) {
    const hit = index.haystack.indexOf(rarest, from)
    if (hit < 0) return
    // The description holding the hit: the last one starting at or before it.
    const found = lowerBound(index.starts, hit + 1) - 1
    if (matchesWords(index.texts[found] as string, words)) yield found
    from = (index.starts[found + 1] as number | undefined) ?? index.haystack.length
  }
}

/**
 * The diagnoses for a search, best first: codes starting with the typed code (`I1`, `a00.9`,
 * `I10X`) in code order; then descriptions holding every word — those starting with the first
 * word before the others, each group in code order. An empty search gives nothing.
 */
export function searchDiagnosisIndex(
  index: DiagnosisIndex,
  search: string,
  limit: number = DEFAULT_SEARCH_RESULTS,
): Diagnosis[] {
  const found: Diagnosis[] = []
  const taken = new Set<number>()
  const prefix = diagnosisCodePrefix(search)
  if (prefix) {
    for (let i = lowerBound(index.codes, prefix); i < index.codes.length && found.length < limit; i++) {
      if (!(index.codes[i] as string).startsWith(prefix)) break
      found.push(index.rows[i] as Diagnosis)
      taken.add(i)
    }
  }
  const words = searchWords(search)
  if (words.length === 0 || found.length >= limit) return found
  const first = words[0] as string
  const later: number[] = []
  for (const i of rowsWithWords(index, words)) {
    if (found.length >= limit) break
    if (taken.has(i)) continue
    if ((index.texts[i] as string).startsWith(first)) found.push(index.rows[i] as Diagnosis)
    else if (later.length < limit) later.push(i)
  }
  for (const i of later) {
    if (found.length >= limit) break
    found.push(index.rows[i] as Diagnosis)
  }
  return found
}
