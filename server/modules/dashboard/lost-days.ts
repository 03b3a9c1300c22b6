import { sql } from 'drizzle-orm'
import { codeUnitOrder } from '../../../src/contract/rules/code-unit-order'
import type { LostDaysFigures } from '../../../src/contract/rules/dashboard/lost-days'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { disabilities } from '../../db/schema'
import { type DashboardScope, ofPatientInScope } from './scope'

/**
 * `rules/dashboard/lost-days.ts` (through `rules/disability-days.ts`' `lostDaySlices`) in SQL:
 * each patient's live disabilities in the order of their start (then id); a day already covered by
 * an earlier one is not lost again, so each counts from the day after the latest end before it;
 * only the days within the period count; what is left is split by calendar month. Disabilities
 * wholly outside the period are skipped first: one ending before it covers nothing within it, and
 * one starting after it comes after every disability that counts.
 */
export async function lostDaysOf(tx: Tx, scope: DashboardScope): Promise<LostDaysFigures> {
  const { from, to } = scope.filter.period
  const lower = from === null ? sql`'-infinity'::date` : sql`${from}::date`
  const upper = to === null ? sql`'infinity'::date` : sql`${to}::date`
  const rows = await rowsOf<{ month: string | null; type_id: string | null; days: number; patients: number }>(
    tx,
    sql`with ordered as (
        select d.patient_id, d.type_id::text as type_id, d.start_date, d.end_date,
               max(d.end_date) over (partition by d.patient_id order by d.start_date, d.id
                                     rows between unbounded preceding and 1 preceding) as covered
          from ${disabilities} as d
         where d.deleted_at is null and ${ofPatientInScope(sql`d.patient_id`, scope)}
           ${from === null ? sql`` : sql`and d.end_date >= ${lower}`}
           ${to === null ? sql`` : sql`and d.start_date <= ${upper}`}),
      counted as (
        select patient_id, type_id,
               greatest(start_date, coalesce(covered + 1, start_date), ${lower}) as first_day,
               least(end_date, ${upper}) as last_day
          from ordered),
      slices as (
        select patient_id, type_id, to_char(month, 'YYYY-MM') as month,
               least(last_day, (month + interval '1 month - 1 day')::date)
                 - greatest(first_day, month::date) + 1 as days
          from counted,
               generate_series(date_trunc('month', first_day::timestamp), date_trunc('month', last_day::timestamp), interval '1 month') as month
         where first_day <= last_day)
      select month, type_id, sum(days)::int as days, count(distinct patient_id)::int as patients
        from slices group by grouping sets ((month, type_id), (type_id), ())`,
  )
  let total = 0
  let patients = 0
  const types: LostDaysFigures['types'] = []
  const months: LostDaysFigures['months'] = []
  for (const row of rows) {
    const days = Number(row.days)
    if (row.month === null && row.type_id === null) {
      total = days
      patients = Number(row.patients)
    } else if (row.month === null && row.type_id !== null) types.push({ type_id: row.type_id, days })
    else if (row.month !== null && row.type_id !== null)
      months.push({ month: row.month, type_id: row.type_id, days })
  }
  types.sort((a, b) => b.days - a.days || codeUnitOrder(a.type_id, b.type_id))
  months.sort((a, b) => codeUnitOrder(a.month, b.month) || codeUnitOrder(a.type_id, b.type_id))
  return { total_days: total, patients, types, months }
}
