import { type SQL, sql } from 'drizzle-orm'
import type { ExamBuckets } from '../../../src/contract/rules/dashboard/periodic-exams'
import { DEFAULT_EXAM_FREQUENCY_MONTHS, DUE_SOON_DAYS } from '../../../src/contract/rules/periodic-exam-due'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patientExamDues, patients, periodicExams } from '../../db/schema'
import { keptRowCounts, lockKeptRows } from './kept-rows'
import type { DashboardScope } from './scope'

/**
 * `rules/dashboard/periodic-exams.ts` in SQL (through `rules/periodic-exam-due.ts`; the agreement
 * test holds them together): the next exam is due `frequency` months after the latest live exam,
 * or after hiring for the never examined; PostgreSQL's month arithmetic clamps to the month's last
 * day as `addMonths` does (31 January + 1 month = 28/29 February). Then by the days left today:
 * expired before today, due soon within `DUE_SOON_DAYS`, else applied (or never examined).
 *
 * The due day does not depend on today, so each patient's is kept in `patient_exam_dues` until an
 * exam of theirs, their hire date or their frequency changes (decision 0048): a request counts the
 * kept rows and works out, here, only the patients whose row is missing.
 */
export async function examBucketsOf(tx: Tx, scope: DashboardScope): Promise<ExamBuckets> {
  let counts = await keptDues(tx, scope)
  if (counts.missing > 0) {
    await saveDues(tx, scope)
    counts = await keptDues(tx, scope)
  }
  return {
    applied: counts.applied,
    due_soon: counts.due_soon,
    expired: counts.expired,
    never_examined: counts.never_examined,
  }
}

/**
 * The months between exams of an `examination-frequencies` code, as `frequencyMonths` reads it:
 * `N-month(s)` or `N-year(s)` with 1 to 3 digits; anything else (or 0) the default year.
 */
const frequencyMonths = (code: SQL) => sql`case
    when ${code} ~ '^[0-9]{1,3}-(month|months|year|years)$' and split_part(${code}, '-', 1)::int > 0
      then split_part(${code}, '-', 1)::int * case when split_part(${code}, '-', 2) like 'year%' then 12 else 1 end
    else ${DEFAULT_EXAM_FREQUENCY_MONTHS}::int end`

type Counts = ExamBuckets & {
  /** Patients in scope without a kept due day. */
  missing: number
}

/** The buckets of the kept rows `k` on the scope's day, and the rows counted. */
const bucketCounts = (scope: DashboardScope) => sql`
  count(*) filter (where k.due_on is null or (k.due_on > ${scope.today}::date + ${DUE_SOON_DAYS}::int and k.examined_on is null))::int as never_examined,
  count(*) filter (where k.due_on < ${scope.today}::date)::int as expired,
  count(*) filter (where k.due_on >= ${scope.today}::date and k.due_on <= ${scope.today}::date + ${DUE_SOON_DAYS}::int)::int as due_soon,
  count(*) filter (where k.due_on > ${scope.today}::date + ${DUE_SOON_DAYS}::int and k.examined_on is not null)::int as applied`

/** The scope's patients counted by their kept due days, and how many have none. */
async function keptDues(tx: Tx, scope: DashboardScope): Promise<Counts> {
  const [row] = await rowsOf<Counts>(tx, keptRowCounts(scope, patientExamDues, bucketCounts(scope)))
  return {
    applied: Number(row?.applied ?? 0),
    due_soon: Number(row?.due_soon ?? 0),
    expired: Number(row?.expired ?? 0),
    never_examined: Number(row?.never_examined ?? 0),
    missing: Number(row?.missing ?? 0),
  }
}

/**
 * Works out and keeps the due days of the scope's patients that have none. Under the tenant's
 * lock taken exclusive (the forgetting triggers take it shared, and keep it to their commit): a
 * day is never worked out from exams that a transaction still open is changing, and none is
 * forgotten between this and the count that follows.
 */
async function saveDues(tx: Tx, scope: DashboardScope): Promise<void> {
  await lockKeptRows(tx, patientExamDues)
  await tx.execute(
    sql`with person as materialized (
        select p.tenant_id, p.id, p.hire_date, p.exam_frequency
          from ${patients} as p
         where ${scope.patientInScope}
           and not exists (select from ${patientExamDues} as d
                            where d.tenant_id = p.tenant_id and d.patient_id = p.id)),
      latest as (
        select x.patient_id, max(x.examined_on) as examined_on
          from ${periodicExams} as x
         where x.deleted_at is null and x.patient_id in (select id from person)
         group by x.patient_id)
      insert into ${patientExamDues} (tenant_id, patient_id, examined_on, due_on)
        select person.tenant_id, person.id, latest.examined_on,
               (coalesce(latest.examined_on, person.hire_date) + make_interval(months => frequency.months))::date
          from person
          left join latest on latest.patient_id = person.id
          -- A sub-select of its own (offset 0) so that PostgreSQL memoizes it by code: a tenant
          -- has a handful of frequencies, and the pattern match per patient was a third of the work.
          cross join lateral (select ${frequencyMonths(sql`person.exam_frequency`)} as months offset 0) as frequency
        on conflict (tenant_id, patient_id) do update
           set examined_on = excluded.examined_on, due_on = excluded.due_on`,
  )
}
