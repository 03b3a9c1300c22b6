import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { SyncedEntity } from '../../src/contract/schemas/sync'
import type { Tx } from '../db/client'
import { type AuditEntry, auditEntryFrom } from './audit'
import { changeFrom } from './change-log'
import type { Claim } from './idempotency'

/** For a mutation's write: true when the request's key is claimed (see `Claim`). */
export const CLAIMED = sql`exists (select from claim)`

export interface Mutation<T extends PgTable> {
  /** The synced table the record lives in; the written row is read back with its columns. */
  table: T
  /**
   * The write, `insert … returning *` or `update … returning *` of at most one row of `table`,
   * which must apply only `where CLAIMED`. Writing nothing (a conflict, a stale version, an
   * unknown parent) is not an error: the route then looks at why.
   */
  write: SQL
  /** The change-feed note of the written record: what it is, whose it is. */
  change: { entity: SyncedEntity; op: 'upsert' | 'delete'; patientId: string | null }
  audit: AuditEntry
}

/**
 * Claims the request's key, writes the record, notes the change in the feed and appends the
 * audit entry in ONE statement of data-modifying CTEs (DESIGN §7: each statement is a round
 * trip, and on the embedded database a costly one). Each part runs only if the one before it
 * produced a row, so the statement does all of it or nothing. Answers the written row, or null
 * when nothing was written; a key claimed before ends the work (`Claim.settle`).
 */
export async function mutate<T extends PgTable>(
  tx: Tx,
  claim: Claim,
  mutation: Mutation<T>,
): Promise<T['$inferSelect'] | null> {
  const written = sql`written`
  const { rows } = (await tx.execute(sql`
    with claim as (${claim.cte}),
         written as (${mutation.write}),
         changed as (${changeFrom(written, mutation.change)}),
         audited as (${auditEntryFrom(written, mutation.audit)})
    select (select count(*) from claim) > 0 as "$claimed", written.*
      from (select) as outcome left join written on true`)) as unknown as {
    rows: Array<Record<string, unknown>>
  }
  const [outcome] = rows
  await claim.settle(tx, outcome?.$claimed === true)
  return outcome?.id == null ? null : rowOf(mutation.table, outcome)
}

/** A row as the query builder would give it: property names, and values through the columns' mapping. */
function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name]
    row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}

/**
 * The column list and values of an insert as `(a, b) select $1, $2`, so that the insert can be
 * made conditional with a `where` (a `values` list cannot); PostgreSQL still types each value
 * by its column. `values` holds property names of `table`, as `insert().values()` takes them.
 */
export function selectedValues<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>): SQL {
  const columns = getTableColumns(table)
  const entries = Object.entries(values).filter(([, value]) => value !== undefined)
  const columnOf = (property: string) => {
    const column = columns[property]
    if (!column) throw new Error(`${property} is no column of the table`)
    return column
  }
  return sql`(${sql.join(
    entries.map(([property]) => sql.identifier(columnOf(property).name)),
    sql`, `,
  )}) select ${sql.join(
    entries.map(([property, value]) => sql.param(value, columnOf(property))),
    sql`, `,
  )}`
}
