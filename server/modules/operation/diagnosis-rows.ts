import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { consultationDiagnoses, encounters } from '../../db/schema'

/**
 * Keeps `consultation_diagnoses` in step with the consultations (decision 0039): the given
 * consultations' rows are replaced by their current diagnoses, one row per list item, none for a
 * deleted consultation. Called in the transaction of every write of `encounters` (the create and
 * amend routes, which the sync batch replays, and the seeds), so the dashboard never sees a
 * consultation without its rows or rows of a diagnosis since amended away. RLS keeps it to the
 * transaction's tenant. `which` = null rewrites every consultation of the tenant (a load, the bench).
 */
export async function rewriteDiagnosisRows(tx: Tx, which: readonly string[] | null): Promise<void> {
  if (which !== null && which.length === 0) return
  // One array parameter, however many consultations.
  const ids = which === null ? null : sql`${`{${which.join(',')}}`}::uuid[]`
  const only = (column: SQL): SQL => (ids === null ? sql`true` : sql`${column} = any(${ids})`)
  await tx.execute(sql`delete from ${consultationDiagnoses} where ${only(sql`encounter_id`)}`)
  await tx.execute(sql`${diagnosisRowsInsert} and ${only(sql`e.id`)}`)
}

/**
 * The rows of the live consultations (`… where e.deleted_at is null`, to be narrowed). The
 * migration that made the table (0025) backfilled it with this same statement.
 */
const diagnosisRowsInsert = sql`
  insert into ${consultationDiagnoses} (tenant_id, encounter_id, position, patient_id, started_at, code, name,
                                        affected_system_id, first_of_system)
  select e.tenant_id, e.id, d.position, e.patient_id, e.started_at,
         d.item->>'code', d.item->>'name', d.item->>'affected_system_id',
         row_number() over (partition by e.tenant_id, e.id, d.item->>'affected_system_id' order by d.position) = 1
    from ${encounters} as e
    cross join lateral jsonb_array_elements(e.diagnoses) with ordinality as d(item, position)
   where e.deleted_at is null`
