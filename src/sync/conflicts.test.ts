import { describe, expect, it, vi } from 'vitest'
import type { LocalDb } from '../db/local-db'
import { resolveConflicts } from './conflicts'
import { updatePatient } from './mutators'
import { createSyncLoop } from './sync-loop'
import { aDevice, aSyncedPatient, pendingEntries, scriptedTransport } from './test-fixtures'
import type { Transport } from './transport'

const runLoop = (db: LocalDb, transport: Transport) =>
  createSyncLoop({
    db,
    transport,
    refreshSession: vi.fn(async () => true),
    onAuthLost: vi.fn(),
    locks: null,
    random: () => 0.5,
  }).runOnce()

/**
 * The nurse changed Guadalupe's phone and address on the tablet while the clinic's office changed
 * the same two fields and her payroll number: a 412 leaves two conflicting fields.
 */
async function aConflict() {
  const { db, ctx } = aDevice()
  const server = await aSyncedPatient(db, ctx)
  await updatePatient(db, ctx, server.id, { phone: '3398765432', address_other: 'Calle Morelos 8' })
  const theirs = {
    ...server,
    phone: '3311112222',
    address_other: 'Calle Hidalgo 45',
    payroll_number: 'N099001',
    version: 4,
  }
  await runLoop(db, scriptedTransport([{ kind: 'version-mismatch', current: theirs }]))
  expect((await db.conflicts.toArray()).map((c) => c.field).sort()).toEqual(['address_other', 'phone'])
  return { db, server, theirs }
}

describe('resolving a conflict field by field', () => {
  it('sends the fields kept as mine on the server version, and nothing of theirs', async () => {
    const { db, server } = await aConflict()
    const sent = await resolveConflicts(db, 'patient', server.id, { phone: 'mine', address_other: 'theirs' })
    expect(sent).toBe(1)
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      status: 'pending',
      baseVersion: 4,
      body: { phone: '3398765432' },
      baseValues: { phone: '3311112222' },
      lastError: null,
    })
    expect(await db.conflicts.count()).toBe(0)
    // The row shows the server's copy (their address, their payroll number) with my phone on top.
    expect(await db.patients.get(server.id)).toMatchObject({
      phone: '3398765432',
      address_other: 'Calle Hidalgo 45',
      payroll_number: 'N099001',
      version: 4,
      syncState: 'pending',
    })
    const transport = scriptedTransport()
    await runLoop(db, transport)
    expect(transport.sent.map((e) => e.body)).toEqual([{ phone: '3398765432' }])
  })

  it('is done when every field is left to the server', async () => {
    const { db, server } = await aConflict()
    expect(
      await resolveConflicts(db, 'patient', server.id, { phone: 'theirs', address_other: 'theirs' }),
    ).toBe(0)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.patients.get(server.id)).toMatchObject({
      phone: '3311112222',
      address_other: 'Calle Hidalgo 45',
      syncState: 'synced',
    })
  })

  it('refuses a decision that leaves a field undecided, and changes nothing', async () => {
    const { db, server } = await aConflict()
    await expect(resolveConflicts(db, 'patient', server.id, { phone: 'mine' })).rejects.toThrow(
      /address_other/,
    )
    expect(await db.conflicts.count()).toBe(2)
    expect((await pendingEntries(db))[0]).toMatchObject({ status: 'conflict' })
  })

  it('clears conflicts left behind by an entry that was discarded', async () => {
    const { db, server } = await aConflict()
    await db.outbox.clear()
    expect(await resolveConflicts(db, 'patient', server.id, { phone: 'mine', address_other: 'mine' })).toBe(0)
    expect(await db.conflicts.count()).toBe(0)
  })
})
