import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type DataTableQuery, type Paginated, pageWindow } from '../../src/contract/schemas/data-table'
import type { Tx } from '../db/client'
import { FieldError } from './errors'

/**
 * What a table lets the client sort, search and filter by: column keys (as the client's table
 * names them) to SQL. Anything not listed is ignored, so a client can never sort or search by a
 * column the screen does not show (or a secret one). Ignored rather than refused (422) because
 * the names come from the screen's column configuration, and a column added to a screen before
 * its server whitelist should degrade to the default order, not break the table:
 * - an unknown `sortBy` sorts by the tie-breaker; unknown `sortColumns` are skipped;
 * - unknown `searchColumns` are skipped, and when none is left every searchable column is searched;
 * - unknown `filters` keys are skipped.
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
    const asked = query.searchColumns.filter((name) => Object.hasOwn(spec.searchable, name))
    const columns = (asked.length > 0 ? asked : Object.keys(spec.searchable)).map(
      (name) => spec.searchable[name],
    )
    const pattern = `%${escapeLike(query.search)}%`
    conditions.push(or(...columns.map((column) => ilike(sql`(${column})::text`, pattern))))
  }
  for (const [name, value] of Object.entries(query.filters)) {
    const column = spec.filterable && Object.hasOwn(spec.filterable, name) ? spec.filterable[name] : undefined
    if (column) conditions.push(eq(column, filterValue(column, value)))
  }
  return and(...conditions)
}

type FilterValue = DataTableQuery['filters'][string]

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i
const INTEGER_COLUMNS = new Set(['PgInteger', 'PgSmallInt', 'PgSerial', 'PgSmallSerial'])
const MAX_INTEGER = 2_147_483_647

/**
 * A filter's value as its column can hold it. A value the column cannot hold (`"x"` for an id,
 * a word for a flag) is the filter's 422: it would otherwise reach the database, which refuses
 * it as malformed.
 */
function filterValue(column: AnyPgColumn, value: FilterValue): FilterValue {
  const text = String(value)
  if (column.columnType === 'PgUUID') {
    if (typeof value === 'string' && UUID.test(text)) return text
  } else if (column.columnType === 'PgBoolean') {
    if (typeof value === 'boolean') return value
    if (text === 'true' || text === 'false') return text === 'true'
  } else if (INTEGER_COLUMNS.has(column.columnType)) {
    const number = Number(value)
    if (text !== '' && Number.isInteger(number) && Math.abs(number) <= MAX_INTEGER) return number
  } else {
    return text
  }
  throw new FieldError('filters')
}

/**
 * ORDER BY of a table request: `sortBy`, then any further `sortColumns` (both only when listed in
 * `spec.sortable`, in the request's direction), then the tie-breaker so pages never overlap.
 */
export function tableOrder(spec: TableSpec, query: DataTableQuery): SQL[] {
  // An unknown sortBy gets the default order rather than a 422: see TableSpec.
  if (!query.sortBy || !Object.hasOwn(spec.sortable, query.sortBy)) return [asc(spec.tieBreaker)]
  const direction = query.sort === 'desc' ? desc : asc
  const names = [query.sortBy, ...query.sortColumns.filter((name) => name !== query.sortBy)]
  const chosen = names.flatMap((name) => {
    const column = Object.hasOwn(spec.sortable, name) ? spec.sortable[name] : undefined
    return column ? [direction(column)] : []
  })
  return [...chosen, asc(spec.tieBreaker)]
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

/**
 * `paginate` over one table, for the common case with no joins: counts and selects the table's
 * rows with `tx` (the caller's `req.withTenant` transaction, so row-level security holds) and
 * turns each row into the answer with `map`.
 */
export function paginateTable<T extends PgTable, Row>(options: {
  tx: Tx
  table: T
  spec: TableSpec
  query: DataTableQuery
  basePath: string
  where?: SQL
  map: (row: T['$inferSelect']) => Row
}): Promise<Paginated<Row>> {
  const { tx } = options
  // Drizzle's select types cannot follow a generic table; the row type comes back through `map`.
  const table: PgTable = options.table
  return paginate({
    spec: options.spec,
    query: options.query,
    basePath: options.basePath,
    ...(options.where && { where: options.where }),
    count: async (where) => {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(table).where(where)
      return row?.count ?? 0
    },
    rows: async (where, orderBy, limit, offset) => {
      const rows = await tx
        .select()
        .from(table)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)
      // A select of the whole table yields exactly its $inferSelect rows.
      return (rows as T['$inferSelect'][]).map(options.map)
    },
  })
}
