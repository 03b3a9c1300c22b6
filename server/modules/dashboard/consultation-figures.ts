import { type SQL, sql } from 'drizzle-orm'
import type {
  AffectedSystemCount,
  AffectedSystemsByPeriod,
} from '../../../src/contract/rules/dashboard/affected-systems'
import type { DiagnosisCount } from '../../../src/contract/rules/dashboard/diagnoses'
import { TOP_LIST_SIZE } from '../../../src/contract/rules/dashboard/top-five'
import type { Tx } from '../../db/client'
import { encounters } from '../../db/schema'
import { type DashboardScope, instantInPeriod, rowsOf } from './scope'

/**
 * The consultation items in SQL, step for step with `rules/dashboard/diagnoses.ts` and
 * `affected-systems.ts`: the live consultations of the patients in scope whose day (in the zone)
 * is in the period; ties by `collate "C"`, the rules' code-unit order.
 */

/** `with scoped, counted`: the consultations the items count. */
function counted(scope: DashboardScope): SQL {
  return sql`with scoped as (${scope.scoped}),
    counted as (
      select e.id, e.patient_id, e.started_at, e.diagnoses
        from ${encounters} as e
        join scoped on scoped.id = e.patient_id
       where e.deleted_at is null and ${instantInPeriod(sql`e.started_at`, scope)})`
}

export async function topDiagnosesOf(tx: Tx, scope: DashboardScope): Promise<DiagnosisCount[]> {
  const rows = await rowsOf<{ code: string; name: string; consultations: number; patients: number }>(
    tx,
    sql`${counted(scope)}
      select * from (
        select d->>'code' as code,
               (array_agg(d->>'name' order by c.started_at desc, c.id desc))[1] as name,
               count(*)::int as consultations,
               count(distinct c.patient_id)::int as patients
          from counted as c, jsonb_array_elements(c.diagnoses) as d
         group by 1) as codes
       order by consultations desc, code collate "C"
       limit ${TOP_LIST_SIZE}`,
  )
  return rows.map((row) => ({
    ...row,
    consultations: Number(row.consultations),
    patients: Number(row.patients),
  }))
}

/** `systems`: each consultation's affected systems, each once. */
const systems = sql`systems as (
  select distinct c.id, c.patient_id, c.started_at, d->>'affected_system_id' as system
    from counted as c, jsonb_array_elements(c.diagnoses) as d)`

const countOf = (row: { system: string; consultations: number; patients: number }): AffectedSystemCount => ({
  affected_system_id: row.system,
  consultations: Number(row.consultations),
  patients: Number(row.patients),
})

export async function topAffectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemCount[]> {
  const rows = await rowsOf<{ system: string; consultations: number; patients: number }>(
    tx,
    sql`${counted(scope)}, ${systems}
      select system, count(*)::int as consultations, count(distinct patient_id)::int as patients
        from systems group by system
       order by consultations desc, system collate "C"
       limit ${TOP_LIST_SIZE}`,
  )
  return rows.map(countOf)
}

export async function affectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemsByPeriod> {
  const bySystem = await rowsOf<{ system: string; consultations: number; patients: number }>(
    tx,
    sql`${counted(scope)}, ${systems}
      select system, count(*)::int as consultations, count(distinct patient_id)::int as patients
        from systems group by system
       order by consultations desc, system collate "C"`,
  )
  const byMonth = await rowsOf<{ system: string; month: string; consultations: number }>(
    tx,
    sql`${counted(scope)}, ${systems}
      select * from (
        select system, to_char(started_at at time zone ${scope.timeZone}, 'YYYY-MM') as month,
               count(*)::int as consultations
          from systems group by 1, 2) as months
       order by month collate "C", system collate "C"`,
  )
  return {
    systems: bySystem.map(countOf),
    months: byMonth.map((row) => ({
      affected_system_id: row.system,
      month: row.month,
      consultations: Number(row.consultations),
    })),
  }
}
