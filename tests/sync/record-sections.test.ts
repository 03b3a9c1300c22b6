import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { catalogueEntries } from '../../server/db/schema'
import { seedReferenceLists } from '../../server/seed/reference-lists'
import { createPatient } from '../../src/sync/mutators'
import {
  createRecordSection,
  deleteRecordSection,
  updateRecordSection,
} from '../../src/sync/record-section-mutators'
import { differencesFromServer } from './compare'
import type { Device } from './device'
import { newPatient } from './people'
import {
  type Clinic,
  openClinic,
  type SyncServer,
  serverRecords,
  serverTrail,
  startSyncServer,
} from './server'
import { clinicTablets } from './tablets'

/**
 * DESIGN §8 for the record sections (issue 6), over real HTTP: an entry written on a tablet whose
 * patient the server has not heard of yet, edited on two tablets at once, deleted on one while
 * the other still edits it.
 */
describe('record section entries shared by tablets and the server', () => {
  let server: SyncServer
  let clinic: Clinic
  const diabetesId = uuidv7()

  beforeAll(async () => {
    server = await startSyncServer()
    await seedReferenceLists(server.database.db)
    clinic = await openClinic(server, 'sur', 2)
    // A medical condition is a value of the clinic's catalogue (decision 0018).
    await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx.insert(catalogueEntries).values({
        tenantId: clinic.tenantId,
        id: diabetesId,
        catalogue: 'medical-conditions',
        name: 'Diabetes',
        nameKey: 'diabetes',
      }),
    )
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const records = () => serverRecords(server, clinic.tenantId)
  const matchesServer = async (device: Device) => differencesFromServer(device, await records())

  it('merges two tablets’ edits of one entry, then lets a delete win over a later edit', async () => {
    const first = tablet(0)
    const second = tablet(1)
    // Both the patient and its entry are made offline: the entry waits for the patient's create.
    const patient = await createPatient(first.db, first.ctx, newPatient(4_000))
    const entry = await createRecordSection(first.db, first.ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: diabetesId,
      note: 'Tipo 2',
      year: 2018,
    })
    expect(await first.loop.runOnce()).toEqual({ sent: 2, stoppedBy: 'idle' })
    await second.catchUp()
    expect(await second.db.recordSections.get(entry.id)).toMatchObject({
      note: 'Tipo 2',
      syncState: 'synced',
    })

    await updateRecordSection(first.db, first.ctx, entry.id, { note: 'Tipo 2, con metformina' })
    await updateRecordSection(second.db, second.ctx, entry.id, { year: 2017 })
    expect(await first.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await second.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    const puts = second.network.log.filter((exchange) => exchange.method === 'PUT')
    expect(puts.map((exchange) => [exchange.status, exchange.ifMatch])).toEqual([
      [412, '"1"'],
      [200, '"2"'],
    ])
    expect((await records()).recordSections.get(entry.id)).toMatchObject({
      note: 'Tipo 2, con metformina',
      year: 2017,
      version: 3,
    })
    await first.catchUp()
    await second.catchUp()
    expect([...(await matchesServer(first)), ...(await matchesServer(second))]).toEqual([])

    await deleteRecordSection(first.db, first.ctx, entry.id)
    await updateRecordSection(second.db, second.ctx, entry.id, { note: 'Demasiado tarde' })
    expect(await first.loop.runOnce()).toEqual({ sent: 1, stoppedBy: 'idle' })
    expect(await first.db.recordSections.get(entry.id)).toBeUndefined()
    await second.loop.runOnce()
    const [refused] = await second.db.outbox.toArray()
    expect(refused).toMatchObject({
      kind: 'recordSection.update',
      status: 'rejected',
      lastError: 'El registro fue eliminado; no se puede modificar.',
    })
    await second.catchUp()
    // The tombstone hides the entry; the refused edit waits on the sync screen for a person.
    expect((await second.db.recordSections.get(entry.id))?.deleted_at).toEqual(expect.any(String))
    expect((await records()).recordSections.get(entry.id)?.deleted_at).toEqual(expect.any(String))

    const { changes, keys } = await serverTrail(server, clinic.tenantId)
    const ofEntry = changes.filter((change) => change.entityId === entry.id)
    expect(ofEntry.map((change) => [change.op, change.version])).toEqual([
      ['upsert', 1],
      ['upsert', 2],
      ['upsert', 3],
      ['delete', 4],
    ])
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
  })
})
