import * as v from 'valibot'
import { ValiError } from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import type { LocalDb } from '../db/local-db'
import { entrySchema } from './entry-schema'
import { createPatient, type MutationContext } from './mutators'
import { syncPaths } from './paths'
import { applyChanges } from './pull'
import { createReading, deleteReading, updateReading } from './reading-mutators'
import { createSyncLoop } from './sync-loop'
import {
  aBloodPressure,
  aDevice,
  aGlucose,
  aHabit,
  aNutrition,
  aPatient,
  aSomatometry,
  pendingEntries,
  scriptedTransport,
} from './test-fixtures'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-123456789abc'
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const aLoop = (db: LocalDb, transport = scriptedTransport()) =>
  createSyncLoop({
    db,
    transport,
    refreshSession: vi.fn(async () => true),
    onAuthLost: vi.fn(),
    now: () => Date.parse('2026-11-22T10:00:00.000Z'),
    random: () => 0.5,
    locks: null,
  })

/** A somatometry the server holds at version 2, cached on the device as a pull leaves it. */
async function aSyncedSomatometry(db: LocalDb, ctx: MutationContext) {
  const created = await createReading(db, ctx, 'somatometry', aSomatometry(PATIENT))
  await db.outbox.clear()
  const { syncState: _state, kind: _kind, ...fields } = created
  const server = { ...fields, version: 2 }
  await db.readings.put({ ...server, kind: 'somatometry', syncState: 'synced' })
  return server
}

describe('recording readings offline', () => {
  it('writes the row and its create entry together, for every kind, on the kind’s path', async () => {
    const { db, ctx } = aDevice()
    const made = [
      await createReading(db, ctx, 'blood-pressure', aBloodPressure(PATIENT)),
      await createReading(db, ctx, 'glucose', aGlucose(PATIENT)),
      await createReading(db, ctx, 'somatometry', aSomatometry(PATIENT)),
      await createReading(db, ctx, 'nutrition', aNutrition(PATIENT)),
      await createReading(db, ctx, 'habit', aHabit(PATIENT)),
    ]
    const entries = await pendingEntries(db)
    expect(entries.map((entry) => entry.path)).toEqual([
      '/api/operation/patients/blood-pressure',
      '/api/operation/patients/glucose',
      '/api/operation/patients/somatometry',
      '/api/operation/patients/nutritions',
      '/api/operation/patients/habits',
    ])
    for (const [index, reading] of made.entries()) {
      expect(reading.id).toMatch(UUID_V7)
      expect(entries[index]).toMatchObject({
        kind: 'reading.create',
        entity: 'reading',
        entityId: reading.id,
        method: 'POST',
        baseVersion: null,
        dependsOn: [],
      })
      const { kind: _kind, version: _version, syncState, deleted_at: _deleted, ...body } = reading
      expect(entries[index]?.body).toEqual(body)
      expect(syncState).toBe('pending')
      expect(await db.readings.get(reading.id)).toEqual(reading)
    }
    expect(await db.readings.get(made[3]?.id as string)).toMatchObject({
      kind: 'nutrition',
      meals: [
        { time: '08:00', description: 'Avena con plátano' },
        { time: '14:30', description: 'Pollo asado con verduras' },
      ],
      water_ml: 1500,
    })
  })

  it('says on the row who recorded it, a professional or the patient themself, and never sends it', async () => {
    const { db, ctx } = aDevice()
    const byNurse = await createReading(
      db,
      { ...ctx, userName: 'Rosa Enfermera', patientId: null },
      'glucose',
      aGlucose(PATIENT),
    )
    const bySelf = await createReading(
      db,
      { ...ctx, userName: 'Juan Pérez', patientId: PATIENT },
      'glucose',
      aGlucose(PATIENT),
    )
    expect(byNurse.recorded_by).toEqual({ name: 'Rosa Enfermera', by_patient: false })
    expect(bySelf.recorded_by).toEqual({ name: 'Juan Pérez', by_patient: true })
    expect((await pendingEntries(db)).map((entry) => entry.body.recorded_by)).toEqual([undefined, undefined])
  })

  it('makes a reading of an unsent patient wait for the patient’s create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const reading = await createReading(db, ctx, 'habit', aHabit(patient.id))
    const [create, entry] = await pendingEntries(db)
    expect(entry).toMatchObject({ entityId: reading.id, dependsOn: [create?.mutationId] })
  })

  it('refuses readings outside SPEC §5’s ranges, writing nothing', async () => {
    const { db, ctx } = aDevice()
    const refused = [
      createReading(db, ctx, 'blood-pressure', aBloodPressure(PATIENT, { systolic: 251 })),
      createReading(db, ctx, 'glucose', aGlucose(PATIENT, { glucose: 39 })),
      createReading(db, ctx, 'somatometry', aSomatometry(PATIENT, { weight_kg: 301 })),
      createReading(
        db,
        ctx,
        'nutrition',
        aNutrition(PATIENT, { meals: [{ time: '25:00', description: 'Cena' }] }),
      ),
      createReading(db, ctx, 'habit', aHabit(PATIENT, { habit: 'gambling' as 'exercise' })),
    ]
    for (const attempt of refused) await expect(attempt).rejects.toThrow(ValiError)
    expect(await db.readings.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('leaves neither reading nor entry when the transaction fails', async () => {
    const { db, ctx } = aDevice()
    db.outbox.hook('creating', () => {
      throw new Error('aborted')
    })
    await expect(createReading(db, ctx, 'glucose', aGlucose(PATIENT))).rejects.toThrow('aborted')
    expect(await db.readings.count()).toBe(0)
  })
})

describe('amending and deleting readings offline', () => {
  it('queues only the changed fields, against the version held, with the values replaced', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedSomatometry(db, ctx)
    const shown = await updateReading(db, ctx, server.id, {
      weight_kg: 72.5,
      waist_cm: 82.5,
      note: 'Tras dieta',
    })
    expect(shown).toMatchObject({ waist_cm: 82.5, weight_kg: 72.5, note: 'Tras dieta', syncState: 'pending' })
    expect(await pendingEntries(db)).toMatchObject([
      {
        kind: 'reading.update',
        entity: 'reading',
        method: 'PUT',
        path: syncPaths.updateReading('somatometry', server.id),
        body: { waist_cm: 82.5, note: 'Tras dieta' },
        baseVersion: 2,
        baseValues: { waist_cm: 84, note: null },
        dependsOn: [],
      },
    ])
    // The server copy is the merge base of a later 412.
    expect(await db.shadows.get(['reading', server.id])).toMatchObject({ version: 2, data: { waist_cm: 84 } })
    expect(await updateReading(db, ctx, server.id, { waist_cm: 82.5 })).toBeNull()
    expect(await db.outbox.count()).toBe(1)
  })

  it('holds an amendment to its kind’s contract, on the device and on the sync screen', async () => {
    const { db, ctx } = aDevice()
    const reading = await createReading(db, ctx, 'glucose', aGlucose(PATIENT))
    await expect(updateReading(db, ctx, reading.id, { glucose: 39 })).rejects.toThrow(ValiError)
    await updateReading(db, ctx, reading.id, { moment: 'after-meal' })
    const [create, update] = await pendingEntries(db)
    if (!create || !update) throw new Error('both entries are queued')
    expect(update).toMatchObject({ baseVersion: null, dependsOn: [create.mutationId] })
    expect(v.safeParse(entrySchema(create), create.body).success).toBe(true)
    expect(v.safeParse(entrySchema(create), { ...create.body, glucose: 851 }).success).toBe(false)
    expect(v.safeParse(entrySchema(update), { moment: 'random' }).success).toBe(true)
    expect(v.safeParse(entrySchema(update), { moment: 'at-noon' }).success).toBe(false)
  })

  it('hides a deleted reading at once and queues its delete after its earlier changes', async () => {
    const { db, ctx } = aDevice()
    const reading = await createReading(db, ctx, 'nutrition', aNutrition(PATIENT))
    await updateReading(db, ctx, reading.id, { water_ml: 2000 })
    await deleteReading(db, ctx, reading.id)
    expect((await db.readings.get(reading.id))?.deleted_at).toEqual(expect.any(String))
    const [, update, removal] = await pendingEntries(db)
    expect(removal).toMatchObject({
      kind: 'reading.delete',
      method: 'DELETE',
      path: `/api/operation/patients/nutritions/${reading.id}`,
      body: {},
      baseVersion: null,
      dependsOn: [update?.mutationId],
    })
    await expect(updateReading(db, ctx, reading.id, { water_ml: 500 })).rejects.toThrow()
    await expect(deleteReading(db, ctx, reading.id)).rejects.toThrow()
    // The sync screen holds a refused delete to its (empty) contract, as it does any entry.
    expect(v.safeParse(entrySchema(removal as NonNullable<typeof removal>), {}).success).toBe(true)
  })
})

describe('sending amended and deleted readings', () => {
  it('sends create, amendment and delete in order and takes the reading off the device at the end', async () => {
    const { db, ctx } = aDevice()
    const reading = await createReading(db, ctx, 'habit', aHabit(PATIENT))
    await updateReading(db, ctx, reading.id, { frequency: 'daily' })
    const transport = scriptedTransport([
      (entry) => ({ kind: 'ok', record: { ...entry.body, version: 1 } }),
      (entry) => ({ kind: 'ok', record: { ...reading, ...entry.body, version: 2 } }),
    ])
    expect(await aLoop(db, transport).runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    // The amendment waited for the create and went on the version the create made.
    expect(transport.sent[1]).toMatchObject({ body: { frequency: 'daily' }, baseVersion: 1 })
    expect(await db.readings.get(reading.id)).toMatchObject({
      kind: 'habit',
      frequency: 'daily',
      version: 2,
      syncState: 'synced',
    })
    await deleteReading(db, ctx, reading.id)
    const removal = scriptedTransport([{ kind: 'ok', record: null }])
    expect(await aLoop(db, removal).runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(removal.sent[0]).toMatchObject({ method: 'DELETE', baseVersion: null })
    expect(await db.readings.get(reading.id)).toBeUndefined()
    expect(await db.shadows.get(['reading', reading.id])).toBeUndefined()
  })

  it('blocks the amendment of a reading whose create was refused', async () => {
    const { db, ctx } = aDevice()
    const reading = await createReading(db, ctx, 'glucose', aGlucose(PATIENT))
    await updateReading(db, ctx, reading.id, { moment: 'random' })
    const transport = scriptedTransport([{ kind: 'rejected', status: 403, message: 'Sin permiso' }])
    await aLoop(db, transport).runOnce()
    expect(transport.sent).toHaveLength(1)
    expect((await pendingEntries(db)).map((entry) => [entry.kind, entry.status])).toEqual([
      ['reading.create', 'rejected'],
      ['reading.update', 'blocked'],
    ])
    expect(await db.readings.get(reading.id)).toMatchObject({ syncState: 'rejected' })
  })

  it('merges a 412 whose server change touched other fields of a somatometry', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedSomatometry(db, ctx)
    await updateReading(db, ctx, server.id, { waist_cm: 82 })
    const theirs = { ...server, temperature_c: 37.1, version: 3 }
    const transport = scriptedTransport([
      { kind: 'version-mismatch', current: theirs },
      (entry) => ({ kind: 'ok', record: { ...theirs, ...entry.body, version: 4 } }),
    ])
    expect(await aLoop(db, transport).runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(transport.sent[1]).toMatchObject({ body: { waist_cm: 82 }, baseVersion: 3 })
    expect(await db.readings.get(server.id)).toMatchObject({
      kind: 'somatometry',
      waist_cm: 82,
      temperature_c: 37.1,
      version: 4,
      syncState: 'synced',
    })
  })

  it('turns a 412 on the same field into a conflict a person resolves', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedSomatometry(db, ctx)
    await updateReading(db, ctx, server.id, { weight_kg: 71 })
    await aLoop(
      db,
      scriptedTransport([{ kind: 'version-mismatch', current: { ...server, weight_kg: 73, version: 3 } }]),
    ).runOnce()
    expect(await db.readings.get(server.id)).toMatchObject({ syncState: 'conflict' })
    expect(await db.conflicts.toArray()).toMatchObject([
      { entity: 'reading', entityId: server.id, field: 'weight_kg', mine: 71, theirs: 73 },
    ])
  })
})

describe('pulling the self-tracking kinds', () => {
  const change = (
    entity: 'somatometry' | 'nutrition' | 'habit',
    id: string,
    op: 'upsert' | 'delete',
    version: number,
    data: Record<string, unknown> | null,
  ) => ({ entity, id, op, version, data })

  it('stores each kind in readings under its kind, and a tombstone removes it', async () => {
    const { db } = aDevice()
    const ids = [
      '0193a7f2-5b1e-7c3d-8e4f-0000000000b1',
      '0193a7f2-5b1e-7c3d-8e4f-0000000000b2',
      '0193a7f2-5b1e-7c3d-8e4f-0000000000b3',
    ]
    const base = (id: string) => ({
      id,
      patient_id: PATIENT,
      taken_at: '2026-11-22T08:00:00.000Z',
      version: 1,
    })
    await applyChanges(db, {
      changes: [
        change('somatometry', ids[0] as string, 'upsert', 1, { ...base(ids[0] as string), weight_kg: 70.2 }),
        change('nutrition', ids[1] as string, 'upsert', 1, {
          ...base(ids[1] as string),
          meals: [{ time: '09:00', description: 'Huevos' }],
          water_ml: 1000,
        }),
        change('habit', ids[2] as string, 'upsert', 1, {
          ...base(ids[2] as string),
          habit: 'sleep',
          frequency: 'daily',
          quantity: 7,
        }),
      ],
      cursor: '1.3',
      hasMore: false,
    })
    expect(await db.readings.toArray()).toMatchObject([
      { id: ids[0], kind: 'somatometry', weight_kg: 70.2, syncState: 'synced' },
      {
        id: ids[1],
        kind: 'nutrition',
        meals: [{ time: '09:00', description: 'Huevos' }],
        syncState: 'synced',
      },
      { id: ids[2], kind: 'habit', habit: 'sleep', quantity: 7, syncState: 'synced' },
    ])
    await applyChanges(db, {
      changes: [change('habit', ids[2] as string, 'delete', 2, null)],
      cursor: '1.4',
      hasMore: false,
    })
    expect(await db.readings.get(ids[2] as string)).toBeUndefined()
    expect(await db.readings.count()).toBe(2)
  })

  it('keeps the patient’s queued amendment visible while the shadow follows the server', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedSomatometry(db, ctx)
    await updateReading(db, ctx, server.id, { waist_cm: 81 })
    await applyChanges(db, {
      changes: [change('somatometry', server.id, 'upsert', 3, { ...server, hip_cm: 97, version: 3 })],
      cursor: '1.5',
      hasMore: false,
    })
    expect(await db.readings.get(server.id)).toMatchObject({ waist_cm: 81, hip_cm: 98, syncState: 'pending' })
    expect(await db.shadows.get(['reading', server.id])).toMatchObject({ version: 3, data: { hip_cm: 97 } })
  })
})
