import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { attachments } from '../../server/db/schema'
import { pathFor } from '../../src/contract/endpoints/define'
import { attachFiles, fileTables, prepareFile, removeFile } from '../../src/sync/file-mutators'
import { createPatient } from '../../src/sync/mutators'
import { createRecordSection } from '../../src/sync/record-section-mutators'
import { sampleFile, testFileCalls, testFileOwner, withTestFileOwner } from '../fixtures/file-owner'
import type { Device } from './device'
import { newPatient } from './people'
import {
  type Clinic,
  nurseOf,
  openClinic,
  type SyncServer,
  serverRecords,
  serverTrail,
  startSyncServer,
} from './server'
import { clinicTablets } from './tablets'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Files captured offline (DESIGN §5, issue 19), over real HTTP: a record with two files made on
 * a tablet for a patient the server has not heard of yet; each upload waits for its record,
 * travels alone as multipart under its own key, and reaches the server once even when its
 * answer is lost on the way back.
 */
describe('files captured offline', () => {
  let server: SyncServer
  let clinic: Clinic

  beforeAll(async () => {
    server = await startSyncServer(withTestFileOwner)
    clinic = await openClinic(server, 'norte', 2)
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const storedFiles = () =>
    withTenant(server.database.db, clinic.tenantId, (tx) => tx.select().from(attachments))

  /** A patient, an allergy entry and its two files (a scan and a photo), all made offline. */
  async function recordWithTwoFiles(device: Device, seed: number) {
    const { db, ctx } = device
    const patient = await createPatient(db, ctx, newPatient(seed))
    const entry = await createRecordSection(db, ctx, 'allergies-tolerances', {
      patient_id: patient.id,
      description: 'Penicilina: urticaria generalizada',
    })
    const scanBytes = sampleFile('pdf', 180_000, seed)
    const photoBytes = sampleFile('jpeg', 250_000, seed + 1)
    const files = [
      await prepareFile(
        new Blob([new Uint8Array(scanBytes)]),
        'Reporte de alergología.pdf',
        testFileOwner.owner.limits,
      ),
      await prepareFile(
        new Blob([new Uint8Array(photoBytes)]),
        'Foto de la reacción.jpg',
        testFileOwner.owner.limits,
      ),
    ]
    await db.transaction('rw', fileTables(db), () =>
      attachFiles(db, ctx, { owner: testFileOwner.owner, ownerId: entry.id, patientId: patient.id }, files),
    )
    return { patient, entry, files, bytes: [scanBytes, photoBytes] }
  }

  it('reaches the server once, record and files, though the first upload’s answer is lost', async () => {
    const device = tablet()
    const { entry, files, bytes } = await recordWithTwoFiles(device, 7_000)
    // The patient's batch and the entry's go through; the answer to the first upload is lost.
    device.network.faults.push(null, null, 'drop-response')
    const first = await device.loop.runOnce()
    expect(first.stoppedBy).toBe('backoff')
    await device.network.settle()
    device.clock.advance(10 * 60_000)
    const second = await device.loop.runOnce()
    expect(second.stoppedBy).toBe('idle')
    expect(first.sent + second.sent).toBe(4)
    expect(await device.db.outbox.count()).toBe(0)

    const uploads = device.network.log.filter((exchange) => exchange.path.endsWith('/files'))
    const lost = uploads.find((exchange) => !exchange.delivered)
    expect(lost).toMatchObject({ method: 'POST', status: 200 })
    // The replay carried the same key, and got the first answer back.
    expect(
      uploads.filter((exchange) => exchange.key === lost?.key).map((e) => [e.status, e.delivered]),
    ).toEqual([
      [200, false],
      [200, true],
    ])
    // Each upload went after its record's create had been acknowledged.
    const order = device.network.log.map((exchange) => exchange.path)
    const entryCreate = order.indexOf('/api/operation/patients/allergies-tolerances')
    expect(order.findIndex((path) => path.endsWith('/files'))).toBeGreaterThan(entryCreate)

    const records = await serverRecords(server, clinic.tenantId)
    expect([...records.recordSections.keys()].filter((id) => id === entry.id)).toHaveLength(1)
    const stored = (await storedFiles()).filter((row) => row.ownerId === entry.id)
    expect(stored.map((row) => [row.id, row.name, row.mediaType, row.size, row.sha256]).sort()).toEqual(
      [
        [files[0]?.id, 'Reporte de alergología.pdf', 'application/pdf', 180_000, sha256(bytes[0] as Buffer)],
        [files[1]?.id, 'Foto de la reacción.jpg', 'image/jpeg', 250_000, sha256(bytes[1] as Buffer)],
      ].sort(),
    )
    const { changes, audit } = await serverTrail(server, clinic.tenantId)
    const ids = new Set(files.map((file) => file.id))
    expect(changes.filter((change) => ids.has(change.entityId)).map((change) => change.op)).toEqual([
      'upsert',
      'upsert',
    ])
    expect(audit.filter((row) => row.action === 'attachment.create')).toHaveLength(2)

    // The device holds the server's copy, with its bytes (they are the only copy it needs).
    for (const file of files) {
      expect(await device.db.files.get(file.id)).toMatchObject({
        version: 1,
        syncState: 'synced',
        sha256: file.sha256,
        blob: expect.any(Blob),
      })
    }
    // A pull brings the same metadata and keeps the bytes held.
    await device.catchUp()
    expect((await device.db.files.get(files[0]?.id as string))?.blob?.size).toBe(180_000)
  })

  it('lists the files on another tablet through the feed, and gives their bytes back', async () => {
    const maker = tablet(0)
    const { entry, files, bytes } = await recordWithTwoFiles(maker, 7_100)
    expect((await maker.loop.runOnce()).stoppedBy).toBe('idle')
    const other = tablet(1)
    await other.catchUp()
    const listed = await other.db.files
      .where('[owner_kind+owner_id]')
      .equals(['record-section', entry.id])
      .toArray()
    expect(listed.map((file) => [file.id, file.syncState, file.blob]).sort()).toEqual(
      files.map((file) => [file.id, 'synced', undefined]).sort(),
    )
    const response = await other.network.fetch(
      pathFor(testFileCalls.download, { id: files[0]?.id as string }),
      {
        headers: { authorization: `Bearer ${other.session.accessToken}` },
      },
    )
    expect(response.status).toBe(200)
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes[0] as Buffer))

    // Removed on the first tablet: the server keeps the row as a tombstone, the other tablet drops it.
    await removeFile(maker.db, maker.ctx, testFileOwner.owner, files[0]?.id as string)
    expect((await maker.loop.runOnce()).stoppedBy).toBe('idle')
    expect(await maker.db.files.get(files[0]?.id as string)).toBeUndefined()
    await other.catchUp()
    expect(await other.db.files.get(files[0]?.id as string)).toBeUndefined()
    const [tombstone] = (await storedFiles()).filter((row) => row.id === files[0]?.id)
    expect(tombstone?.deletedAt).toEqual(expect.any(String))
    expect(tombstone?.deletedBy).toBe(nurseOf(clinic, 0).id)
  })
})
