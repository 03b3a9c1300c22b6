import { asc, isNull, type SQL, sql } from 'drizzle-orm'
import { type DashboardFilter, dashboardFilterOf } from '../../../src/contract/rules/dashboard/scope'
import type { DashboardQuery } from '../../../src/contract/schemas/dashboard'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { zonedDayAndTime } from '../../../src/documents/zoned-time'
import type { Tx } from '../../db/client'
import { patients, specialLabels, specialSublabels } from '../../db/schema'
import { assignedTo } from '../../platform/assignment-scope'

/** A live special label with its live sublabels, in the catalogue's order. */
export interface LiveLabel {
  id: string
  name: string
  color: string
  icon: string
  sublabels: Array<{ id: string; name: string }>
}

/**
 * What every dashboard query of one request shares: the filter (the contract's, so the rules and
 * the SQL read the same one), today in the asked zone, the live labels and `scoped`, the select of
 * the patients counted — live, in the caller's care (all of the tenant with all-assignments),
 * in the subgroup and carrying one of the sublabels.
 */
export interface DashboardScope {
  filter: DashboardFilter
  today: string
  timeZone: string
  labels: LiveLabel[]
  /** `select id from patients …`, used as `with scoped as (…)`. */
  scoped: SQL
  /** The same conditions on `patients as p`, for a query that reads the patients themselves. */
  patientInScope: SQL
  /**
   * Every live patient of the tenant (no assignment restriction, no subgroup, no sublabel): a
   * row's patient is then in scope unless deleted, which the few deleted patients say faster
   * than a join with 100 000 live ones (decision 0039).
   */
  wholeTenant: boolean
  /** Whose assigned patients are counted; null for every patient of the tenant. */
  assignedUser: string | null
}

/** The tenant's live labels and sublabels (RLS keeps them to the tenant). */
export async function liveLabels(tx: Tx): Promise<LiveLabel[]> {
  const labels = await tx
    .select()
    .from(specialLabels)
    .where(isNull(specialLabels.deletedAt))
    .orderBy(asc(specialLabels.name), asc(specialLabels.id))
  const sublabels = await tx
    .select()
    .from(specialSublabels)
    .where(isNull(specialSublabels.deletedAt))
    .orderBy(asc(specialSublabels.position), asc(specialSublabels.name), asc(specialSublabels.id))
  return labels.map((label) => ({
    id: label.id,
    name: label.name,
    color: label.color,
    icon: label.icon,
    sublabels: sublabels
      .filter((sublabel) => sublabel.specialLabelId === label.id)
      .map((sublabel) => ({ id: sublabel.id, name: sublabel.name })),
  }))
}

/** A text[] literal of ids (or other texts, nulls kept), as parameters. */
export const textArray = (values: readonly (string | null)[]): SQL =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`

/**
 * The scope of a query asked by a user whose patients are `assignedUser`'s (`assignedUserOf`: null
 * for one who sees all), of the day `now` is in (one instant for a request's every transaction).
 */
export async function dashboardScope(
  tx: Tx,
  assignedUser: string | null,
  query: DashboardQuery,
  now: Date = new Date(),
): Promise<DashboardScope> {
  // For this transaction only, three planner settings, in one round trip:
  // - no JIT: the vaccine figures expand JSON that the planner guesses at 100 rows a row, and the
  //   cost it then sees (millions) made it JIT-compile the consultation aggregates, 8 s of LLVM
  //   for queries that run in well under a second (docs/benchmarks.md, issue 24);
  // - a plan for each query's own values: after five runs of a prepared statement on a pooled
  //   connection PostgreSQL may switch to a generic plan, which cannot see how much of the table
  //   the period holds; at scale the whole tenant's top systems went from 110 to 390 ms there.
  //   Planning takes about 2 ms;
  // - no parallel workers: starting them cost about 100 ms a query on a 2-core server, more than
  //   the scans they share (whole tenant: special labels 290 -> 230 ms, vaccines 195 -> 120 ms),
  //   and under concurrent requests the cores are taken anyway.
  await tx.execute(
    sql`select set_config('jit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true),
               set_config('max_parallel_workers_per_gather', '0', true)`,
  )
  const timeZone = query.time_zone ?? DOCUMENT_TIME_ZONE
  const labels = await liveLabels(tx)
  const filter = dashboardFilterOf(query, labels, timeZone)
  const conditions: SQL[] = [sql`p.deleted_at is null`]
  if (assignedUser) conditions.push(assignedTo(assignedUser, sql`p.id`))
  if (filter.subgroup !== null)
    conditions.push(sql`p.subgroups @> ${JSON.stringify([filter.subgroup])}::jsonb`)
  if (filter.sublabels !== null)
    conditions.push(sql`p.special_sublabel_ids ?| ${textArray(filter.sublabels)}`)
  const patientInScope = sql.join(conditions, sql` and `)
  return {
    filter,
    timeZone,
    today: zonedDayAndTime(now, timeZone).day,
    labels,
    scoped: sql`select p.id from ${patients} as p where ${patientInScope}`,
    patientInScope,
    wholeTenant: !assignedUser && filter.subgroup === null && filter.sublabels === null,
    assignedUser,
  }
}

/** A row's patient (its `column`) is in scope: over the whole tenant, unless deleted (decision 0039). */
export function ofPatientInScope(column: SQL, scope: DashboardScope): SQL {
  return scope.wholeTenant
    ? sql`${column} not in (select p.id from ${patients} as p where p.deleted_at is not null)`
    : sql`${column} in (${scope.scoped})`
}

/** The instant the period's first day starts in the zone (its local midnight); null when open. */
export function periodStart(scope: DashboardScope): SQL | null {
  const { from } = scope.filter.period
  return from === null ? null : sql`(${from}::date::timestamp at time zone ${scope.timeZone})`
}

/**
 * A timestamptz column's rows whose day in the zone is in the period, as bounds on the instant
 * (local midnights), so an index on the column serves it.
 */
export function instantInPeriod(column: SQL, scope: DashboardScope): SQL {
  const { period } = scope.filter
  const parts: SQL[] = [sql`true`]
  const start = periodStart(scope)
  if (start !== null) parts.push(sql`${column} >= ${start}`)
  if (period.to !== null)
    parts.push(sql`${column} < ((${period.to}::date + 1)::timestamp at time zone ${scope.timeZone})`)
  return sql.join(parts, sql` and `)
}

/** A date column's rows in the period. */
export function dateInPeriod(column: SQL, scope: DashboardScope): SQL {
  const { period } = scope.filter
  const parts: SQL[] = [sql`true`]
  if (period.from !== null) parts.push(sql`${column} >= ${period.from}::date`)
  if (period.to !== null) parts.push(sql`${column} <= ${period.to}::date`)
  return sql.join(parts, sql` and `)
}
