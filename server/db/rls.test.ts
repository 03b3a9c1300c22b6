import { sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../tests/fixtures/database'
import { buildTenant, type TenantFixture } from '../../tests/fixtures/tenants'
import { type Database, withTenant } from './client'
import { auditLog, medicines, patients, roles, specialLabels } from './schema'

/**
 * Row-level security is the last line between tenants: these queries deliberately carry no
 * `where tenant_id`, and must still see only the tenant of the transaction.
 */
describe(`row-level security on ${testDatabaseKind()}`, () => {
  let database: Database
  let acme: TenantFixture
  let globex: TenantFixture

  // Each patient gets its own CURP: the CURP is unique per tenant.
  let patientsMade = 0
  const aPatient = (tenantId: string, name: string) => ({
    tenantId,
    id: uuidv7(),
    name,
    lastName: 'Hernández',
    birthDate: '1988-04-12',
    curp: `HEXX880412HDFRRS${String(++patientsMade).padStart(2, '0')}`,
    administrativeStatus: 'active',
  })

  beforeAll(async () => {
    database = await openTestDatabase()
    acme = await buildTenant(database.db, { slug: 'acme' })
    globex = await buildTenant(database.db, { slug: 'globex' })
    await withTenant(database.db, acme.id, (tx) =>
      tx.insert(patients).values([aPatient(acme.id, 'Ana'), aPatient(acme.id, 'Beatriz')]),
    )
    await withTenant(database.db, globex.id, (tx) =>
      tx.insert(patients).values(aPatient(globex.id, 'Carlos')),
    )
  })
  afterAll(() => database.close())

  it('shows an unfiltered query only the rows of the transaction’s tenant', async () => {
    const seenByAcme = await withTenant(database.db, acme.id, (tx) => tx.select().from(patients))
    const seenByGlobex = await withTenant(database.db, globex.id, (tx) => tx.select().from(patients))

    expect(seenByAcme.map((p) => p.name).sort()).toEqual(['Ana', 'Beatriz'])
    expect(seenByGlobex.map((p) => p.name)).toEqual(['Carlos'])
  })

  it('shows nothing to a query outside any tenant transaction', async () => {
    expect(await database.db.select().from(patients)).toEqual([])
  })

  it('refuses to write a row into another tenant', async () => {
    const write = withTenant(database.db, acme.id, (tx) =>
      tx.insert(patients).values(aPatient(globex.id, 'Intruso')),
    )
    await expect(write).rejects.toThrow()
    const seenByGlobex = await withTenant(database.db, globex.id, (tx) => tx.select().from(patients))
    expect(seenByGlobex.map((p) => p.name)).toEqual(['Carlos'])
  })

  it('cannot update or delete another tenant’s rows', async () => {
    const changed = await withTenant(database.db, acme.id, (tx) =>
      tx.update(patients).set({ name: 'Cambiado' }).returning({ id: patients.id }),
    )
    expect(changed).toHaveLength(2)
    const deleted = await withTenant(database.db, globex.id, (tx) =>
      tx.delete(roles).returning({ id: roles.id }),
    )
    expect(deleted).toEqual([])
    const globexNames = await withTenant(database.db, globex.id, (tx) => tx.select().from(patients))
    expect(globexNames.map((p) => p.name)).toEqual(['Carlos'])
  })

  it('forgets the tenant when the transaction ends', async () => {
    await withTenant(database.db, acme.id, (tx) => tx.select().from(patients))
    const setting = await database.db.execute<{ tenant: string | null }>(
      sql`select nullif(current_setting('app.tenant_id', true), '') as tenant`,
    )
    expect((setting as unknown as { rows: { tenant: string | null }[] }).rows[0]?.tenant ?? null).toBeNull()
  })

  it('keeps each tenant’s special labels and medicines to itself, and never deletes them', async () => {
    await withTenant(database.db, acme.id, async (tx) => {
      await tx
        .insert(specialLabels)
        .values({ tenantId: acme.id, id: uuidv7(), name: 'Embarazo', color: 'purple', icon: 'pregnancy' })
      await tx.insert(medicines).values({ tenantId: acme.id, id: uuidv7(), name: 'Paracetamol' })
    })
    const labelsOf = (tenantId: string) =>
      withTenant(database.db, tenantId, (tx) => tx.select().from(specialLabels))
    const medicinesOf = (tenantId: string) =>
      withTenant(database.db, tenantId, (tx) => tx.select().from(medicines))
    expect((await labelsOf(acme.id)).map((l) => l.name)).toEqual(['Embarazo'])
    expect(await labelsOf(globex.id)).toEqual([])
    expect(await medicinesOf(globex.id)).toEqual([])
    const intrusion = withTenant(database.db, globex.id, (tx) =>
      tx.insert(medicines).values({ tenantId: acme.id, id: uuidv7(), name: 'Intruso' }),
    )
    await expect(intrusion).rejects.toThrow()
    // Catalogue rows are deleted softly: patients and medications keep pointing at them.
    const removal = withTenant(database.db, acme.id, (tx) => tx.delete(medicines))
    await expect(removal).rejects.toSatisfy((error: Error) => /permission denied/.test(String(error.cause)))
  })

  it('keeps the audit log append-only for the API role', async () => {
    const entry = { tenantId: acme.id, id: uuidv7(), action: 'read', entity: 'patient' }
    await withTenant(database.db, acme.id, (tx) => tx.insert(auditLog).values(entry))
    const rewrite = withTenant(database.db, acme.id, (tx) => tx.update(auditLog).set({ action: 'nothing' }))
    // Drizzle wraps the driver's error; the database's own words are in its cause.
    await expect(rewrite).rejects.toSatisfy((error: Error) => /permission denied/.test(String(error.cause)))
  })
})
