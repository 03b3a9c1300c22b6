import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { VaccineFigures } from '../../../src/contract/rules/dashboard/vaccines'
import type { DueCatalogue } from '../../../src/documents/vaccination-due-inputs'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patients, patientVaccinationStates, vaccinationRecords } from '../../db/schema'
import { keptRowCounts, lockKeptRows } from './kept-rows'
import { type DashboardScope, dateInPeriod, ofPatientInScope } from './scope'

interface Catalogue {
  vaccines: string
  scheme: string
  /** Names the scheme a kept state was worked out with. */
  fingerprint: string
}

function catalogueOf(catalogue: DueCatalogue): Catalogue {
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
  return {
    vaccines,
    scheme,
    fingerprint: createHash('md5').update(vaccines).update('\n').update(scheme).digest('hex'),
  }
}

interface StateCounts {
  complete: number
  incomplete: number
  overdue: number
  /** Patients in scope whose kept state is missing or no longer holds. */
  stale: number
}

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
 *
 * Each patient's state is kept in `patient_vaccination_states` until the first day the calendar
 * alone could change it (decision 0045): a request counts the kept rows and works out, here, only
 * the patients whose row is missing (a dose or the patient written since) or stale (another day,
 * another scheme).
 */
export async function vaccineFiguresOf(
  tx: Tx,
  scope: DashboardScope,
  due: DueCatalogue,
): Promise<VaccineFigures> {
  const catalogue = catalogueOf(due)
  const doses = await rowsOf<{ vaccine_id: string; doses: number; patients: number }>(
    tx,
    sql`select r.vaccine_id::text as vaccine_id, count(*)::int as doses, count(distinct r.patient_id)::int as patients
        from ${vaccinationRecords} as r
       where r.deleted_at is null and ${ofPatientInScope(sql`r.patient_id`, scope)}
         and ${dateInPeriod(sql`r.applied_on`, scope)}
       group by r.vaccine_id
       order by doses desc, r.vaccine_id::text collate "C"`,
  )
  let counts = await keptStates(tx, scope, catalogue)
  if (counts.stale > 0) {
    await saveStates(tx, scope, catalogue)
    counts = await keptStates(tx, scope, catalogue)
  }
  return {
    vaccines: doses.map((row) => ({
      vaccine_id: row.vaccine_id,
      doses: Number(row.doses),
      patients: Number(row.patients),
    })),
    complete: counts.complete,
    incomplete: counts.incomplete,
    overdue: counts.overdue,
  }
}

/** The scope's day as a SQL date. */
const dayOf = (scope: DashboardScope) => sql`${scope.today}::date`

/** A kept state that holds for the scope's day under this scheme. */
const holds = (scope: DashboardScope, catalogue: Catalogue, row = sql`k`) =>
  sql`${row}.catalogue = ${catalogue.fingerprint} and ${row}.computed_on <= ${dayOf(scope)} and ${row}.valid_until > ${dayOf(scope)}`

/** The scope's patients counted by their kept states, and how many have none that holds. */
async function keptStates(tx: Tx, scope: DashboardScope, catalogue: Catalogue): Promise<StateCounts> {
  const [row] = await rowsOf<StateCounts & { missing: number }>(
    tx,
    keptRowCounts(
      scope,
      patientVaccinationStates,
      sql`count(*) filter (where k.complete)::int as complete,
          count(*) filter (where not k.complete)::int as incomplete,
          count(*) filter (where k.overdue)::int as overdue`,
      holds(scope, catalogue),
    ),
  )
  return {
    complete: Number(row?.complete ?? 0),
    incomplete: Number(row?.incomplete ?? 0),
    overdue: Number(row?.overdue ?? 0),
    stale: Number(row?.missing ?? 0),
  }
}

/**
 * Works out and keeps the states of the scope's patients that have none holding for the day.
 * Under the tenant's lock taken exclusive (the forgetting triggers take it shared, and keep it to
 * their commit): a state is never worked out from doses that a transaction still open is
 * changing, and none is forgotten between this and the count that follows.
 */
async function saveStates(tx: Tx, scope: DashboardScope, catalogue: Catalogue): Promise<void> {
  await lockKeptRows(tx, patientVaccinationStates)
  const today = dayOf(scope)
  await tx.execute(
    sql`with vaccine as (
        select * from jsonb_to_recordset(${catalogue.vaccines}::jsonb)
          as v(id text, doses int, interval_days int, booster_interval_days int)),
      entry as materialized (
        select e.vaccine_id, e.doses, e.age_from, e.age_to, e.sex,
               array(select jsonb_array_elements_text(e.subgroups)) as subgroups,
               array(select jsonb_array_elements_text(e.risks)) as risks
          from jsonb_to_recordset(${catalogue.scheme}::jsonb)
            as e(vaccine_id text, doses int, age_from int, age_to int, sex text, subgroups jsonb, risks jsonb)),
      person as materialized (
        select p.tenant_id, p.id, p.birth_date, p.biological_sex, p.subgroups, p.occupational_risks,
               extract(year from ${today})::int - extract(year from p.birth_date)::int
                 - case when to_char(${today}, 'MM-DD') >= to_char(p.birth_date, 'MM-DD') then 0 else 1 end as age,
               -- The day the age changes next, or the day before when the birthday is 29 February
               -- (a day early only works the state out once more).
               greatest(${today} + 1, make_date(
                 extract(year from ${today})::int
                   + case when to_char(${today}, 'MM-DD') < to_char(p.birth_date, 'MM-DD') then 0 else 1 end,
                 extract(month from p.birth_date)::int,
                 least(extract(day from p.birth_date)::int,
                       case when extract(month from p.birth_date) = 2 then 28 else 31 end))) as next_birthday
          from ${patients} as p
         where ${scope.patientInScope}
           and not exists (select from ${patientVaccinationStates} as s
                            where s.tenant_id = p.tenant_id and s.patient_id = p.id and ${holds(scope, catalogue, sql`s`)})),
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
         where r.deleted_at is null and r.patient_id in (select id from person)
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
               bool_and(series_given >= series_doses and not coalesce(due_on < ${today}, false)) as complete,
               -- A due day still ahead turns overdue the day after it.
               min(due_on + 1) filter (where due_on >= ${today}) as next_due_change
          from due group by patient_id)
      insert into ${patientVaccinationStates}
               (tenant_id, patient_id, catalogue, computed_on, valid_until, complete, overdue)
        select person.tenant_id, person.id, ${catalogue.fingerprint}, ${today},
               least(person.next_birthday, state.next_due_change),
               coalesce(state.complete, true), coalesce(state.overdue, 0) > 0
          from person left join state on state.patient_id = person.id
        on conflict (tenant_id, patient_id) do update
           set catalogue = excluded.catalogue, computed_on = excluded.computed_on,
               valid_until = excluded.valid_until, complete = excluded.complete, overdue = excluded.overdue`,
  )
}
