import { type SQL, sql } from 'drizzle-orm'
import type { CovidCounts } from '../../../src/contract/rules/dashboard/covid'
import {
  PREGNANCY_ICON,
  PREGNANCY_REPORT_DAYS,
  type PregnancyCount,
} from '../../../src/contract/rules/dashboard/pregnancy'
import type { SpecialLabelCount } from '../../../src/contract/rules/dashboard/special-labels'
import { TRIAGE_STATUSES } from '../../../src/contract/schemas/covid'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patientLastTriage, patientSublabels, patients, triageConsultations } from '../../db/schema'
import { lockKeptRows, missingKeptRows } from './kept-rows'
import { type DashboardScope, instantInPeriod, ofPatientInScope, textArray } from './scope'

/**
 * The items counted per patient, in SQL, step for step with `rules/dashboard/special-labels.ts`,
 * `pregnancy.ts` and `covid.ts` (the periodic exams' buckets: `exam-figures.ts`). They read what
 * the database keeps per patient (decision 0048: the sublabels they carry, their latest triage),
 * of the patients in scope by `ofPatientInScope`, rather than every patient's list or every
 * triage of the period.
 */

/** Patients in scope per live sublabel (each patient once per sublabel and once per label). */
export async function specialLabelCountsOf(tx: Tx, scope: DashboardScope): Promise<SpecialLabelCount[]> {
  const sublabelIds = scope.labels.flatMap((label) => label.sublabels.map((sublabel) => sublabel.id))
  const labelOf = scope.labels.flatMap((label) => label.sublabels.map(() => label.id))
  const rows = await rowsOf<{ sublabel: string | null; label: string | null; patients: number }>(
    tx,
    sql`with live as (select * from unnest(${textArray(sublabelIds)}, ${textArray(labelOf)}) as l(sublabel, label))
      select live.sublabel, live.label, count(distinct s.patient_id)::int as patients
        from ${patientSublabels} as s
        join live on live.sublabel = s.sublabel_id
       where ${ofPatientInScope(sql`s.patient_id`, scope)}
       group by grouping sets ((live.sublabel, live.label), (live.label))`,
  )
  const perSublabel = new Map<string, number>()
  const perLabel = new Map<string, number>()
  for (const row of rows) {
    if (row.sublabel !== null) perSublabel.set(row.sublabel, Number(row.patients))
    else if (row.label !== null) perLabel.set(row.label, Number(row.patients))
  }
  return scope.labels.map((label) => ({
    label_id: label.id,
    patients: perLabel.get(label.id) ?? 0,
    sublabels: label.sublabels.map((sublabel) => ({
      sublabel_id: sublabel.id,
      patients: perSublabel.get(sublabel.id) ?? 0,
    })),
  }))
}

/**
 * Keeps the latest live triage consultation (decision 0025's order) of every live patient of the
 * tenant that has none kept (decision 0048): a row of nulls for a patient without one. Whatever
 * the scope: the check counts from indexes, where one over the scope's patients reads them all,
 * and after the first request the missing are the few whose triage was written since. Under the
 * tenant's lock taken exclusive, as `exam-figures.ts` keeps due days: the forgetting triggers take
 * it shared and keep it to their commit.
 */
async function keepLastTriage(tx: Tx): Promise<void> {
  const [kept] = await rowsOf<{ missing: number }>(tx, missingKeptRows(patientLastTriage))
  if (Number(kept?.missing ?? 0) <= 0) return
  await lockKeptRows(tx, patientLastTriage)
  await tx.execute(
    sql`with person as materialized (
        select p.tenant_id, p.id
          from ${patients} as p
         where p.deleted_at is null
           and not exists (select from ${patientLastTriage} as k
                            where k.tenant_id = p.tenant_id and k.patient_id = p.id)),
      latest as (
        select distinct on (t.patient_id) t.patient_id, t.consulted_at, t.status, t.pregnancy
          from ${triageConsultations} as t
         where t.deleted_at is null and t.patient_id in (select id from person)
         order by t.patient_id, t.consulted_at desc, t.id desc)
      insert into ${patientLastTriage} (tenant_id, patient_id, consulted_at, status, pregnancy)
        select person.tenant_id, person.id, latest.consulted_at, latest.status, latest.pregnancy
          from person left join latest on latest.patient_id = person.id
        on conflict (tenant_id, patient_id) do update
           set consulted_at = excluded.consulted_at, status = excluded.status, pregnancy = excluded.pregnancy`,
  )
}

/**
 * Each scoped patient's latest live triage consultation, kept (`keepLastTriage`, which the caller
 * runs first), when its instant meets `when` (a condition on `k.consulted_at`: bounds the index
 * serves, and the planner can estimate). Over the whole tenant the kept rows are read alone
 * (decision 0039's way); a narrower scope starts from its patients and finds each one's row by key.
 */
function lastTriage(scope: DashboardScope, when: SQL): SQL {
  const columns = sql`k.patient_id, k.status, k.pregnancy, (k.consulted_at at time zone ${scope.timeZone})::date as day`
  return scope.wholeTenant
    ? sql`with last as (
        select ${columns}
          from ${patientLastTriage} as k
         where ${when} and ${ofPatientInScope(sql`k.patient_id`, scope)})`
    : sql`with last as (
        select ${columns}
          from ${patients} as p
          join ${patientLastTriage} as k on k.tenant_id = p.tenant_id and k.patient_id = p.id
         where ${scope.patientInScope} and ${when})`
}

export async function pregnancyOf(tx: Tx, scope: DashboardScope): Promise<PregnancyCount> {
  await keepLastTriage(tx)
  const pregnancyLabels = scope.labels.filter((label) => label.icon === PREGNANCY_ICON)
  const sublabelIds = pregnancyLabels.flatMap((label) => label.sublabels.map((sublabel) => sublabel.id))
  const rows = await rowsOf<{
    sublabel: string | null
    labelled: boolean
    reported: boolean
    patients: number
  }>(
    tx,
    // Reported when the latest triage, within the last PREGNANCY_REPORT_DAYS days, says so.
    sql`${lastTriage(scope, sql`k.consulted_at >= ((${scope.today}::date - ${PREGNANCY_REPORT_DAYS - 1}::int)::timestamp at time zone ${scope.timeZone})`)},
      labelled as (
        select s.patient_id, s.sublabel_id as sublabel
          from ${patientSublabels} as s
         where s.sublabel_id = any(${textArray(sublabelIds)}) and ${ofPatientInScope(sql`s.patient_id`, scope)}),
      reported as (
        select patient_id from last
         where pregnancy is true
           and day <= ${scope.today}::date
           and day > ${scope.today}::date - ${PREGNANCY_REPORT_DAYS}::int),
      pregnant as (
        select patient_id, bool_or(labelled) as labelled, bool_or(reported) as reported from (
          select patient_id, true as labelled, false as reported from labelled
          union all
          select patient_id, false, true from reported) as both_sources
         group by patient_id)
      select null as sublabel, labelled, reported, count(*)::int as patients
        from pregnant group by labelled, reported
      union all
      select sublabel, true, false, count(*)::int from labelled group by sublabel`,
  )
  let total = 0
  let labelled = 0
  let reported = 0
  const perSublabel = new Map<string, number>()
  for (const row of rows) {
    const count = Number(row.patients)
    if (row.sublabel !== null) {
      perSublabel.set(row.sublabel, count)
      continue
    }
    total += count
    if (row.labelled) labelled += count
    if (row.reported) reported += count
  }
  return {
    total,
    labelled,
    reported_at_triage: reported,
    sublabels: sublabelIds.map((id) => ({ sublabel_id: id, patients: perSublabel.get(id) ?? 0 })),
  }
}

export async function covidCountsOf(tx: Tx, scope: DashboardScope): Promise<CovidCounts> {
  await keepLastTriage(tx)
  const rows = await rowsOf<{ status: string; patients: number }>(
    tx,
    // The period as bounds on the instant: the same days in the zone (`instantInPeriod`).
    sql`${lastTriage(scope, sql`k.consulted_at is not null and ${instantInPeriod(sql`k.consulted_at`, scope)}`)}
      select status, count(*)::int as patients from last group by status`,
  )
  const counts = Object.fromEntries(TRIAGE_STATUSES.map((status) => [status, 0])) as CovidCounts
  counts.total = 0
  for (const row of rows) {
    if (!(row.status in counts) || row.status === 'total') continue
    counts[row.status as keyof CovidCounts] = Number(row.patients)
    counts.total += Number(row.patients)
  }
  return counts
}
