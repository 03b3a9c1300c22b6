import { type SQL, sql } from 'drizzle-orm'
import { codeUnitOrder } from '../../../src/contract/rules/code-unit-order'
import type {
  AffectedSystemCount,
  AffectedSystemsByPeriod,
} from '../../../src/contract/rules/dashboard/affected-systems'
import type { DiagnosisCount } from '../../../src/contract/rules/dashboard/diagnoses'
import { TOP_LIST_SIZE } from '../../../src/contract/rules/dashboard/top-five'
import type { Tx } from '../../db/client'
import { consultationDiagnoses, patients } from '../../db/schema'
import { type DashboardScope, instantInPeriod, rowsOf } from './scope'

/**
 * The consultation items in SQL, step for step with `rules/dashboard/diagnoses.ts` and
 * `affected-systems.ts`: the live consultations of the patients in scope whose day (in the zone)
 * is in the period; ties by `collate "C"`, the rules' code-unit order. They read the diagnoses as
 * rows (`consultation_diagnoses`, kept with each consultation's write; decision 0039), not each
 * consultation's JSON, and count distinct patients in two hashed steps (per item and patient,
 * then per item) rather than sorting the period's rows for `count(distinct …)`.
 */

/** A row's patient is in the scope. */
function inScope(column: SQL, scope: DashboardScope): SQL {
  return scope.wholeTenant
    ? sql`${column} not in (select p.id from ${patients} as p where p.deleted_at is not null)`
    : sql`${column} in (${scope.scoped})`
}

/** The diagnosis rows the items count: of patients in scope, in the period. */
function countedRows(scope: DashboardScope): SQL {
  return sql`${inScope(sql`d.patient_id`, scope)} and ${instantInPeriod(sql`d.started_at`, scope)}`
}

export async function topDiagnosesOf(tx: Tx, scope: DashboardScope): Promise<DiagnosisCount[]> {
  const rows = await rowsOf<{ code: string; name: string; consultations: number; patients: number }>(
    tx,
    sql`with per_patient as (
        select d.code, d.patient_id, count(*) as consultations, max(d.started_at) as last_at
          from ${consultationDiagnoses} as d
         where ${countedRows(scope)}
         group by d.code, d.patient_id),
      codes as (
        select code, sum(consultations)::int as consultations, count(*)::int as patients,
               max(last_at) as last_at
          from per_patient group by code
         order by consultations desc, code collate "C"
         limit ${TOP_LIST_SIZE})
      select codes.code, latest.name, codes.consultations, codes.patients
        from codes
        -- The name the latest of them recorded: the later instant, then the higher consultation id.
        left join lateral (
          select d.name from ${consultationDiagnoses} as d
           where d.started_at = codes.last_at and d.code is not distinct from codes.code
             and ${inScope(sql`d.patient_id`, scope)}
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
 * `per_patient`: each affected system's consultations per patient — a consultation counts once per
 * system, by the row that is the first of its system in it (marked when it was written).
 */
const perPatient = (scope: DashboardScope) => sql`
  select d.affected_system_id as system, d.patient_id, count(*) as consultations
    from ${consultationDiagnoses} as d
   where d.first_of_system and ${countedRows(scope)}
   group by 1, 2`

const countOf = (row: { system: string; consultations: number; patients: number }): AffectedSystemCount => ({
  affected_system_id: row.system,
  consultations: Number(row.consultations),
  patients: Number(row.patients),
})

export async function topAffectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemCount[]> {
  const rows = await rowsOf<{ system: string; consultations: number; patients: number }>(
    tx,
    sql`with per_patient as (${perPatient(scope)})
      select system, sum(consultations)::int as consultations, count(*)::int as patients
        from per_patient group by system
       order by consultations desc, system collate "C"
       limit ${TOP_LIST_SIZE}`,
  )
  return rows.map(countOf)
}

/** Code-unit order, as `collate "C"` and the rules sort. */
/**
 * Both tables: per system (its consultations and patients, in two hashed steps) and per system
 * and month (a count of a hundred-odd groups), ordered here as the two queries ordered them.
 */
export async function affectedSystemsOf(tx: Tx, scope: DashboardScope): Promise<AffectedSystemsByPeriod> {
  const rows = await rowsOf<{
    system: string
    month: string | null
    consultations: number
    patients: number
  }>(
    tx,
    sql`with per_patient as (${perPatient(scope)})
      select system, null as month, sum(consultations)::int as consultations, count(*)::int as patients
        from per_patient group by system
      union all
      select d.affected_system_id, to_char(d.started_at at time zone ${scope.timeZone}, 'YYYY-MM'),
             count(*)::int, 0
        from ${consultationDiagnoses} as d
       where d.first_of_system and ${countedRows(scope)}
       group by 1, 2`,
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
