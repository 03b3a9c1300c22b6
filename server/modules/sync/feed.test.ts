import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/fixtures/database'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { type Database, withTenant } from '../../db/client'
import { bloodPressureReadings, changeLog, glucoseReadings, patients } from '../../db/schema'
import { presentPatient } from '../operation/patients'
import { presentReading } from '../operation/readings'
import { changesAfter } from './feed'

describe('the change feed', () => {
  let database: Database
  let tenantId: string

  beforeAll(async () => {
    database = await openTestDatabase()
    tenantId = (await buildTenant(database.db)).id
  })
  afterAll(() => database.close())

  const pullAll = async () => {
    const changes = []
    let cursor: string | undefined
    for (;;) {
      const page = await withTenant(database.db, tenantId, (tx) =>
        changesAfter(tx, tenantId, { kind: 'tenant' }, cursor, 1),
      )
      changes.push(...page.changes)
      cursor = page.cursor ?? undefined
      if (!page.hasMore) return changes
    }
  }

  it('pages in transaction order, not in the order of the transaction ids as text', async () => {
    // Transaction 10 sorts before 9 as text: a page ordered that way would hand out 10's
    // change first, and the next page, starting after (10, …), would never show 9's.
    const later = await insertPatient(database.db, tenantId)
    const earlier = await insertPatient(database.db, tenantId)
    await withTenant(database.db, tenantId, (tx) =>
      tx.insert(changeLog).values([
        { tenantId, txid: '10', entity: 'patient', entityId: later.id as string, op: 'upsert', version: 1 },
        { tenantId, txid: '9', entity: 'patient', entityId: earlier.id as string, op: 'upsert', version: 1 },
      ]),
    )
    expect((await pullAll()).map((change) => change.id)).toEqual([earlier.id, later.id])
  })

  it('carries each record exactly as the API presents it', async () => {
    const patient = await insertPatient(database.db, tenantId, { phone: null, hireDate: '2019-03-01' })
    const pressure = uuidv7()
    const glucose = uuidv7()
    const taken = { patientId: patient.id as string, takenAt: '2026-11-20T08:30:00.123Z' }
    const stored = await withTenant(database.db, tenantId, async (tx) => {
      await tx
        .insert(bloodPressureReadings)
        .values({ tenantId, id: pressure, ...taken, systolic: 128, diastolic: 84 })
      await tx
        .insert(glucoseReadings)
        .values({ tenantId, id: glucose, ...taken, glucose: 104.5, moment: 'fasting' })
      await tx.insert(changeLog).values(
        [
          ['patient', patient.id as string],
          ['blood-pressure', pressure],
          ['glucose', glucose],
        ].map(([entity, entityId]) => ({
          tenantId,
          entity: entity as string,
          entityId: entityId as string,
          op: 'upsert' as const,
          version: 1,
        })),
      )
      return {
        patient: (
          await tx
            .select()
            .from(patients)
            .where(eq(patients.id, patient.id as string))
        )[0],
        pressure: (
          await tx.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.id, pressure))
        )[0],
        glucose: (await tx.select().from(glucoseReadings).where(eq(glucoseReadings.id, glucose)))[0],
      }
    })
    const changes = await pullAll()
    const data = (id: string) => changes.find((change) => change.id === id)?.data
    // A patient travels with who has it in their care (nobody here).
    expect(data(patient.id as string)).toEqual({
      ...presentPatient(stored.patient as typeof patients.$inferSelect),
      assigned_user_ids: [],
      assigned_user_names: [],
    })
    // A reading travels with who recorded it (no account here: written straight to the table).
    expect(data(pressure)).toEqual({
      ...presentReading(stored.pressure as Record<string, unknown>),
      recorded_by: null,
    })
    expect(data(glucose)).toEqual({
      ...presentReading(stored.glucose as Record<string, unknown>),
      recorded_by: null,
    })
  })
})
