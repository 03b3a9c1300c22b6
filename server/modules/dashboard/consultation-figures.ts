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

/**
 * `systems`: each consultation's affected systems, each once — made distinct within the
 * consultation, not by sorting every row of the period (288 000 at scale) on the whole tuple.
 */
const systems = sql`systems as (
  select c.id, c.patient_id, c.started_at, s.system
    from counted as c
    cross join lateral (select distinct d->>'affected_system_id' as system
                          from jsonb_array_elements(c.diagnoses) as d) as s)`

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

/** Code-unit order, as `collate "C"` and the rules sort. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Both tables in one pass over the period's consultations (grouping sets): per system, and per
 * system and month, ordered here as the two queries ordered them.
 */
export async function affectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemsByPeriod> {
  const rows = await rowsOf<{
    system: string
    month: string
    per_system: boolean
    consultations: number
    patients: number
  }>(
    tx,
    sql`${counted(scope)}, ${systems},
      dated as (
        select system, patient_id, to_char(started_at at time zone ${scope.timeZone}, 'YYYY-MM') as month
          from systems)
      select system, month, grouping(month) = 1 as per_system,
             count(*)::int as consultations, count(distinct patient_id)::int as patients
        from dated group by grouping sets ((system), (system, month))`,
  )
  const bySystem = rows
    .filter((row) => row.per_system)
    .map(countOf)
    .sort(
      (a, b) => b.consultations - a.consultations || byCodeUnits(a.affected_system_id, b.affected_system_id),
    )
  const months = rows
    .filter((row) => !row.per_system)
    .map((row) => ({
      affected_system_id: row.system,
      month: row.month,
      consultations: Number(row.consultations),
    }))
    .sort((a, b) => byCodeUnits(a.month, b.month) || byCodeUnits(a.affected_system_id, b.affected_system_id))
  return { systems: bySystem, months }
}
