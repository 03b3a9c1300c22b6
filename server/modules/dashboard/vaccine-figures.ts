import { sql } from 'drizzle-orm'
import type { VaccineFigures } from '../../../src/contract/rules/dashboard/vaccines'
import type { DueCatalogue } from '../../../src/documents/vaccination-due-inputs'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patients, vaccinationRecords } from '../../db/schema'
import { type DashboardScope, dateInPeriod, ofPatientInScope } from './scope'

/**
 * `rules/dashboard/vaccines.ts` in SQL. The doses of the period are a count; each patient's scheme
 * state today is `vaccinationDueOutliner` step for step (the agreement test holds them together):
 * - age in completed years as the rule counts it (the birthday's MM-DD reached or not);
 * - a vaccine applies when one of its scheme entries matches (ages both inclusive, the biological
 *   sex, one of the subgroups, one of the risks; an empty condition matches anyone), with the
 *   largest series of the matching entries (at least 1);
 * - the next dose is due the interval after the last series dose, or, with none, the day the
 *   patient became eligible (the birthday of the lowest matching age; a 29 February birthday is
 *   1 March in a common year); with the series done, the booster interval after the last dose;
 * - overdue when that day is before today; complete when every applicable series is done and
 *   nothing is overdue (nothing applicable is complete).
 * The catalogue (a few dozen rows) is read in TS by `dueCatalogueOf` and passed as JSON.
 */
export async function vaccineFiguresOf(
  tx: Tx,
  scope: DashboardScope,
  catalogue: DueCatalogue,
): Promise<VaccineFigures> {
  const vaccines = JSON.stringify(
    catalogue.vaccines.map((v) => ({
      id: v.id,
      doses: v.doses,
      interval_days: v.intervalDays,
      booster_interval_days: v.boosterIntervalDays,
    })),
  )
  const scheme = JSON.stringify(
    catalogue.scheme.map((e) => ({
      vaccine_id: e.vaccineId,
      doses: e.doses,
      age_from: e.ageFrom,
      age_to: e.ageTo,
      sex: e.sex,
      subgroups: e.subgroups,
      risks: e.risks,
    })),
  )
  const today = sql`${scope.today}::date`
  const doses = await rowsOf<{ vaccine_id: string; doses: number; patients: number }>(
    tx,
    sql`select r.vaccine_id::text as vaccine_id, count(*)::int as doses, count(distinct r.patient_id)::int as patients
        from ${vaccinationRecords} as r
       where r.deleted_at is null and ${ofPatientInScope(sql`r.patient_id`, scope)}
         and ${dateInPeriod(sql`r.applied_on`, scope)}
       group by r.vaccine_id
       order by doses desc, r.vaccine_id::text collate "C"`,
  )
  const [states] = await rowsOf<{ complete: number; incomplete: number; overdue: number }>(
    tx,
    sql`with vaccine as (
        select * from jsonb_to_recordset(${vaccines}::jsonb)
          as v(id text, doses int, interval_days int, booster_interval_days int)),
      entry as materialized (
        select e.vaccine_id, e.doses, e.age_from, e.age_to, e.sex,
               array(select jsonb_array_elements_text(e.subgroups)) as subgroups,
               array(select jsonb_array_elements_text(e.risks)) as risks
          from jsonb_to_recordset(${scheme}::jsonb)
            as e(vaccine_id text, doses int, age_from int, age_to int, sex text, subgroups jsonb, risks jsonb)),
      person as materialized (
        select p.id, p.birth_date, p.biological_sex, p.subgroups, p.occupational_risks,
               extract(year from ${today})::int - extract(year from p.birth_date)::int
                 - case when to_char(${today}, 'MM-DD') >= to_char(p.birth_date, 'MM-DD') then 0 else 1 end as age
          from ${patients} as p where ${scope.patientInScope}),
      -- The entries that apply depend on age, sex, subgroups and risks only: tested once per
      -- distinct combination of the four (a few thousand) rather than per patient (100 000 × the
      -- scheme's entries), then joined back. The eligible day is the birthday of the lowest
      -- matching age (birthdays grow with age; no age is the birth date, the birthday at 0).
      profile as materialized (
        select distinct age, biological_sex, subgroups, occupational_risks from person),
      fits as materialized (
        select pr.age, pr.biological_sex, pr.subgroups, pr.occupational_risks,
               e.vaccine_id, v.interval_days, v.booster_interval_days,
               greatest(1, max(coalesce(e.doses, v.doses))) as series_doses,
               min(coalesce(e.age_from, 0)) as from_age
          from profile as pr
          join entry as e
            on (e.age_from is null or pr.age >= e.age_from)
           and (e.age_to is null or pr.age <= e.age_to)
           and (e.sex is null or e.sex = pr.biological_sex)
           and (cardinality(e.subgroups) = 0 or pr.subgroups ?| e.subgroups)
           and (cardinality(e.risks) = 0 or pr.occupational_risks ?| e.risks)
          join vaccine as v on v.id = e.vaccine_id
         group by pr.age, pr.biological_sex, pr.subgroups, pr.occupational_risks,
                  e.vaccine_id, v.interval_days, v.booster_interval_days),
      applies as (
        select person.id as patient_id, f.vaccine_id, f.interval_days, f.booster_interval_days, f.series_doses,
               person.birth_date, f.from_age
          from person
          join fits as f
            -- Equalities a hash join can take (the birth date, subgroups and risks are never
            -- null; a missing sex compares as '').
            on f.age = person.age
           and coalesce(f.biological_sex, '') = coalesce(person.biological_sex, '')
           and f.subgroups = person.subgroups
           and f.occupational_risks = person.occupational_risks),
      given as materialized (
        select r.patient_id, r.vaccine_id::text as vaccine_id,
               count(*) filter (where not r.booster) as series,
               max(r.applied_on) filter (where not r.booster) as last_series,
               max(r.applied_on) as last_dose
          from ${vaccinationRecords} as r
         where r.deleted_at is null and ${ofPatientInScope(sql`r.patient_id`, scope)}
         group by r.patient_id, r.vaccine_id),
      due as (
        select a.patient_id, a.series_doses,
               least(coalesce(g.series, 0), a.series_doses) as series_given,
               case
                 when coalesce(g.series, 0) < a.series_doses
                   -- The day the patient became eligible, worked out only for a vaccine without a dose.
                   then coalesce(g.last_series + a.interval_days,
                       case
                         when to_char(a.birth_date, 'MM-DD') = '02-29'
                              and not (((extract(year from a.birth_date)::int + a.from_age) % 4 = 0
                                        and (extract(year from a.birth_date)::int + a.from_age) % 100 <> 0)
                                       or (extract(year from a.birth_date)::int + a.from_age) % 400 = 0)
                           then make_date(extract(year from a.birth_date)::int + a.from_age, 3, 1)
                         else make_date(extract(year from a.birth_date)::int + a.from_age,
                                        extract(month from a.birth_date)::int,
                                        extract(day from a.birth_date)::int)
                       end)
                 when a.booster_interval_days is not null and g.last_dose is not null
                   then g.last_dose + a.booster_interval_days
               end as due_on
          from applies as a
          left join given as g on g.patient_id = a.patient_id and g.vaccine_id = a.vaccine_id),
      state as materialized (
        select patient_id,
               count(*) filter (where due_on < ${today}) as overdue,
               bool_and(series_given >= series_doses and not coalesce(due_on < ${today}, false)) as complete
          from due group by patient_id)
      select count(*) filter (where coalesce(state.complete, true))::int as complete,
             count(*) filter (where not coalesce(state.complete, true))::int as incomplete,
             count(*) filter (where coalesce(state.overdue, 0) > 0)::int as overdue
        from person left join state on state.patient_id = person.id`,
  )
  return {
    vaccines: doses.map((row) => ({
      vaccine_id: row.vaccine_id,
      doses: Number(row.doses),
      patients: Number(row.patients),
    })),
    complete: Number(states?.complete ?? 0),
    incomplete: Number(states?.incomplete ?? 0),
    overdue: Number(states?.overdue ?? 0),
  }
}
