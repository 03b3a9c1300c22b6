import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { rowsOf, uuidArray } from '../../db/raw-sql'
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
  if (which === null) {
    await tx.execute(sql`delete from ${consultationDiagnoses}`)
    await tx.execute(diagnosisRowsInsert)
    await tx.execute(previousRowsUpdate(sql`true`))
    return
  }
  if (which.length === 0) return
  const ids = uuidArray(which)
  const removed = await rowsOf<{ patient_id: string }>(
    tx,
    sql`delete from ${consultationDiagnoses} where encounter_id = any(${ids}) returning patient_id`,
  )
  const written = await rowsOf<{ patient_id: string }>(
    tx,
    sql`${diagnosisRowsInsert} and e.id = any(${ids}) returning patient_id`,
  )
  // Each row's previous depends on the patient's other rows: relink every row of the patients
  // whose rows changed, those removed and those written (an amendment may move a consultation in
  // time or to another patient). Named as an array, the patient index finds their few rows; an
  // `or` with a sub-select here made PostgreSQL scan the whole table (363 ms a write at scale).
  const touched = [...new Set([...removed, ...written].map((row) => row.patient_id))]
  if (touched.length > 0) await tx.execute(previousRowsUpdate(sql`patient_id = any(${uuidArray(touched)})`))
}

/**
 * Sets `previous_of_code_at` and `previous_of_system_at` of the chosen rows from their patient's
 * rows (decision 0043); a row already right is not written. The migration that added them (0026)
 * backfilled them with this same statement.
 */
const previousRowsUpdate = (which: SQL): SQL => sql`
  update ${consultationDiagnoses} as d
     set previous_of_code_at = w.previous_of_code_at, previous_of_system_at = w.previous_of_system_at
    from (select tenant_id, encounter_id, position,
                 lag(started_at) over (partition by tenant_id, patient_id, code
                                       order by started_at, encounter_id, position) as previous_of_code_at,
                 case when first_of_system then
                   lag(started_at) over (partition by tenant_id, patient_id, affected_system_id, first_of_system
                                         order by started_at, encounter_id, position)
                 end as previous_of_system_at
            from ${consultationDiagnoses}
           where ${which}) as w
   where d.tenant_id = w.tenant_id and d.encounter_id = w.encounter_id and d.position = w.position
     and (d.previous_of_code_at is distinct from w.previous_of_code_at
          or d.previous_of_system_at is distinct from w.previous_of_system_at)`

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
