import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import type { LocalDb } from '../db/local-db'
import { entrySchema } from './entry-schema'
import { createPatient, type MutationContext } from './mutators'
import { applyChanges } from './pull'
import { createRecordSection, deleteRecordSection, updateRecordSection } from './record-section-mutators'
import { createSyncLoop } from './sync-loop'
import { aDevice, aPatient, pendingEntries, scriptedTransport } from './test-fixtures'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-000000000001'
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const aCondition = (overrides: Record<string, unknown> = {}) => ({
  patient_id: PATIENT,
  medical_condition_id: 'hypertension',
  note: 'Controlada con dieta',
  year: 2015,
  ...overrides,
})

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

/** A medical condition the server holds at version 2, cached on the device with its shadow. */
async function aSyncedCondition(db: LocalDb, ctx: MutationContext) {
  const created = await createRecordSection(db, ctx, 'medical-conditions', aCondition())
  await db.outbox.clear()
  const { syncState: _state, ...fields } = created
  const server = { ...fields, version: 2 }
  await db.recordSections.put({ ...server, syncState: 'synced' })
  await db.shadows.put({ entity: 'recordSection', id: created.id, version: 2, data: server })
  return server
}

describe('record section entries offline', () => {
  it('creates the row and its entry in one go, with the device-made id and the section’s path', async () => {
    const { db, ctx } = aDevice()
    const entry = await createRecordSection(db, ctx, 'medical-conditions', aCondition())
    expect(entry.id).toMatch(UUID_V7)
    expect(await db.recordSections.get(entry.id)).toMatchObject({
      section: 'medical-conditions',
      patient_id: PATIENT,
      medical_condition_id: 'hypertension',
      version: 0,
      syncState: 'pending',
    })
    const [queued] = await pendingEntries(db)
    expect(queued).toMatchObject({
      kind: 'recordSection.create',
      entity: 'recordSection',
      entityId: entry.id,
      method: 'POST',
      path: '/api/operation/patients/medical-conditions',
      body: { id: entry.id, ...aCondition() },
      baseVersion: null,
      dependsOn: [],
    })
  })

  it('refuses what the contract refuses before writing anything', async () => {
    const { db, ctx } = aDevice()
    await expect(
      createRecordSection(db, ctx, 'medical-conditions', aCondition({ year: 1919 })),
    ).rejects.toThrow(v.ValiError)
    await expect(
      createRecordSection(db, ctx, 'medical-conditions', aCondition({ year: new Date().getFullYear() + 1 })),
    ).rejects.toThrow(v.ValiError)
    await expect(
      createRecordSection(db, ctx, 'allergies-tolerances', { patient_id: PATIENT, description: '   ' }),
    ).rejects.toThrow(v.ValiError)
    expect([await db.recordSections.count(), await db.outbox.count()]).toEqual([0, 0])
  })

  it('makes an entry of an unsent patient wait for the patient’s create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await createRecordSection(db, ctx, 'allergies-tolerances', {
      patient_id: patient.id,
      description: 'Penicilina',
    })
    const [patientCreate, allergy] = await pendingEntries(db)
    expect(allergy?.dependsOn).toEqual([patientCreate?.mutationId])
  })

  it('queues only the changed fields of an edit, against the shadow’s version, with the values replaced', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedCondition(db, ctx)
    expect(
      await updateRecordSection(db, ctx, server.id, { note: 'Controlada con dieta', year: 2015 }),
    ).toBeNull()
    const edited = await updateRecordSection(db, ctx, server.id, { note: 'Con losartán', year: 2015 })
    expect(edited).toMatchObject({ note: 'Con losartán', syncState: 'pending' })
    const [queued] = await pendingEntries(db)
    expect(queued).toMatchObject({
      kind: 'recordSection.update',
      method: 'PUT',
      path: `/api/operation/patients/medical-conditions/${server.id}`,
      body: { note: 'Con losartán' },
      baseVersion: 2,
      baseValues: { note: 'Controlada con dieta' },
      dependsOn: [],
    })
  })

  it('puts the COVID status edit on SPEC’s /update path', async () => {
    const { db, ctx } = aDevice()
    const status = await createRecordSection(db, ctx, 'covid-status', {
      patient_id: PATIENT,
      covid_status_id: 'suspicious',
    })
    await updateRecordSection(db, ctx, status.id, { covid_status_id: 'recovered' })
    const [create, update] = await pendingEntries(db)
    expect(update).toMatchObject({
      path: `/api/operation/patients/covid-status/update/${status.id}`,
      baseVersion: null,
      dependsOn: [create?.mutationId],
    })
  })

  it('hides a deleted entry at once and queues its delete after its earlier changes', async () => {
    const { db, ctx } = aDevice()
    const entry = await createRecordSection(db, ctx, 'social-habits', { patient_id: PATIENT, habit: 'Fuma' })
    await deleteRecordSection(db, ctx, entry.id)
    expect((await db.recordSections.get(entry.id))?.deleted_at).toEqual(expect.any(String))
    const [create, removal] = await pendingEntries(db)
    expect(removal).toMatchObject({
      kind: 'recordSection.delete',
      method: 'DELETE',
      path: `/api/operation/patients/social-habits/${entry.id}`,
      body: {},
      baseVersion: null,
      dependsOn: [create?.mutationId],
    })
    await expect(updateRecordSection(db, ctx, entry.id, { habit: 'Ya no fuma' })).rejects.toThrow()
  })

  it('holds edited entries to the section’s contract schema on the sync screen', async () => {
    const { db, ctx } = aDevice()
    const entry = await createRecordSection(db, ctx, 'medical-histories', {
      patient_id: PATIENT,
      title: 'Asma',
    })
    await updateRecordSection(db, ctx, entry.id, { year: 2001 })
    const [create, update] = await pendingEntries(db)
    if (!create || !update) throw new Error('both entries are queued')
    expect(v.safeParse(entrySchema(create), create.body).success).toBe(true)
    expect(v.safeParse(entrySchema(create), { ...create.body, title: '' }).success).toBe(false)
    expect(v.safeParse(entrySchema(update), { year: 2001 }).success).toBe(true)
    expect(v.safeParse(entrySchema(update), { year: 1900 }).success).toBe(false)
  })
})

describe('sending record section entries', () => {
  it('stores the answer of a create as row and shadow, and takes a deleted entry off the device', async () => {
    const { db, ctx } = aDevice()
    const entry = await createRecordSection(db, ctx, 'medical-conditions', aCondition())
    expect(await aLoop(db).runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await db.recordSections.get(entry.id)).toMatchObject({ version: 1, syncState: 'synced' })
    expect(await db.shadows.get(['recordSection', entry.id])).toMatchObject({ version: 1 })
    await deleteRecordSection(db, ctx, entry.id)
    const transport = scriptedTransport([{ kind: 'ok', record: null }])
    expect(await aLoop(db, transport).runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(transport.sent[0]).toMatchObject({ method: 'DELETE', baseVersion: null })
    expect(await db.recordSections.get(entry.id)).toBeUndefined()
    expect(await db.shadows.get(['recordSection', entry.id])).toBeUndefined()
  })

  it('merges a 412 whose server change touched other fields, and sends the edit again on the new version', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedCondition(db, ctx)
    await updateRecordSection(db, ctx, server.id, { note: 'Con losartán' })
    const theirs = { ...server, year: 2014, version: 3 }
    const transport = scriptedTransport([
      { kind: 'version-mismatch', current: theirs },
      (entry) => ({ kind: 'ok', record: { ...theirs, ...entry.body, version: 4 } }),
    ])
    expect(await aLoop(db, transport).runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(transport.sent[1]).toMatchObject({ body: { note: 'Con losartán' }, baseVersion: 3 })
    expect(await db.recordSections.get(server.id)).toMatchObject({
      note: 'Con losartán',
      year: 2014,
      version: 4,
      syncState: 'synced',
    })
  })

  it('turns a 412 on the same field into a conflict a person resolves', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedCondition(db, ctx)
    await updateRecordSection(db, ctx, server.id, { note: 'Mía' })
    const transport = scriptedTransport([
      { kind: 'version-mismatch', current: { ...server, note: 'Suya', version: 3 } },
    ])
    await aLoop(db, transport).runOnce()
    expect(await db.recordSections.get(server.id)).toMatchObject({ syncState: 'conflict' })
    expect(await db.conflicts.toArray()).toMatchObject([
      { entity: 'recordSection', entityId: server.id, field: 'note', mine: 'Mía', theirs: 'Suya' },
    ])
  })

  it('shows an edit refused because the entry was deleted meanwhile as rejected', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedCondition(db, ctx)
    await updateRecordSection(db, ctx, server.id, { note: 'Tarde' })
    const transport = scriptedTransport([
      { kind: 'rejected', status: 422, message: 'El registro fue eliminado; no se puede modificar.' },
    ])
    await aLoop(db, transport).runOnce()
    expect(await db.recordSections.get(server.id)).toMatchObject({ syncState: 'rejected' })
    expect(await pendingEntries(db)).toMatchObject([{ status: 'rejected' }])
  })
})

describe('pulling record section entries', () => {
  const change = (
    id: string,
    op: 'upsert' | 'delete',
    version: number,
    data: Record<string, unknown> | null,
  ) => ({
    entity: 'record-section' as const,
    id,
    op,
    version,
    data,
  })

  it('stores pulled entries as synced rows (their own server copy, no shadow), and removes deleted ones', async () => {
    const { db } = aDevice()
    const id = '0193a7f2-5b1e-7c3d-8e4f-0000000000a1'
    const data = {
      id,
      patient_id: PATIENT,
      section: 'allergies-tolerances',
      description: 'Polen',
      version: 1,
    }
    await applyChanges(db, { changes: [change(id, 'upsert', 1, data)], cursor: '1.1', hasMore: false })
    expect(await db.recordSections.get(id)).toMatchObject({ description: 'Polen', syncState: 'synced' })
    expect(
      await db.recordSections.where('[patient_id+section]').equals([PATIENT, 'allergies-tolerances']).count(),
    ).toBe(1)
    expect(await db.shadows.get(['recordSection', id])).toBeUndefined()
    await applyChanges(db, { changes: [change(id, 'delete', 2, null)], cursor: '1.2', hasMore: false })
    expect(await db.recordSections.get(id)).toBeUndefined()
  })

  it('keeps the person’s queued edit visible while the shadow follows the server', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedCondition(db, ctx)
    await updateRecordSection(db, ctx, server.id, { note: 'Mía' })
    const pulled = { ...server, year: 2010, version: 3 }
    await applyChanges(db, {
      changes: [change(server.id, 'upsert', 3, pulled)],
      cursor: '1.3',
      hasMore: false,
    })
    expect(await db.recordSections.get(server.id)).toMatchObject({ note: 'Mía', syncState: 'pending' })
    expect(await db.shadows.get(['recordSection', server.id])).toMatchObject({
      version: 3,
      data: { year: 2010 },
    })
  })
})
