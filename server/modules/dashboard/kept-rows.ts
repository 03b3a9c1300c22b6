import { getTableName, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client'
import { patients } from '../../db/schema'
import { currentTenant } from '../../db/schema/columns'
import type { DashboardScope } from './scope'

/**
 * The dashboard's kept per-patient rows (decisions 0045 and 0048: vaccination states, exam due
 * days, latest triage): one row per patient, deleted by the database's triggers when an input of
 * it changes and written again by the dashboard when it finds it missing. This counts them.
 */

/**
 * How many live patients the tenant has: every patient less the deleted ones, each counted from an
 * index (the key, and decision 0039's index of the deleted), where `deleted_at is null` would
 * read the whole table.
 */
const livePatientCount = sql`((select count(*) from ${patients} as p)
  - (select count(*) from ${patients} as p where p.deleted_at is not null))::int`

/**
 * One row: `counts` (aggregates over the kept rows `k` that `holds`, of the scope's patients) and
 * `missing`, the scope's patients without such a row. Over the whole tenant the kept rows are
 * counted alone (those of deleted patients left out, decision 0039's way) and compared with the
 * live patients, rather than joined with 100 000 of them: patients are never deleted outright, so
 * every kept row names one. Otherwise the scope's patients are joined with their rows.
 */
export function keptRowCounts(
  scope: DashboardScope,
  table: PgTable,
  counts: SQL,
  holds: SQL = sql`true`,
): SQL {
  return scope.wholeTenant
    ? sql`with kept as (
          select ${counts}, count(*)::int as counted
            from ${table} as k
           where ${holds} and k.patient_id not in (select p.id from ${patients} as p where p.deleted_at is not null))
        select kept.*, ${livePatientCount} - kept.counted as missing from kept`
    : sql`select ${counts}, count(*) filter (where k.patient_id is null)::int as missing
          from ${patients} as p
          left join ${table} as k on k.tenant_id = p.tenant_id and k.patient_id = p.id and ${holds}
         where ${scope.patientInScope}`
}

/**
 * How many of the tenant's live patients have no row in `table` (whose rows hold until deleted):
 * every count from an index, so a request that reads the rows another way (`patient-figures.ts`'
 * latest triage) learns cheaply whether any is missing. A patient deleted keeps their row, which
 * is left out here as in the counts.
 */
export const missingKeptRows = (table: PgTable): SQL => sql`select (${livePatientCount}
  - ((select count(*) from ${table} as k)
     - (select count(*) from ${table} as k
         where k.patient_id in (select p.id from ${patients} as p where p.deleted_at is not null))))::int as missing`

/**
 * Takes the tenant's lock on `table`'s kept rows exclusive, for the rest of the transaction, before
 * working missing rows out: the forgetting triggers take it shared and keep it to their commit
 * (`kept_rows_lock`, migration 0030), so no row is worked out from records a transaction still
 * open is changing, and none is forgotten between the working out and the count that follows.
 */
export async function lockKeptRows(tx: Tx, table: PgTable): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(kept_rows_lock(${getTableName(table)}, ${currentTenant}))`,
  )
}
