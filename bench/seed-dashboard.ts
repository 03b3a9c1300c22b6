/**
 * The clinic at scale for the dashboard's calls (issue 24, DESIGN §7): the demo tenant's patients
 * (grown beforehand by bench/seed-patients.ts) given about `records` clinical records in all —
 * consultations with one or two diagnoses filed under their systems, vaccination doses, periodic
 * exams, triage consultations and disabilities — spread over the last years, plus subgroups and
 * special labels on the added patients so the filters have something to narrow. Set-based: one
 * `insert … select … generate_series` per kind over every patient, values drawn from each
 * patient's hash, so a run takes seconds per hundred thousand rows. The change log is not written:
 * the dashboard's calls never read it, and a million more rows would only slow the seeding.
 * The tables are analysed at the end, as autovacuum would after a load this size.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { type Db, withTenant } from '../server/db/client'
import { catalogueEntries, specialSublabels, tenants, users } from '../server/db/schema'
import { rewriteDiagnosisRows } from '../server/modules/operation/diagnosis-rows'
import { TRIAGE_STATUSES } from '../src/contract/schemas/triage-statuses'

/** Shares of the records: consultations 40 %, doses 25 %, exams 15 %, triage 15 %, disabilities 5 %. */
const SHARES = { encounters: 0.4, doses: 0.25, exams: 0.15, triage: 0.15, disabilities: 0.05 }

export interface DashboardSeedResult {
  patients: number
  records: Record<keyof typeof SHARES, number>
}

export async function seedBenchDashboard(db: Db, records: number): Promise<DashboardSeedResult> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'))
  if (!tenant) throw new Error('seed the demo tenant first')
  const tenantId = tenant.id
  return withTenant(db, tenantId, async (tx) => {
    const entries = await tx
      .select()
      .from(catalogueEntries)
      .where(
        and(
          inArray(catalogueEntries.catalogue, [
            'consultReason',
            'diagnostics',
            'vaccination-records',
            'incapacityType',
            'incapacityStatus',
            'subgroups.items',
          ]),
          isNull(catalogueEntries.deletedAt),
        ),
      )
    const of = (catalogue: string) => entries.filter((entry) => entry.catalogue === catalogue)
    const diagnoses = of('diagnostics')
      .filter((entry) => entry.code && entry.parentId)
      .map((entry) => ({ code: entry.code, name: entry.name, affected_system_id: entry.parentId }))
    const reason = of('consultReason')[0]?.id
    const vaccines = of('vaccination-records').map((entry) => entry.id)
    const types = of('incapacityType').map((entry) => entry.id)
    const statuses = of('incapacityStatus').map((entry) => entry.id)
    const items = of('subgroups.items').map((entry) => entry.id)
    const sublabels = (await tx.select({ id: specialSublabels.id }).from(specialSublabels)).map(
      (row) => row.id,
    )
    const [doctor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'doctor@demo.localhost'))
    if (
      !reason ||
      diagnoses.length < 2 ||
      vaccines.length === 0 ||
      types.length === 0 ||
      statuses.length === 0
    )
      throw new Error('the demo catalogues are missing')
    const count = async (table: string) => {
      const { rows } = (await tx.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: Array<{ n: number }>
      }
      return Number(rows[0]?.n ?? 0)
    }
    const patientCount = await count('patients')
    const per = (share: number) => (records * share) / patientCount
    const array = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`
    /** A whole number from a patient's hash and a salt, in 0 … n−1. */
    const pick = (salt: string, n: number) => sql`(abs(hashtext(p.id::text || ${salt})) % ${n})`
    /** How many rows a patient gets so that the average is `mean` (its floor or one more). */
    const rowsEach = (mean: number, salt: string) =>
      sql`${Math.floor(mean)} + case when ${pick(salt, 1000)} < ${Math.round((mean % 1) * 1000)} then 1 else 0 end`
    const patientsOf = sql`(select id from patients where deleted_at is null) as p`

    // The added patients get a shift and, one in five, a special sublabel (the demo's own have theirs).
    await tx.execute(sql`
      update patients as p
         set subgroups = case when jsonb_array_length(p.subgroups) = 0
                              then jsonb_build_array((${array(items)})[1 + ${pick('shift', Math.max(items.length, 1))}])
                              else p.subgroups end,
             special_sublabel_ids = case when jsonb_array_length(p.special_sublabel_ids) = 0 and ${pick('label', 5)} = 2
                              then jsonb_build_array((${array(sublabels)})[1 + ${pick('which', Math.max(sublabels.length, 1))}])
                              else p.special_sublabel_ids end
       where p.deleted_at is null`)

    const diagnosisList = JSON.stringify(diagnoses)
    await tx.execute(sql`
      insert into encounters (tenant_id, id, patient_id, type, started_at, modality, reason_id, diagnoses,
                              prescription, created_by, updated_by)
      select ${tenantId}::uuid, gen_random_uuid(), p.id, case when n = 1 then 'initial' else 'follow_up' end,
             now() - make_interval(days => (n * 53 + ${pick('day', 1024)})::int % 730, hours => ${pick('hour', 10)}::int),
             'on_site', ${reason}::uuid,
             case when n % 3 = 0
                  then jsonb_build_array(${diagnosisList}::jsonb -> ((${pick('dx', diagnoses.length)} + n)::int % ${diagnoses.length}),
                                         ${diagnosisList}::jsonb -> ((${pick('dx', diagnoses.length)} + n + 1)::int % ${diagnoses.length}))
                  else jsonb_build_array(${diagnosisList}::jsonb -> ((${pick('dx', diagnoses.length)} + n)::int % ${diagnoses.length}))
             end,
             '[]'::jsonb, ${doctor?.id ?? null}::uuid, ${doctor?.id ?? null}::uuid
        from ${patientsOf}
        cross join lateral generate_series(1, ${rowsEach(per(SHARES.encounters), 'e')}) as n`)

    // The dashboard's diagnosis rows of every consultation, as each write keeps them (decision 0039).
    await rewriteDiagnosisRows(tx, null)

    await tx.execute(sql`
      insert into vaccination_records (tenant_id, id, patient_id, vaccine_id, dose_number, applied_on, booster)
      select ${tenantId}::uuid, gen_random_uuid(), p.id,
             (${array(vaccines)})[1 + (${pick('vx', vaccines.length)} + n)::int % ${vaccines.length}],
             n, current_date - (n * 97 + ${pick('vd', 3000)})::int, false
        from ${patientsOf}
        cross join lateral generate_series(1, ${rowsEach(per(SHARES.doses), 'v')}) as n`)

    await tx.execute(sql`
      insert into periodic_exams (tenant_id, id, patient_id, examined_on, condition)
      select ${tenantId}::uuid, gen_random_uuid(), p.id, current_date - (n * 181 + ${pick('xd', 900)})::int,
             case when ${pick('xc', 10)} = 0 then 'fails' else 'compliant' end
        from ${patientsOf}
        cross join lateral generate_series(1, ${rowsEach(per(SHARES.exams), 'x')}) as n`)

    await tx.execute(sql`
      insert into triage_consultations (tenant_id, id, patient_id, consulted_at, status, pregnancy, news2_score,
                                        proposed_classification, chosen_classification, classification)
      select ${tenantId}::uuid, gen_random_uuid(), p.id,
             now() - make_interval(days => (n * 29 + ${pick('td', 700)})::int),
             (${`{${TRIAGE_STATUSES.join(',')}}`}::text[])[1 + (${pick('ts', TRIAGE_STATUSES.length)} + n)::int % ${TRIAGE_STATUSES.length}],
             case when ${pick('tp', 40)} = 0 then true else null end, 1, 'low', 'low', 'low'
        from ${patientsOf}
        cross join lateral generate_series(1, ${rowsEach(per(SHARES.triage), 't')}) as n`)

    await tx.execute(sql`
      insert into disabilities (tenant_id, id, patient_id, cause, reason, start_date, end_date, type_id, issuer,
                                status_id, assigned_days)
      select ${tenantId}::uuid, gen_random_uuid(), p.id, 'Enfermedad general', 'Reposo',
             start_date, start_date + length - 1,
             (${array(types)})[1 + ${pick('dt', types.length)}],
             'imss', (${array(statuses)})[1 + ${pick('ds', statuses.length)}], length
        from ${patientsOf}
        cross join lateral generate_series(1, ${rowsEach(per(SHARES.disabilities), 'd')}) as n
        cross join lateral (select current_date - (n * 211 + ${pick('dd', 700)})::int as start_date,
                                   (1 + ${pick('dl', 21)})::int as length) as span`)

    return {
      patients: patientCount,
      records: {
        encounters: await count('encounters'),
        doses: await count('vaccination_records'),
        exams: await count('periodic_exams'),
        triage: await count('triage_consultations'),
        disabilities: await count('disabilities'),
      },
    }
  })
}

/**
 * Statistics, as autovacuum gathers them (outside any transaction), analysed as the owner: the app
 * role may not, and its `analyze` only warns and skips. Called after the load, and before it for
 * the patients just loaded: a connection's foreign-key checks keep the plan they made while the
 * demo had 200 patients until the statistics change (the consultations' insert ran for over ten
 * minutes instead of seconds).
 */
export async function analyzeDashboardTables(db: Db): Promise<void> {
  for (const table of [
    'patients',
    'patient_assignments',
    'encounters',
    'consultation_diagnoses',
    'vaccination_records',
    'periodic_exams',
    'triage_consultations',
    'disabilities',
  ])
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local role none`)
      await tx.execute(sql.raw(`analyze ${table}`))
    })
}
