import { sql } from 'drizzle-orm'
import {
  AGE_BANDS,
  type AgeBand,
  CHART_SEXES,
  type ChartSex,
  type PatientCharts,
} from '../../../src/contract/rules/dashboard/patients'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patients } from '../../db/schema'
import { type DashboardScope, textArray } from './scope'

/** The recorded sexes the charts name; any other value (or none) is `unrecorded`. */
const NAMED_SEXES = CHART_SEXES.filter((sex) => sex !== 'unrecorded')

/**
 * Each band from the oldest down, so the first whose lower age the patient reached is theirs, as
 * `ageBandOf` keeps the last band reached.
 */
const bandCase = sql.join(
  [...AGE_BANDS].reverse().map((entry) => sql`when age >= ${entry.from}::int then ${entry.band}::text`),
  sql` `,
)

/**
 * The patients in scope by biological sex and by age band today, step for step with
 * `rules/dashboard/patients.ts`: completed years counted on the calendar (a birthday counts from
 * its own day), a birth date after today unrecorded. The period does not apply.
 */
export async function patientChartsOf(tx: Tx, scope: DashboardScope): Promise<PatientCharts> {
  const rows = await rowsOf<{ sex: ChartSex; band: AgeBand; patients: number }>(
    tx,
    sql`with scoped as (${scope.scoped}),
      aged as (
        select case when p.biological_sex = any(${textArray(NAMED_SEXES)}) then p.biological_sex
                    else 'unrecorded' end as sex,
               case when p.birth_date > ${scope.today}::date then null
                    else extract(year from ${scope.today}::date)::int - extract(year from p.birth_date)::int
                         - case when to_char(${scope.today}::date, 'MM-DD') >= to_char(p.birth_date, 'MM-DD')
                                then 0 else 1 end end as age
          from scoped join ${patients} as p on p.id = scoped.id)
      select sex,
             case when age is null then 'unrecorded' ${bandCase} end as band,
             count(*)::int as patients
        from aged group by 1, 2`,
  )
  const bySex = Object.fromEntries(CHART_SEXES.map((sex) => [sex, 0])) as Record<ChartSex, number>
  const byBand = new Map<AgeBand, number>()
  let total = 0
  for (const row of rows) {
    const count = Number(row.patients)
    total += count
    bySex[row.sex] += count
    byBand.set(row.band, (byBand.get(row.band) ?? 0) + count)
  }
  return {
    total,
    by_sex: bySex,
    by_age: [...AGE_BANDS.map((entry) => entry.band), 'unrecorded' as const].map((band) => ({
      band,
      patients: byBand.get(band) ?? 0,
    })),
  }
}
