import { describe, expect, it } from 'vitest'
import { fileOwner } from '../contract/endpoints/attachments'
import { DOCUMENT_LIMITS, MAX_IMAGE_BYTES } from '../contract/rules/files'
import { filesOf } from '../db/files'
import type { LocalDb } from '../db/local-db'
import { withCloneableBlobs } from '../test/node-blob'
import { attachFiles, FileRefused, fileTables, prepareFile, removeFile } from './file-mutators'
import { createPatient } from './mutators'
import { createRecordSection } from './record-section-mutators'
import { aDevice, aPatient } from './test-fixtures'

/** A record kind files are attached to, as a clinical module declares one (decision 0023). */
const owner = fileOwner({
  kind: 'record-section',
  service: 'operation',
  base: '/patients/record-entries',
  limits: DOCUMENT_LIMITS,
  write: 'patients-edit',
  read: 'patients-index',
})

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')
const png = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Blob([bytes], { type: 'image/png' })
}
/** Made in each test: the Blob of the test's own runtime (see withCloneableBlobs). */
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' })

const hex = async (bytes: Uint8Array<ArrayBuffer>) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')

/** A patient and an allergy entry made offline: both creates still queued. */
async function anOfflineRecord(db: LocalDb, ctx: Parameters<typeof createPatient>[1]) {
  const patient = await createPatient(db, ctx, aPatient())
  const entry = await createRecordSection(db, ctx, 'allergies-tolerances', {
    patient_id: patient.id,
    description: 'Penicilina',
  })
  return { patient, entry }
}

withCloneableBlobs()

describe('preparing a file on the device', () => {
  it('reads its type from the bytes, hashes it and gives it an id, before any transaction', async () => {
    const prepared = await prepareFile(
      new Blob([PDF], { type: 'text/plain' }),
      'Estudio.pdf',
      DOCUMENT_LIMITS,
    )
    expect(prepared).toMatchObject({ name: 'Estudio.pdf', media_type: 'application/pdf', size: PDF.length })
    expect(prepared.sha256).toBe(await hex(PDF))
    expect(prepared.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/)
    expect(prepared.blob.type).toBe('application/pdf')
  })

  it('refuses what the owner does not take, with the message the server would give', async () => {
    const gif = new Blob([new TextEncoder().encode('GIF89a')])
    await expect(prepareFile(gif, 'animación.gif', DOCUMENT_LIMITS)).rejects.toEqual(
      new FileRefused('file.documentType'),
    )
  })

  it('scales an image over its bound down first, naming a PNG that became a JPEG for it', async () => {
    const asked: Array<[string, number]> = []
    const prepared = await prepareFile(
      png(MAX_IMAGE_BYTES + 10),
      'foto.png',
      DOCUMENT_LIMITS,
      async (_image, type, max) => {
        asked.push([type, max])
        return jpeg()
      },
    )
    expect(asked).toEqual([['image/png', MAX_IMAGE_BYTES]])
    expect(prepared).toMatchObject({ name: 'foto.jpg', media_type: 'image/jpeg', size: 8 })
  })

  it('refuses an image that no size brings under its bound as too large', async () => {
    const refused = prepareFile(png(MAX_IMAGE_BYTES + 10), 'ruido.png', DOCUMENT_LIMITS, async () => {
      throw new Error('the image cannot be brought under its bound')
    })
    await expect(refused).rejects.toEqual(new FileRefused('file.imageTooLarge'))
  })

  it('leaves an image within its bound as it is', async () => {
    const prepared = await prepareFile(png(1000), 'firma.png', DOCUMENT_LIMITS, async () => {
      throw new Error('not to be scaled')
    })
    expect(prepared).toMatchObject({ name: 'firma.png', media_type: 'image/png', size: 1000 })
  })
})

describe('attaching files to a record', () => {
  it('stores each file with its record and queues its upload after the record’s create', async () => {
    const { db, ctx } = aDevice()
    const { patient, entry } = await anOfflineRecord(db, ctx)
    const files = [
      await prepareFile(new Blob([PDF]), 'Estudio.pdf', DOCUMENT_LIMITS),
      await prepareFile(jpeg(), 'Foto.jpg', DOCUMENT_LIMITS),
    ]
    const target = { owner, ownerId: entry.id, patientId: patient.id }
    await db.transaction('rw', [db.recordSections, ...fileTables(db)], () =>
      attachFiles(db, ctx, target, files),
    )

    const stored = await filesOf(db, 'record-section', entry.id)
    expect(stored.map((file) => [file.name, file.syncState, file.version, file.blob?.size])).toEqual([
      ['Estudio.pdf', 'pending', 0, PDF.length],
      ['Foto.jpg', 'pending', 0, 8],
    ])
    const [, entryCreate, ...uploads] = await db.outbox.orderBy('seq').toArray()
    expect(
      uploads.map((upload) => [upload.kind, upload.method, upload.path, upload.body, upload.dependsOn]),
    ).toEqual(
      files.map((file) => [
        'attachment.create',
        'POST',
        `/api/operation/patients/record-entries/${entry.id}/files`,
        { id: file.id, name: file.name },
        [entryCreate?.mutationId],
      ]),
    )
  })

  it('is called inside the mutator’s transaction, never on its own', async () => {
    const { db, ctx } = aDevice()
    const { patient, entry } = await anOfflineRecord(db, ctx)
    const file = await prepareFile(jpeg(), 'Foto.jpg', DOCUMENT_LIMITS)
    await expect(
      attachFiles(db, ctx, { owner, ownerId: entry.id, patientId: patient.id }, [file]),
    ).rejects.toThrow('inside the mutator')
  })

  it('waits for nothing once the record is on the server', async () => {
    const { db, ctx } = aDevice()
    const { patient, entry } = await anOfflineRecord(db, ctx)
    await db.outbox.clear()
    const file = await prepareFile(jpeg(), 'Foto.jpg', DOCUMENT_LIMITS)
    await db.transaction('rw', fileTables(db), () =>
      attachFiles(db, ctx, { owner, ownerId: entry.id, patientId: patient.id }, [file]),
    )
    expect((await db.outbox.toArray()).map((upload) => upload.dependsOn)).toEqual([[]])
  })
})

describe('removing a file', () => {
  const attachOne = async () => {
    const device = aDevice()
    const { db, ctx } = device
    const { patient, entry } = await anOfflineRecord(db, ctx)
    const file = await prepareFile(jpeg(), 'Foto.jpg', DOCUMENT_LIMITS)
    await db.transaction('rw', fileTables(db), () =>
      attachFiles(db, ctx, { owner, ownerId: entry.id, patientId: patient.id }, [file]),
    )
    const upload = (await db.outbox.toArray()).find((queued) => queued.entityId === file.id)
    return { ...device, file, upload, ownerId: entry.id }
  }

  it('simply drops one the server never had, with its upload', async () => {
    const { db, ctx, file } = await attachOne()
    await removeFile(db, ctx, owner, file.id)
    expect(await db.files.get(file.id)).toBeUndefined()
    expect((await db.outbox.toArray()).map((queued) => queued.kind)).toEqual([
      'patient.create',
      'recordSection.create',
    ])
  })

  it('queues the removal of one the server has, hiding it at once', async () => {
    const { db, ctx, file, ownerId } = await attachOne()
    await db.outbox.clear()
    await db.files.update(file.id, { version: 1, syncState: 'synced' })
    await removeFile(db, ctx, owner, file.id)
    expect((await db.files.get(file.id))?.deleted_at).toEqual(expect.any(String))
    expect(await filesOf(db, 'record-section', ownerId)).toEqual([])
    const [removal] = await db.outbox.toArray()
    expect(removal).toMatchObject({
      kind: 'attachment.delete',
      entity: 'attachment',
      entityId: file.id,
      method: 'DELETE',
      path: `/api/operation/patients/record-entries/file/${file.id}`,
    })
  })

  it('sends the removal after an upload already on its way', async () => {
    const { db, ctx, file, upload } = await attachOne()
    await db.outbox.update(upload?.seq as number, { status: 'sending' })
    await removeFile(db, ctx, owner, file.id)
    const queued = (await db.outbox.orderBy('seq').toArray()).filter((entry) => entry.entityId === file.id)
    expect(queued.map((entry) => [entry.kind, entry.dependsOn])).toEqual([
      ['attachment.create', upload?.dependsOn],
      ['attachment.delete', [upload?.mutationId]],
    ])
  })
})
