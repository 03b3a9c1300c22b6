import { ValiError } from 'valibot'
import { describe, expect, it } from 'vitest'
import { createPatient, updatePatient } from './mutators'
import { syncPaths } from './paths'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('creating a patient offline', () => {
  it('writes the row and a create entry carrying every field and the device-made id', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    expect(patient.id).toMatch(UUID_V7)
    expect(await db.patients.get(patient.id)).toMatchObject({
      name: 'María Guadalupe',
      version: 0,
      syncState: 'pending',
    })
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      kind: 'patient.create',
      entity: 'patient',
      entityId: patient.id,
      method: 'POST',
      path: syncPaths.createPatient,
      baseVersion: null,
      dependsOn: [],
      status: 'pending',
      userId: ctx.userId,
      tenant: 'demo',
    })
    expect(entry?.path).toBe('/api/operation/patients/create')
    expect(entry?.mutationId).toMatch(UUID_V7)
    expect(entry?.body).toMatchObject({ id: patient.id, ...aPatient() })
  })

  it('keeps an access password in the entry only, never in the cached row', async () => {
    const { db, ctx } = aDevice()
    const fields = aPatient({ email: 'guadalupe@correo.mx', password: 'Paciente#2026' })
    const patient = await createPatient(db, ctx, fields)
    expect(patient).not.toHaveProperty('password')
    expect(await db.patients.get(patient.id)).not.toHaveProperty('password')
    const [entry] = await pendingEntries(db)
    expect(entry?.body).toMatchObject({ email: 'guadalupe@correo.mx', password: 'Paciente#2026' })
  })

  it('leaves neither row nor entry when the transaction fails halfway', async () => {
    const { db, ctx } = aDevice()
    db.outbox.hook('creating', () => {
      throw new Error('QuotaExceededError')
    })
    await expect(createPatient(db, ctx, aPatient())).rejects.toThrow('QuotaExceededError')
    expect(await db.patients.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('refuses invalid data before writing anything', async () => {
    const { db, ctx } = aDevice()
    await expect(createPatient(db, ctx, aPatient({ curp: 'PEGJ900512HJCRRS05' }))).rejects.toThrow(ValiError)
    expect(await db.patients.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('editing a patient offline', () => {
  async function syncedPatient() {
    const device = aDevice()
    const patient = await createPatient(device.db, device.ctx, aPatient())
    // As if the create had been acknowledged at version 3.
    await device.db.outbox.clear()
    const server = { ...patient, version: 3 }
    const { syncState: _state, ...data } = server
    await device.db.patients.put({ ...server, syncState: 'synced' })
    await device.db.shadows.put({ entity: 'patient', id: patient.id, version: 3, data })
    return { ...device, id: patient.id }
  }

  it('keeps a pulled record’s server copy as the merge base at its first edit, in the same transaction', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await db.outbox.clear()
    // As a pull leaves it: the row alone, synced, with no shadow.
    await db.patients.put({ ...patient, version: 7, syncState: 'synced' })
    await updatePatient(db, ctx, patient.id, { phone: '3398765432' })
    const shadow = await db.shadows.get(['patient', patient.id])
    expect(shadow).toMatchObject({ version: 7, data: { phone: '3312345678', version: 7 } })
    expect(shadow?.data).not.toHaveProperty('syncState')
    expect((await pendingEntries(db))[0]).toMatchObject({ baseVersion: 7, body: { phone: '3398765432' } })
  })

  it('queues only the fields that changed, based on the shadow’s version', async () => {
    const { db, ctx, id } = await syncedPatient()
    await updatePatient(db, ctx, id, { name: 'María Guadalupe', phone: '3398765432' })
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      kind: 'patient.update',
      method: 'PUT',
      path: `/api/operation/patients/update/${id}`,
      body: { phone: '3398765432' },
      baseVersion: 3,
      baseValues: { phone: '3312345678' },
    })
    expect(await db.patients.get(id)).toMatchObject({ phone: '3398765432', syncState: 'pending' })
  })

  it('queues nothing when nothing changed', async () => {
    const { db, ctx, id } = await syncedPatient()
    expect(await updatePatient(db, ctx, id, { last_name: 'González' })).toBeNull()
    expect(await db.outbox.count()).toBe(0)
    expect(await db.patients.get(id)).toMatchObject({ syncState: 'synced' })
  })

  it('chains a second edit to the first, keeping the same base version', async () => {
    const { db, ctx, id } = await syncedPatient()
    await updatePatient(db, ctx, id, { phone: '3398765432' })
    await updatePatient(db, ctx, id, { address_other: 'Calle Hidalgo 45' })
    const [first, second] = await pendingEntries(db)
    expect(second).toMatchObject({
      baseVersion: 3,
      dependsOn: [first?.mutationId],
      body: { address_other: 'Calle Hidalgo 45' },
    })
  })

  it('waits for an unsent create, with no version to match yet', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await updatePatient(db, ctx, patient.id, { phone: '3398765432' })
    const [create, update] = await pendingEntries(db)
    expect(update).toMatchObject({ baseVersion: null, dependsOn: [create?.mutationId] })
  })

  it('leaves the row as it was when the transaction fails', async () => {
    const { db, ctx, id } = await syncedPatient()
    db.outbox.hook('creating', () => {
      throw new Error('aborted')
    })
    await expect(updatePatient(db, ctx, id, { phone: '3398765432' })).rejects.toThrow('aborted')
    expect(await db.patients.get(id)).toMatchObject({ phone: '3312345678', syncState: 'synced' })
    expect(await db.outbox.count()).toBe(0)
  })
})
