import * as v from 'valibot'
import { isStorableText } from '../rules/storable-text'
import { MAX_INTEGER } from './bounded'

/** SPEC §9: the page sizes a table offers, and its default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 10

const whole = (fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.maxLength(10), v.regex(/^\d+$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
      v.maxValue(MAX_INTEGER),
    ),
    fallback,
  )

const names = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(1000),
    v.transform((text) =>
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ),
  '',
)

/** A filter's value: a string, number or flag the database can compare. */
const isFilterValue = (item: unknown) =>
  typeof item === 'string' ? isStorableText(item) : typeof item === 'number' || typeof item === 'boolean'

/** A flat object of scalar filters, sent as JSON text in the query (`filters={"role_id":"…"}`). */
const Filters = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(2000, 'field.invalid'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        const value: unknown = JSON.parse(dataset.value || '{}')
        const flat =
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.entries(value).every(([key, item]) => isStorableText(key) && isFilterValue(item))
        if (flat) return value as Record<string, string | number | boolean>
      } catch {
        // falls through to the issue below
      }
      addIssue({ message: 'field.invalid' })
      return NEVER
    }),
  ),
  '{}',
)

/**
 * The request of a server-mode data table (SPEC §7 Data table): page, pageLength, sortBy,
 * sortColumns, sort, search, searchColumns, filters — all in the query string.
 */
export const DataTableQuery = v.object({
  page: whole(1),
  pageLength: v.pipe(whole(DEFAULT_PAGE_SIZE), v.picklist(PAGE_SIZES, 'field.picklist')),
  sortBy: v.optional(v.pipe(v.string(), v.maxLength(100))),
  sortColumns: names,
  sort: v.optional(v.picklist(['asc', 'desc']), 'asc'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  searchColumns: names,
  filters: Filters,
})
export type DataTableQuery = v.InferOutput<typeof DataTableQuery>
/** What the client sends (before the server's parsing). */
export type DataTableRequest = v.InferInput<typeof DataTableQuery>

export const PageLink = v.object({ url: v.nullable(v.string()), label: v.string(), active: v.boolean() })

/**
 * The page numbers a pager shows, like Laravel's paginator: the first, the last, and two either
 * side of the current one; `null` marks a gap ("...").
 */
export function pageWindow(page: number, lastPage: number): Array<number | null> {
  const wanted = new Set([1, lastPage, page - 2, page - 1, page, page + 1, page + 2])
  const shown = [...wanted].filter((n) => n >= 1 && n <= lastPage).sort((a, b) => a - b)
  const window: Array<number | null> = []
  shown.forEach((n, index) => {
    const previous = shown[index - 1]
    if (previous !== undefined && n - previous > 1) window.push(null)
    window.push(n)
  })
  return window
}

/** SPEC §3 Paginated response: data, from, to, total, links. */
export const paginated = <Row extends v.GenericSchema>(row: Row) =>
  v.object({
    data: v.array(row),
    from: v.nullable(v.number()),
    to: v.nullable(v.number()),
    total: v.number(),
    links: v.array(PageLink),
  })

export interface Paginated<Row> {
  data: Row[]
  from: number | null
  to: number | null
  total: number
  links: Array<{ url: string | null; label: string; active: boolean }>
}
