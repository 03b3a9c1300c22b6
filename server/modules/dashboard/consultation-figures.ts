import { type SQL, sql } from 'drizzle-orm'
import { codeUnitOrder } from '../../../src/contract/rules/code-unit-order'
import type {
  AffectedSystemCount,
  AffectedSystemsByPeriod,
} from '../../../src/contract/rules/dashboard/affected-systems'
import type { DiagnosisCount } from '../../../src/contract/rules/dashboard/diagnoses'
import { TOP_LIST_SIZE } from '../../../src/contract/rules/dashboard/top-five'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { consultationDiagnoses } from '../../db/schema'
import { type DashboardScope, instantInPeriod, ofPatientInScope, periodStart } from './scope'

/**
 * The consultation items in SQL, step for step with `rules/dashboard/diagnoses.ts` and
 * `affected-systems.ts`: the live consultations of the patients in scope whose day (in the zone)
 * is in the period; ties by `collate "C"`, the rules' code-unit order. They read the diagnoses as
 * rows (`consultation_diagnoses`, kept with each consultation's write; decision 0039), not each
 * consultation's JSON. A code's (or system's) distinct patients are its rows in the period whose
 * patient had no row of it earlier in the period: whose previous (kept on write) is before the
 * period or none (decision 0043). One pass that counts, instead of hashing every (item, patient)
 * pair of the period.
 */

/** The diagnosis rows the items count: of patients in scope, in the period. */
function countedRows(scope: DashboardScope): SQL {
  return sql`${ofPatientInScope(sql`d.patient_id`, scope)} and ${instantInPeriod(sql`d.started_at`, scope)}`
}

/** The row is its patient's first of the item in the period: its previous is none or before it. */
function firstInPeriod(previous: SQL, scope: DashboardScope): SQL {
  const start = periodStart(scope)
  return start === null ? sql`${previous} is null` : sql`(${previous} is null or ${previous} < ${start})`
}

export async function topDiagnosesOf(tx: Tx, scope: DashboardScope): Promise<DiagnosisCount[]> {
  const rows = await rowsOf<{ code: string; name: string; consultations: number; patients: number }>(
    tx,
    sql`with codes as (
        select d.code, count(*)::int as consultations,
               count(*) filter (where ${firstInPeriod(sql`d.previous_of_code_at`, scope)})::int as patients,
               max(d.started_at) as last_at
          from ${consultationDiagnoses} as d
         where ${countedRows(scope)}
         group by d.code
         order by consultations desc, d.code collate "C"
         limit ${TOP_LIST_SIZE})
      select codes.code, latest.name, codes.consultations, codes.patients
        from codes
        -- The name the latest of them recorded: the later instant, then the higher consultation id.
        left join lateral (
          select d.name from ${consultationDiagnoses} as d
           where d.started_at = codes.last_at and d.code is not distinct from codes.code
             and ${ofPatientInScope(sql`d.patient_id`, scope)}
           order by d.encounter_id desc
           limit 1) as latest on true
       order by codes.consultations desc, codes.code collate "C"`,
  )
  return rows.map((row) => ({
    ...row,
    consultations: Number(row.consultations),
    patients: Number(row.patients),
  }))
}

/**
 * Each affected system's consultations and patients: a consultation counts once per system, by
 * the row that is the first of its system in it (marked when it was written).
 */
const systemCounts = (scope: DashboardScope) => sql`
  count(*)::int as consultations,
  count(*) filter (where ${firstInPeriod(sql`d.previous_of_system_at`, scope)})::int as patients`

const countOf = (row: { system: string; consultations: number; patients: number }): AffectedSystemCount => ({
  affected_system_id: row.system,
  consultations: Number(row.consultations),
  patients: Number(row.patients),
})

export async function topAffectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemCount[]> {
  const rows = await rowsOf<{ system: string; consultations: number; patients: number }>(
    tx,
    sql`select d.affected_system_id as system, ${systemCounts(scope)}
          from ${consultationDiagnoses} as d
         where d.first_of_system and ${countedRows(scope)}
         group by d.affected_system_id
         order by consultations desc, d.affected_system_id collate "C"
         limit ${TOP_LIST_SIZE}`,
  )
  return rows.map(countOf)
}

/**
 * The months of a closed period in the zone: each one's first instant (its local midnight) and its
 * name, in order. A row's month is then the last of those starts at or before it (`width_bucket`,
 * a binary search over a dozen instants), where the month in the zone of each of a year's 290 000
 * rows (`date_trunc` at time zone) was a fifth of the call at scale. An open period takes that way.
 */
function monthsOfPeriod(scope: DashboardScope): SQL {
  const { from, to } = scope.filter.period
  if (from === null || to === null) return sql``
  return sql`with months as (
      select array_agg(m at time zone ${scope.timeZone} order by m) as starts,
             array_agg(to_char(m, 'YYYY-MM') order by m) as names
        from generate_series(date_trunc('month', ${from}::date::timestamp), ${to}::date::timestamp, interval '1 month') as m)`
}

/** A row's month (`monthsOfPeriod`'s position, or the month's local midnight for an open period). */
function monthOf(instant: SQL, scope: DashboardScope): SQL {
  const { from, to } = scope.filter.period
  return from === null || to === null
    ? sql`date_trunc('month', ${instant} at time zone ${scope.timeZone})`
    : sql`width_bucket(${instant}, (select starts from months))`
}

/** The YYYY-MM of a month as `monthOf` gives it, worked out once per group. */
function monthName(month: SQL, scope: DashboardScope): SQL {
  const { from, to } = scope.filter.period
  return from === null || to === null
    ? sql`to_char(${month}, 'YYYY-MM')`
    : sql`(select names[${month}] from months)`
}

/**
 * Both tables in one pass (grouping sets): per system, its consultations and patients; per system
 * and month, its consultations. Ordered here as the rules order them.
 */
export async function affectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemsByPeriod> {
  const rows = await rowsOf<{
    system: string
    month: string | null
    consultations: number
    patients: number
  }>(
    tx,
    sql`${monthsOfPeriod(scope)}
        select d.system, case when grouping(d.month) = 0 then ${monthName(sql`d.month`, scope)} end as month,
               ${systemCounts(scope)}
          from (select d.affected_system_id as system, d.previous_of_system_at, ${monthOf(sql`d.started_at`, scope)} as month
                  from ${consultationDiagnoses} as d
                 where d.first_of_system and ${countedRows(scope)}) as d
         group by grouping sets ((d.system), (d.system, d.month))`,
  )
  const bySystem = rows
    .filter((row) => row.month === null)
    .map(countOf)
    .sort(
      (a, b) =>
        b.consultations - a.consultations || codeUnitOrder(a.affected_system_id, b.affected_system_id),
    )
  const months = rows
    .filter((row): row is typeof row & { month: string } => row.month !== null)
    .map((row) => ({
      affected_system_id: row.system,
      month: row.month,
      consultations: Number(row.consultations),
    }))
    .sort(
      (a, b) => codeUnitOrder(a.month, b.month) || codeUnitOrder(a.affected_system_id, b.affected_system_id),
    )
  return { systems: bySystem, months }
}
