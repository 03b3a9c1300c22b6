import { call } from '../api/client'
import { localities as localitiesEndpoint } from '../contract/endpoints/catalogs'
import { foldText, matchesWords, searchWords } from '../contract/rules/search-text'
import { DEFAULT_SEARCH_RESULTS, type Locality } from '../contract/schemas/catalogs'
import type { CachedLocality, LocalDb } from '../db/local-db'

/**
 * Localities (about 300 000 in INEGI's catalog) are searched on the server; the device keeps
 * each one the server answered here, so the places this clinic uses are found offline too.
 */

export interface LocalityQuery {
  federalEntityCode: string | null
  municipalityCode: string | null
  search: string
}

const withoutSearchText = ({ search_text: _, ...locality }: CachedLocality): Locality => locality

const collator = new Intl.Collator('es', { sensitivity: 'base' })

/**
 * The cached localities matching a query, ordered as the server orders them: names starting
 * with what was typed first, then alphabetically.
 */
export async function searchCachedLocalities(
  db: LocalDb,
  query: LocalityQuery,
  limit = DEFAULT_SEARCH_RESULTS,
): Promise<Locality[]> {
  const { federalEntityCode, municipalityCode } = query
  const candidates =
    federalEntityCode && municipalityCode
      ? db.localities
          .where('[federal_entity_code+municipality_code]')
          .equals([federalEntityCode, municipalityCode])
      : federalEntityCode
        ? db.localities
            .where('[federal_entity_code+municipality_code+code]')
            .between([federalEntityCode, '', ''], [federalEntityCode, '\uffff', '\uffff'])
        : db.localities.toCollection()
  const words = searchWords(query.search)
  const typed = foldText(query.search)
  const rows = await candidates.filter((l) => matchesWords(l.search_text, words)).toArray()
  rows.sort((a, b) => {
    const startA = typed !== '' && a.search_text.startsWith(typed)
    const startB = typed !== '' && b.search_text.startsWith(typed)
    if (startA !== startB) return startA ? -1 : 1
    return collator.compare(a.name, b.name) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  })
  return rows.slice(0, limit).map(withoutSearchText)
}

/** Keeps localities the server answered, each with its folded name for the offline search. */
export async function cacheLocalities(db: LocalDb, localities: readonly Locality[]): Promise<void> {
  if (localities.length === 0) return
  await db.localities.bulkPut(localities.map((l) => ({ ...l, search_text: foldText(l.name) })))
}

/** Asks the server for a query's localities and caches them; fails offline (NetworkError). */
export async function fetchLocalities(
  db: LocalDb,
  query: LocalityQuery,
  signal?: AbortSignal,
): Promise<Locality[]> {
  const found = await call(localitiesEndpoint, {
    query: {
      ...(query.search.trim() ? { search: query.search.trim() } : {}),
      ...(query.federalEntityCode ? { federal_entity_code: query.federalEntityCode } : {}),
      ...(query.federalEntityCode && query.municipalityCode
        ? { municipality_code: query.municipalityCode }
        : {}),
    },
    ...(signal ? { signal } : {}),
  })
  await cacheLocalities(db, found)
  return found
}
