export interface TableView {
  search: string
  sortBy: string | undefined
  sort: 'asc' | 'desc'
  page: number
  pageLength: number
}

/** Text for searching: no case, no accents ("José" finds "jose"). */
export const fold = (value: unknown) =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** A row's value under a column key. */
// Rows are plain records of the screen's type; the table only knows them by their keys.
export const cellValue = (row: unknown, key: string): unknown => (row as Record<string, unknown>)[key]

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' })

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (a == null || a === '') return b == null || b === '' ? 0 : 1
  if (b == null || b === '') return -1
  return collator.compare(String(a), String(b))
}

/** Each row object's folded text per set of search columns, kept while the row lives. */
const folded = new WeakMap<object, { keys: string; text: string }>()

/**
 * Each row's searchable text, folded once: a search over 100 000 rows is then a plain substring
 * test per row, not an accent-stripping pass per keystroke. The text stays with the row object,
 * so a new order or a new filter of the same rows folds nothing again.
 */
export function searchIndex<Row>(rows: readonly Row[], keys: readonly string[]): string[] {
  const keysText = keys.join('\u0000')
  return rows.map((row) => {
    const cacheable = typeof row === 'object' && row !== null
    const held = cacheable ? folded.get(row) : undefined
    if (held && held.keys === keysText) return held.text
    const text = keys.map((key) => fold(cellValue(row, key))).join('\u0000')
    if (cacheable) folded.set(row, { keys: keysText, text })
    return text
  })
}

/** Rows whose indexed text holds the (folded, trimmed) search. */
export function searchRows<Row>(
  rows: readonly Row[],
  index: readonly string[],
  search: string,
): readonly Row[] {
  return matchRows(rows, index, search, null).rows
}

/** A search's rows, and their positions in the index (null: every row, for an empty search). */
export interface Matches<Row> {
  needle: string
  positions: readonly number[] | null
  rows: readonly Row[]
}

/**
 * Like searchRows, but a search that contains the previous one (a keystroke more) looks only
 * among the previous one's matches: typing narrows an ever smaller list instead of scanning
 * every row each time. `previous` must come from the same rows and index.
 */
export function matchRows<Row>(
  rows: readonly Row[],
  index: readonly string[],
  search: string,
  previous: Matches<Row> | null,
): Matches<Row> {
  const needle = fold(search.trim())
  if (!needle) return { needle, positions: null, rows }
  const narrowing = previous !== null && previous.needle !== '' && needle.includes(previous.needle)
  const candidates = narrowing ? previous.positions : null
  const positions: number[] = []
  const found: Row[] = []
  const count = candidates ? candidates.length : rows.length
  for (let k = 0; k < count; k++) {
    const i = candidates ? (candidates[k] as number) : k
    if ((index[i] as string).includes(needle)) {
      positions.push(i)
      found.push(rows[i] as Row)
    }
  }
  return { needle, positions, rows: found }
}

/** Rows in the order of one column (a stable sort; empty values last either way up). */
export function sortRows<Row>(
  rows: readonly Row[],
  sortBy: string | undefined,
  sort: 'asc' | 'desc',
): readonly Row[] {
  if (!sortBy) return rows
  const direction = sort === 'desc' ? -1 : 1
  const keyed = rows.map((row) => ({ row, value: cellValue(row, sortBy) }))
  keyed.sort((a, b) => {
    const emptyA = a.value == null || a.value === ''
    const emptyB = b.value == null || b.value === ''
    if (emptyA || emptyB) return compare(a.value, b.value)
    return direction * compare(a.value, b.value)
  })
  return keyed.map((entry) => entry.row)
}

/** One page of already searched and sorted rows, with SPEC §3's from / to / total. */
export function pageOf<Row>(rows: readonly Row[], page: number, pageLength: number) {
  const total = rows.length
  const lastPage = Math.max(1, Math.ceil(total / pageLength))
  const current = Math.min(Math.max(1, page), lastPage)
  const start = (current - 1) * pageLength
  const data = rows.slice(start, start + pageLength)
  return {
    data,
    page: current,
    lastPage,
    total,
    from: data.length > 0 ? start + 1 : null,
    to: data.length > 0 ? start + data.length : null,
  }
}

/**
 * One page of the first `rows` of `total` (the rest not read yet): the page and count as if
 * every row were there, the page's rows only where the rows read reach (none otherwise).
 */
export function partialPageOf<Row>(rows: readonly Row[], total: number, page: number, pageLength: number) {
  const lastPage = Math.max(1, Math.ceil(total / pageLength))
  const current = Math.min(Math.max(1, page), lastPage)
  const start = (current - 1) * pageLength
  const end = Math.min(start + pageLength, total)
  const data = end <= rows.length ? rows.slice(start, end) : []
  return {
    data,
    page: current,
    lastPage,
    total,
    from: data.length > 0 ? start + 1 : null,
    to: data.length > 0 ? end : null,
  }
}

/** SPEC §4: a new page size goes to the page that still shows the first row seen. */
export const pageKeepingFirstRow = (from: number | null, newPageLength: number) =>
  from ? Math.floor((from - 1) / newPageLength) + 1 : 1
