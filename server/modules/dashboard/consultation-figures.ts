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
import { type DashboardScope, instantInPeriod, ofPatientInScope, periodStart, textArray } from './scope'

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

/**
 * Joins each of `codes` (code, last_at: the instant of its latest row in the period) with the
 * name its latest row recorded: the later instant, then the higher consultation id.
 */
function latestNames(scope: DashboardScope): SQL {
  return sql`left join lateral (
          select d.name from ${consultationDiagnoses} as d
           where d.started_at = codes.last_at and d.code is not distinct from codes.code
             and ${ofPatientInScope(sql`d.patient_id`, scope)}
           order by d.encounter_id desc
           limit 1) as latest on true`
}

/** A code's consultations and distinct patients in the period, over the rows `d` of its group. */
const diagnosisCounts = (scope: DashboardScope) => sql`
  count(*)::int as consultations,
  count(*) filter (where ${firstInPeriod(sql`d.previous_of_code_at`, scope)})::int as patients`

type DiagnosisRow = { code: string; name: string; consultations: number; patients: number }

const diagnosisOf = (row: DiagnosisRow): DiagnosisCount => ({
  ...row,
  consultations: Number(row.consultations),
  patients: Number(row.patients),
})

export async function topDiagnosesOf(tx: Tx, scope: DashboardScope): Promise<DiagnosisCount[]> {
  const rows = await rowsOf<DiagnosisRow>(
    tx,
    sql`with codes as (
        select d.code, ${diagnosisCounts(scope)}, max(d.started_at) as last_at
          from ${consultationDiagnoses} as d
         where ${countedRows(scope)}
         group by d.code
         order by consultations desc, d.code collate "C"
         limit ${TOP_LIST_SIZE})
      select codes.code, latest.name, codes.consultations, codes.patients
        from codes
        ${latestNames(scope)}
       order by codes.consultations desc, codes.code collate "C"`,
  )
  return rows.map(diagnosisOf)
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

/** The systems' table and the months' table from their groups' rows, ordered as the rules order them. */
function systemsByPeriodOf(
  rows: ReadonlyArray<{ system: string; month: string | null; consultations: number; patients: number }>,
): AffectedSystemsByPeriod {
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

/**
 * Both tables in one pass: the period's rows counted once per system and month (one hash table),
 * then those few groups summed per system (grouping sets), where grouping sets over the rows
 * themselves looked each row up twice (at scale 190 against about 130 ms). A system's patients add
 * up across its months: each row counts for its own, whether it is its patient's first of the
 * system in the whole period. Ordered here as the rules order them.
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
        select g.system, case when grouping(g.month) = 0 then ${monthName(sql`g.month`, scope)} end as month,
               sum(g.consultations)::int as consultations, sum(g.patients)::int as patients
          from (select d.affected_system_id as system, ${monthOf(sql`d.started_at`, scope)} as month, ${systemCounts(scope)}
                  from ${consultationDiagnoses} as d
                 where d.first_of_system and ${countedRows(scope)}
                 group by 1, 2) as g
         group by grouping sets ((g.system), (g.system, g.month))`,
  )
  return systemsByPeriodOf(rows)
}

/**
 * Both consultation items of the PDF (`dashboard-pdf.routes.ts`) in one pass over the period's
 * rows, where `affectedSystemsOf` and `topDiagnosesOf` read them once each (at scale about 130 and
 * 90 ms; together about 130): the rows counted once per system, code and month, then those groups
 * summed per system, per system and month (the systems' counts: of the rows that are the first of
 * their system in a consultation) and per code (every row). Each item's counts are those of its
 * own query (`dashboard-agreement.test.ts` checks both against the rules); the top five codes are
 * then named as `topDiagnosesOf` names them.
 */
export async function consultationFiguresOf(
  tx: Tx,
  scope: DashboardScope,
): Promise<{ affectedSystems: AffectedSystemsByPeriod; topDiagnoses: DiagnosisCount[] }> {
  const rows = await rowsOf<{
    kind: 'code' | 'month' | 'system'
    key: string | null
    month: string | null
    consultations: number
    patients: number
    last_at: string | null
  }>(
    tx,
    sql`${monthsOfPeriod(scope)}
        select case when grouping(g.code) = 0 then 'code' when grouping(g.month) = 0 then 'month' else 'system' end as kind,
               case when grouping(g.code) = 0 then g.code else g.system end as key,
               case when grouping(g.month) = 0 then ${monthName(sql`g.month`, scope)} end as month,
               case when grouping(g.code) = 0 then sum(g.consultations) else sum(g.system_consultations) end::int as consultations,
               case when grouping(g.code) = 0 then sum(g.patients) else sum(g.system_patients) end::int as patients,
               -- As text: the driver's Date would drop the microseconds the names are found by.
               case when grouping(g.code) = 0 then max(g.last_at)::text end as last_at
          from (select d.affected_system_id as system, d.code, ${monthOf(sql`d.started_at`, scope)} as month,
                       count(*) filter (where d.first_of_system) as system_consultations,
                       count(*) filter (where d.first_of_system and ${firstInPeriod(sql`d.previous_of_system_at`, scope)}) as system_patients,
                       ${diagnosisCounts(scope)}, max(d.started_at) as last_at
                  from ${consultationDiagnoses} as d
                 where ${countedRows(scope)}
                 group by 1, 2, 3) as g
         group by grouping sets ((g.system), (g.system, g.month), (g.code))`,
  )
  const byPeriod = systemsByPeriodOf(
    rows
      .filter((row) => row.kind !== 'code' && Number(row.consultations) > 0)
      .map((row) => ({ ...row, system: row.key as string })),
  )
  // The rules' top five (`topFive`): the most consultations, ties by the code in code-unit order
  // (a missing code last, as `collate "C"` puts a null).
  const codes = rows
    .filter((row) => row.kind === 'code')
    .sort(
      (a, b) =>
        Number(b.consultations) - Number(a.consultations) ||
        (a.key === null ? 1 : b.key === null ? -1 : codeUnitOrder(a.key, b.key)),
    )
    .slice(0, TOP_LIST_SIZE)
  if (codes.length === 0) return { affectedSystems: byPeriod, topDiagnoses: [] }
  const named = await rowsOf<{ name: string }>(
    tx,
    sql`select latest.name
          from unnest(${textArray(codes.map((row) => row.key))},
                      ${textArray(codes.map((row) => row.last_at))}::timestamptz[]) with ordinality as codes(code, last_at, place)
          ${latestNames(scope)}
         order by codes.place`,
  )
  const topDiagnoses = codes.map((row, at) =>
    diagnosisOf({
      code: row.key as string,
      name: named[at]?.name as string,
      consultations: row.consultations,
      patients: row.patients,
    }),
  )
  return { affectedSystems: byPeriod, topDiagnoses }
}
