import type { Column } from './config'

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

const cellValue = (row: unknown, key: string) => (row as Record<string, unknown>)[key]

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' })

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (a == null) return b == null ? 0 : 1
  if (b == null) return -1
  return collator.compare(String(a), String(b))
}

/** Rows that match the search in any searchable column (all visible ones when none is marked). */
export function searchRows<Row>(
  rows: readonly Row[],
  columns: Column<Row>[],
  search: string,
): readonly Row[] {
  const needle = fold(search.trim())
  if (!needle) return rows
  const marked = columns.filter((c) => c.isSearch && !c.isAction)
  const searchable = marked.length > 0 ? marked : columns.filter((c) => !c.isAction && !c.isHide)
  return rows.filter((row) => searchable.some((column) => fold(cellValue(row, column.key)).includes(needle)))
}

export function sortRows<Row>(
  rows: readonly Row[],
  sortBy: string | undefined,
  sort: 'asc' | 'desc',
): readonly Row[] {
  if (!sortBy) return rows
  const direction = sort === 'desc' ? -1 : 1
  return [...rows].sort((a, b) => direction * compare(cellValue(a, sortBy), cellValue(b, sortBy)))
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
