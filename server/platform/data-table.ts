import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { type DataTableQuery, type Paginated, pageWindow } from '../../src/contract/schemas/data-table'

/**
 * What a table lets the client sort, search and filter by: column keys (as the client's table
 * names them) to SQL. Anything not listed is ignored, so a client can never sort or search by a
 * column the screen does not show (or a secret one).
 */
export interface TableSpec {
  sortable: Record<string, AnyPgColumn | SQL>
  searchable: Record<string, AnyPgColumn | SQL>
  filterable?: Record<string, AnyPgColumn>
  /** The order when the client names none (and the tie-breaker after any): a unique column. */
  tieBreaker: AnyPgColumn
}

/** `%` and `_` typed by a user are text, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The WHERE of a table request: the caller's own condition, the search, the filters. */
export function tableWhere(spec: TableSpec, query: DataTableQuery, base?: SQL): SQL | undefined {
  const conditions: (SQL | undefined)[] = [base]
  if (query.search) {
    const asked = query.searchColumns.filter((name) => name in spec.searchable)
    const columns = (asked.length > 0 ? asked : Object.keys(spec.searchable)).map(
      (name) => spec.searchable[name],
    )
    const pattern = `%${escapeLike(query.search)}%`
    conditions.push(or(...columns.map((column) => ilike(sql`(${column})::text`, pattern))))
  }
  for (const [name, value] of Object.entries(query.filters)) {
    const column = spec.filterable?.[name]
    if (column) conditions.push(eq(column, value))
  }
  return and(...conditions)
}

/**
 * ORDER BY of a table request: `sortBy`, then any further `sortColumns` (both only when listed in
 * `spec.sortable`, in the request's direction), then the tie-breaker so pages never overlap.
 */
export function tableOrder(spec: TableSpec, query: DataTableQuery): SQL[] {
  const direction = query.sort === 'desc' ? desc : asc
  const names = query.sortBy
    ? [query.sortBy, ...query.sortColumns.filter((name) => name !== query.sortBy)]
    : []
  // An unknown sortBy gets the default order rather than a 422: see TableSpec.
  if (!query.sortBy || !Object.hasOwn(spec.sortable, query.sortBy)) return [asc(spec.tieBreaker)]
  const chosen = names.flatMap((name) => (Object.hasOwn(spec.sortable, name) ? [spec.sortable[name]] : []))
  return [...chosen.flatMap((column) => (column ? [direction(column)] : [])), asc(spec.tieBreaker)]
}

/** Page links like Laravel's paginator: previous, the numbers around the current page, next. */
export function pageLinks(basePath: string, page: number, lastPage: number) {
  const url = (n: number) => (n >= 1 && n <= lastPage ? `${basePath}?page=${n}` : null)
  return [
    { url: url(page - 1), label: '&laquo; Previous', active: false },
    ...pageWindow(page, lastPage).map((n) =>
      n === null
        ? { url: null, label: '...', active: false }
        : { url: url(n), label: String(n), active: n === page },
    ),
    { url: url(page + 1), label: 'Next &raquo;', active: false },
  ]
}

/**
 * Answers a data-table request (SPEC §3 Paginated response) from the caller's query: `count`
 * and `rows` run the caller's Drizzle select (inside its tenant transaction) with the WHERE,
 * ORDER BY, LIMIT and OFFSET worked out here.
 */
export async function paginate<Row>(options: {
  spec: TableSpec
  query: DataTableQuery
  basePath: string
  where?: SQL
  count: (where: SQL | undefined) => Promise<number>
  rows: (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<Row[]>
}): Promise<Paginated<Row>> {
  const { spec, query } = options
  const where = tableWhere(spec, query, options.where)
  const total = await options.count(where)
  const lastPage = Math.max(1, Math.ceil(total / query.pageLength))
  const page = Math.min(query.page, lastPage)
  const offset = (page - 1) * query.pageLength
  const data = total === 0 ? [] : await options.rows(where, tableOrder(spec, query), query.pageLength, offset)
  return {
    data,
    from: data.length > 0 ? offset + 1 : null,
    to: data.length > 0 ? offset + data.length : null,
    total,
    links: pageLinks(options.basePath, page, lastPage),
  }
}
