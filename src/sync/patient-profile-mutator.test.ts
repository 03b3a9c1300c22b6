import { safeParse, ValiError } from 'valibot'
import { describe, expect, it } from 'vitest'
import { entrySchema } from './entry-schema'
import { updatePatientProfile } from './patient-profile-mutator'
import { createSyncLoop } from './sync-loop'
import { aDevice, aSyncedPatient, pendingEntries, scriptedTransport } from './test-fixtures'

/** SPEC §2 "edit my profile" on the device: the patient's own row, through the outbox. */
describe('a patient editing their own profile offline', () => {
  it('queues only the changed contact fields to PUT /patient-profile, on the row’s version', async () => {
    const { db, ctx } = aDevice()
    const own = await aSyncedPatient(db, ctx)
    const shown = await updatePatientProfile(db, ctx, own.id, {
      phone: '3312345678', // as it stands: not queued
      emergency_contact_name: 'Rosa Pérez',
      emergency_contact_relationship: 'mother',
    })
    expect(shown).toMatchObject({ emergency_contact_name: 'Rosa Pérez', syncState: 'pending' })
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      kind: 'patientProfile.update',
      entity: 'patient',
      entityId: own.id,
      method: 'PUT',
      path: '/api/operation/patient-profile',
      body: { emergency_contact_name: 'Rosa Pérez', emergency_contact_relationship: 'mother' },
      baseVersion: 3,
    })
    // The sync screen holds a corrected entry to the same contract.
    const schema = entrySchema(entry as NonNullable<typeof entry>)
    expect(safeParse(schema, entry?.body).success).toBe(true)
    expect(safeParse(schema, { emergency_contact_phone: '12' }).success).toBe(false)
  })

  it('refuses a bad phone or relationship and queues nothing', async () => {
    const { db, ctx } = aDevice()
    const own = await aSyncedPatient(db, ctx)
    await expect(updatePatientProfile(db, ctx, own.id, { phone: '55-12' })).rejects.toThrow(ValiError)
    await expect(
      updatePatientProfile(db, ctx, own.id, { emergency_contact_relationship: 'cousin' as never }),
    ).rejects.toThrow(ValiError)
    expect(await db.outbox.count()).toBe(0)
  })

  it('queues nothing when nothing changed', async () => {
    const { db, ctx } = aDevice()
    const own = await aSyncedPatient(db, ctx)
    expect(await updatePatientProfile(db, ctx, own.id, { phone: '3312345678' })).toBeNull()
    expect(await db.outbox.count()).toBe(0)
  })

  it('merges with a staff edit of another field (412) and ends synced', async () => {
    const { db, ctx } = aDevice()
    const own = await aSyncedPatient(db, ctx)
    await updatePatientProfile(db, ctx, own.id, { address_other: 'Calle Roble 12' })
    const theirs = { ...own, supervisor: 'Dra. Salas', version: 4 }
    const transport = scriptedTransport([
      { kind: 'version-mismatch', current: theirs },
      { kind: 'ok', record: { ...theirs, address_other: 'Calle Roble 12', version: 5 } },
    ])
    const loop = createSyncLoop({
      db,
      transport,
      refreshSession: async () => true,
      onAuthLost: () => undefined,
      locks: null,
    })
    await loop.runOnce()
    expect(transport.sent.map((entry) => [entry.path, entry.baseVersion])).toEqual([
      ['/api/operation/patient-profile', 3],
      ['/api/operation/patient-profile', 4],
    ])
    expect(await db.patients.get(own.id)).toMatchObject({
      address_other: 'Calle Roble 12',
      supervisor: 'Dra. Salas',
      version: 5,
      syncState: 'synced',
    })
  })
})
