import { describe, expect, it } from 'vitest'
import type { LocalDb } from '../db/local-db'
import { MAX_WAIT_MS } from './backoff'
import { createPatient, type MutationContext, updatePatient } from './mutators'
import {
  ATTENTION_AFTER_MS,
  discard,
  editEntry,
  markRejected,
  needsAttentionCount,
  pendingCount,
  retry,
  sendableEntries,
} from './outbox'
import { createReading } from './reading-mutators'
import { aBloodPressure, aDevice, aPatient, CURPS, pendingEntries } from './test-fixtures'

const NOW = Date.parse('2026-11-22T10:00:00.000Z')

/** Two patients created offline: Guadalupe with an edit and a reading, and Juan. */
async function aBusyQueue() {
  const { db, ctx } = aDevice()
  const guadalupe = await createPatient(db, ctx, aPatient())
  await updatePatient(db, ctx, guadalupe.id, { phone: '3398765432' })
  await createReading(db, ctx, 'blood-pressure', aBloodPressure(guadalupe.id))
  const juan = await createPatient(db, ctx, aPatient({ name: 'Juan', last_name: 'Pérez', curp: CURPS.juan }))
  const [create, update, reading, juanCreate] = await pendingEntries(db)
  if (!create || !update || !reading || !juanCreate) throw new Error('queue not built')
  return { db, ctx, guadalupe, juan, create, update, reading, juanCreate }
}

/** The server acknowledged an entry: it leaves the outbox. */
const acknowledge = (db: LocalDb, seq: number | undefined) => db.outbox.delete(seq as number)

/** The entry the loop would send first. */
const nextSendable = async (db: LocalDb, now: number) => (await sendableEntries(db, now, 1))[0]

describe('the order of sending', () => {
  it('sends the lowest seq first', async () => {
    const { db, create } = await aBusyQueue()
    expect((await nextSendable(db, NOW))?.seq).toBe(create.seq)
  })

  it('holds an entry back while one of its dependencies is still queued, whatever its status', async () => {
    const { db, create, juanCreate } = await aBusyQueue()
    await db.outbox.update(create.seq as number, { status: 'sending' })
    // Guadalupe's edit and reading wait for her create; Juan's create does not.
    expect((await nextSendable(db, NOW))?.seq).toBe(juanCreate.seq)
  })

  it('sends dependents once their dependency is acknowledged', async () => {
    const { db, create, update, reading } = await aBusyQueue()
    await acknowledge(db, create.seq)
    expect((await nextSendable(db, NOW))?.seq).toBe(update.seq)
    await acknowledge(db, update.seq)
    expect((await nextSendable(db, NOW))?.seq).toBe(reading.seq)
  })

  it('finds the entry that can go behind many that must wait, reading the queue a few at a time', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    for (let i = 0; i < 40; i++) {
      await createReading(db, ctx, 'blood-pressure', aBloodPressure(patient.id))
    }
    const juan = await createPatient(
      db,
      ctx,
      aPatient({ name: 'Juan', last_name: 'Pérez', curp: CURPS.juan }),
    )
    const [create] = await pendingEntries(db)
    // Guadalupe's create backs off: her forty readings wait for it, Juan's create does not.
    await db.outbox.update(create?.seq as number, { nextAttemptAt: NOW + 60_000 })
    expect(await nextSendable(db, NOW)).toMatchObject({ kind: 'patient.create', entityId: juan.id })
  })

  it('keeps one record’s changes in order even while the first one backs off', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await updatePatient(db, ctx, patient.id, { phone: '3398765432' })
    const [create, update] = await pendingEntries(db)
    await acknowledge(db, create?.seq)
    await updatePatient(db, ctx, patient.id, { address_other: 'Calle Hidalgo 45' })
    // The later edit's dependency is dropped by hand: only the per-record rule holds it now.
    const [, later] = await pendingEntries(db)
    await db.outbox.update(later?.seq as number, { dependsOn: [] })
    await db.outbox.update(update?.seq as number, { nextAttemptAt: NOW + 60_000 })
    expect(await nextSendable(db, NOW)).toBeUndefined()
    expect((await nextSendable(db, NOW + 60_000))?.seq).toBe(update?.seq)
  })

  it('skips an entry that is backing off and sends an independent one', async () => {
    const { db, create, juanCreate } = await aBusyQueue()
    await db.outbox.update(create.seq as number, { nextAttemptAt: NOW + 5_000 })
    expect((await nextSendable(db, NOW))?.seq).toBe(juanCreate.seq)
  })

  it('keeps the order of seq when the device clock says 2099', async () => {
    const { db } = aDevice()
    const in2099: MutationContext = {
      userId: 'nurse-2099',
      tenant: 'demo',
      now: () => new Date('2099-01-01T00:00:00Z'),
    }
    const in2026: MutationContext = { userId: 'nurse-2099', tenant: 'demo', now: () => new Date(NOW) }
    const first = await createPatient(db, in2099, aPatient())
    const second = await createPatient(db, in2026, aPatient({ name: 'Juan', curp: CURPS.juan }))
    const [a, b] = await pendingEntries(db)
    expect([a?.entityId, b?.entityId]).toEqual([first.id, second.id])
    expect((await nextSendable(db, NOW))?.entityId).toBe(first.id)
    // A back-off computed while the clock said 2099 is not a wait of 73 years once it is fixed.
    await db.outbox.update(a?.seq as number, { nextAttemptAt: Date.parse('2099-01-01T00:00:05Z') })
    expect((await nextSendable(db, NOW))?.entityId).toBe(first.id)
    await db.outbox.update(a?.seq as number, { nextAttemptAt: NOW + MAX_WAIT_MS })
    expect((await nextSendable(db, NOW))?.entityId).toBe(second.id)
  })

  it('pages through a long queue to find the next sendable entry', async () => {
    const { db, ctx } = aDevice()
    const blocker = await createPatient(db, ctx, aPatient())
    for (let i = 0; i < 150; i++) await createReading(db, ctx, 'blood-pressure', aBloodPressure(blocker.id))
    await db.outbox.where('entityId').equals(blocker.id).modify({ status: 'rejected' })
    const juan = await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    expect((await nextSendable(db, NOW))?.entityId).toBe(juan.id)
  })
})

describe('rejections', () => {
  it('marks the entry rejected, its dependents blocked, and lets independent entries go on', async () => {
    const { db, guadalupe, create, update, reading, juanCreate } = await aBusyQueue()
    await markRejected(db, create, 'La CURP no es válida')
    const statuses = Object.fromEntries((await pendingEntries(db)).map((e) => [e.seq, e.status]))
    expect(statuses).toEqual({
      [create.seq as number]: 'rejected',
      [update.seq as number]: 'blocked',
      [reading.seq as number]: 'blocked',
      [juanCreate.seq as number]: 'pending',
    })
    expect(await db.outbox.get(create.seq as number)).toMatchObject({ lastError: 'La CURP no es válida' })
    expect(await db.patients.get(guadalupe.id)).toMatchObject({ syncState: 'rejected' })
    expect((await nextSendable(db, NOW))?.seq).toBe(juanCreate.seq)
    expect(await needsAttentionCount(db)).toBe(3)
    expect(await pendingCount(db)).toBe(1)
  })

  it('counts an entry the server has failed for a day as needing attention, and one failing for less not', async () => {
    const { db, juanCreate } = await aBusyQueue()
    await db.outbox.update(juanCreate.seq as number, { failingSince: NOW - ATTENTION_AFTER_MS + 1 })
    expect(await needsAttentionCount(db, NOW)).toBe(0)
    await db.outbox.update(juanCreate.seq as number, { failingSince: NOW - ATTENTION_AFTER_MS })
    expect(await needsAttentionCount(db, NOW)).toBe(1)
    expect(await pendingCount(db)).toBe(4)
  })

  it('retries an entry with its blocked dependents from scratch', async () => {
    const { db, guadalupe, create, reading } = await aBusyQueue()
    await db.outbox.update(create.seq as number, { attempts: 4 })
    await markRejected(db, create, 'rechazado')
    await retry(db, create.seq as number)
    expect(await db.outbox.get(create.seq as number)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
    })
    expect(await db.outbox.get(reading.seq as number)).toMatchObject({ status: 'pending' })
    expect(await db.patients.get(guadalupe.id)).toMatchObject({ syncState: 'pending' })
    expect((await nextSendable(db, NOW))?.seq).toBe(create.seq)
  })

  it('discards with a reason: logs every entry it takes along and removes what the server never had', async () => {
    const { db, guadalupe, juan, create } = await aBusyQueue()
    await markRejected(db, create, 'La CURP no es válida')
    const at = () => new Date('2026-11-22T12:00:00.000Z')
    expect(await discard(db, create.seq as number, 'Paciente duplicado', 'nurse-1', at)).toBe(3)
    expect((await pendingEntries(db)).map((e) => e.entityId)).toEqual([juan.id])
    expect(await db.patients.get(guadalupe.id)).toBeUndefined()
    expect(await db.readings.count()).toBe(0)
    const log = await db.rejections.toArray()
    expect(log).toHaveLength(3)
    expect(log[0]).toMatchObject({
      mutationId: create.mutationId,
      reason: 'Paciente duplicado',
      who: 'nurse-1',
      at: '2026-11-22T12:00:00.000Z',
      error: 'La CURP no es válida',
    })
  })

  it("puts a record the server has back to the server's copy when its edit is discarded", async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await db.outbox.clear()
    await db.shadows.put({ entity: 'patient', id: patient.id, version: 1, data: { ...patient } })
    await updatePatient(db, ctx, patient.id, { phone: '3398765432' })
    const [update] = await pendingEntries(db)
    await discard(db, update?.seq as number, 'Error de captura', 'nurse-1')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.patients.get(patient.id)).toMatchObject({
      phone: patient.phone,
      version: 1,
      syncState: 'synced',
    })
  })

  it('sends an edited rejected entry again with the correction, unblocking what waited on it', async () => {
    const { db, guadalupe, create, update, reading } = await aBusyQueue()
    await markRejected(db, create, 'Los datos no son válidos', {
      second_last_name: ['Máximo 100 caracteres.'],
    })
    expect((await db.outbox.get(create.seq as number))?.fieldErrors).toEqual({
      second_last_name: ['Máximo 100 caracteres.'],
    })
    await editEntry(db, create.seq as number, { second_last_name: 'Martínez López', id: 'another-id' })
    const [edited, ...rest] = await pendingEntries(db)
    expect(edited).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
      body: { id: guadalupe.id, second_last_name: 'Martínez López', curp: CURPS.guadalupe },
    })
    expect(edited?.fieldErrors).toBeUndefined()
    expect(rest.filter((e) => e.seq === update.seq || e.seq === reading.seq).map((e) => e.status)).toEqual([
      'pending',
      'pending',
    ])
    expect(await db.patients.get(guadalupe.id)).toMatchObject({
      second_last_name: 'Martínez López',
      syncState: 'pending',
    })
  })

  it('edits only a refused entry, and only the fields it carries', async () => {
    const { db, create, update } = await aBusyQueue()
    await expect(editEntry(db, create.seq as number, { name: 'Lupita' })).rejects.toThrow(/pending/)
    await markRejected(db, update, 'El teléfono no es válido')
    await expect(editEntry(db, update.seq as number, { name: 'Lupita' })).rejects.toThrow(/name/)
    expect((await db.outbox.get(update.seq as number))?.body).toEqual({ phone: '3398765432' })
  })
})
