/**
 * Gives every patient of the demo tenant `perPatient` more consultations, for the benchmarks that
 * read clinical records at scale (DESIGN §9.6: a clinical module's bench seeds it at scale).
 * Set-based: per slice of patients, one statement writes the consultations and their change-log
 * rows through a data-modifying CTE, as the demo seed's own consultations would be logged. The
 * values are drawn from the demo's catalogues (a reason, a diagnosis filed under its system, the
 * doctor as author), spread over the last two years, with plausible vital signs.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Db, withTenant } from '../server/db/client'
import { catalogueEntries, patients, tenants, users } from '../server/db/schema'

/** Patients per statement: a slice of a few thousand consultations each. */
const SLICE = 2000

export async function seedBenchEncounters(db: Db, perPatient: number): Promise<number> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'))
  if (!tenant) throw new Error('seed the demo tenant first')
  const tenantId = tenant.id
  const { patientIds, reasonId, diagnosis, doctorId } = await withTenant(db, tenantId, async (tx) => {
    const [reason] = await tx
      .select({ id: catalogueEntries.id })
      .from(catalogueEntries)
      .where(and(eq(catalogueEntries.catalogue, 'consultReason'), isNull(catalogueEntries.deletedAt)))
      .limit(1)
    const [filed] = await tx
      .select({ code: catalogueEntries.code, name: catalogueEntries.name, system: catalogueEntries.parentId })
      .from(catalogueEntries)
      .where(and(eq(catalogueEntries.catalogue, 'diagnostics'), isNull(catalogueEntries.deletedAt)))
      .limit(1)
    const [doctor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'doctor@demo.localhost'))
    const ids = (await tx.select({ id: patients.id }).from(patients).where(isNull(patients.deletedAt))).map(
      (row) => row.id,
    )
    return { patientIds: ids, reasonId: reason?.id, diagnosis: filed, doctorId: doctor?.id ?? null }
  })
  if (!reasonId || !diagnosis?.code || !diagnosis.system) throw new Error('the demo catalogues are missing')
  const diagnoses = JSON.stringify([
    { code: diagnosis.code, name: diagnosis.name, affected_system_id: diagnosis.system },
  ])
  for (let start = 0; start < patientIds.length; start += SLICE) {
    const slice = patientIds.slice(start, start + SLICE)
    await withTenant(db, tenantId, (tx) =>
      tx.execute(sql`
        with made as (
          insert into encounters (
            tenant_id, id, patient_id, type, started_at, modality, reason_id, weight_kg, height_m,
            temperature_c, oximetry, systolic, diastolic, heart_rate, respiratory_rate, diagnoses,
            subjective, plan, prescription, created_by, updated_by)
          select ${tenantId}::uuid, gen_random_uuid(), p.id,
                 case when n = 1 then 'initial' else 'follow_up' end,
                 now() - make_interval(days => (n * 37 + (hashtext(p.id::text) & 255)) % 730),
                 'on_site', ${reasonId}::uuid,
                 round((55 + random() * 45)::numeric, 1), round((1.50 + random() * 0.40)::numeric, 2),
                 round((36.0 + random() * 1.5)::numeric, 1), 94 + (random() * 5)::int,
                 105 + (random() * 35)::int, 65 + (random() * 25)::int, 60 + (random() * 35)::int,
                 14 + (random() * 6)::int, ${diagnoses}::jsonb,
                 'Acude a consulta de seguimiento en planta.', 'Control en 30 días.', '[]'::jsonb,
                 ${doctorId}::uuid, ${doctorId}::uuid
            from unnest(${`{${slice.join(',')}}`}::uuid[]) as p(id)
            cross join generate_series(1, ${perPatient}) as n
          returning id, patient_id
        )
        insert into change_log (tenant_id, entity, entity_id, op, version, patient_id)
        select ${tenantId}::uuid, 'encounter', id, 'upsert', 1, patient_id from made order by id`),
    )
  }
  return patientIds.length * perPatient
}
