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

/**
 * Each row's searchable text, folded once: a search over 100 000 rows is then a plain substring
 * test per row, not an accent-stripping pass per keystroke.
 */
export function searchIndex<Row>(rows: readonly Row[], keys: readonly string[]): string[] {
  return rows.map((row) => keys.map((key) => fold(cellValue(row, key))).join('\u0000'))
}

/** Rows whose indexed text holds the (folded, trimmed) search. */
export function searchRows<Row>(
  rows: readonly Row[],
  index: readonly string[],
  search: string,
): readonly Row[] {
  const needle = fold(search.trim())
  if (!needle) return rows
  return rows.filter((_, i) => index[i]?.includes(needle))
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

/** SPEC §4: a new page size goes to the page that still shows the first row seen. */
export const pageKeepingFirstRow = (from: number | null, newPageLength: number) =>
  from ? Math.floor((from - 1) / newPageLength) + 1 : 1
