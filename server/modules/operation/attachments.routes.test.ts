import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathFor } from '../../../src/contract/endpoints/define'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  multipart,
  sampleFile,
  testFileCalls,
  testFileOwner,
  withTestFileOwner,
} from '../../../tests/fixtures/file-owner'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { attachments, auditLog, changeLog, recordSections } from '../../db/schema'
import { changesAfter } from '../sync/feed'
import { mayReadFilesOf } from './attachments.routes'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * The shared file mechanism through a test owner's real routes (DESIGN §5 "Files captured
 * offline", decision 0023): upload, download and delete of a file kept with a record, the type
 * read from the bytes, the size bound per type, idempotency by key and by the device's file id,
 * the assignment scope, tenant isolation, the change feed and the audit.
 */
describe('files attached to a record', () => {
  let t: TestApp
  let acmeId: string
  let patientId: string
  let ownerId: string
  let nurse: Record<string, string>
  let scoped: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  let intruderOwnerId: string

  const entry = async (tenantId: string, patient: string) => {
    const id = uuidv7()
    await withTenant(t.database.db, tenantId, (tx) =>
      tx.insert(recordSections).values({
        tenantId,
        id,
        patientId: patient,
        section: 'allergies-tolerances',
        description: 'Penicilina',
      }),
    )
    return id
  }

  beforeAll(async () => {
    t = await buildTestApp({}, withTestFileOwner)
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    ownerId = await entry(acmeId, patientId)
    intruderOwnerId = await entry(globexId, (await insertPatient(t.database.db, globexId)).id as string)
    const sign = async (host: string, tenantId: string, permissions: string[]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, { permissions })).email)).headers
    nurse = await sign('acme.localhost', acmeId, ['patients-index', 'patients-edit', 'assignments.all'])
    scoped = await sign('acme.localhost', acmeId, ['patients-index', 'patients-edit'])
    nobody = await sign('acme.localhost', acmeId, ['dashboard-index'])
    intruder = await sign('globex.localhost', globexId, [
      'patients-index',
      'patients-edit',
      'assignments.all',
    ])
  })
  afterAll(() => t.close())

  const upload = async (
    headers: Record<string, string>,
    file: { bytes: Uint8Array; filename?: string; type?: string },
    options: { owner?: string; id?: string; name?: string; key?: string; lang?: string } = {},
  ) => {
    const body = await multipart(
      { id: options.id ?? uuidv7(), name: options.name ?? 'receta.pdf' },
      {
        filename: file.filename ?? 'archivo',
        type: file.type ?? 'application/octet-stream',
        bytes: file.bytes,
      },
    )
    const answer = await t.app.inject({
      method: 'POST',
      url: pathFor(testFileCalls.upload, { ownerId: options.owner ?? ownerId }),
      headers: {
        ...headers,
        'content-type': body.contentType,
        'idempotency-key': options.key ?? uuidv7(),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
      payload: body.payload,
    })
    const json = answer.json()
    return { status: answer.statusCode, data: json.data, errors: json.errors, message: json.message }
  }
  const download = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: pathFor(testFileCalls.download, { id }), headers })
  const remove = (headers: Record<string, string>, id: string, key = uuidv7()) =>
    t.app.inject({
      method: 'DELETE',
      url: pathFor(testFileCalls.remove, { id }),
      headers: { ...headers, 'idempotency-key': key },
    })
  /** What the database holds about one file: its rows, feed notes and audit entries. */
  const trail = (id: string) =>
    withTenant(t.database.db, acmeId, async (tx) => ({
      rows: await tx.select().from(attachments).where(eq(attachments.id, id)),
      changes: await tx.select().from(changeLog).where(eq(changeLog.entityId, id)),
      audit: (await tx.select().from(auditLog)).filter(
        (row) => (row.details as { attachment?: string } | null)?.attachment === id,
      ),
    }))

  it('keeps an uploaded file with its record, in the feed and the audit, and gives its bytes back', async () => {
    const bytes = sampleFile('pdf', 40_000, 1)
    const id = uuidv7()
    const created = await upload(
      nurse,
      { bytes, filename: 'estudio.pdf', type: 'application/pdf' },
      {
        id,
        name: 'Estudio de laboratorio.pdf',
      },
    )
    expect(created.status).toBe(200)
    expect(created.data).toEqual({
      id,
      owner_kind: 'record-section',
      owner_id: ownerId,
      patient_id: patientId,
      name: 'Estudio de laboratorio.pdf',
      media_type: 'application/pdf',
      size: 40_000,
      sha256: sha256(bytes),
      version: 1,
      created_by: expect.any(String),
      created_at: expect.any(String),
      deleted_at: null,
    })

    const got = await download(nurse, id)
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('application/pdf')
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Estudio de laboratorio.pdf"; filename*=UTF-8''Estudio%20de%20laboratorio.pdf`,
    )
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0)

    const { changes, audit } = await trail(id)
    expect(changes.map((change) => [change.entity, change.op, change.version, change.patientId])).toEqual([
      ['attachment', 'upsert', 1, patientId],
    ])
    expect(audit.map((row) => [row.action, row.entity, row.entityId])).toEqual([
      ['attachment.create', 'patient', patientId],
      ['attachment.read', 'patient', patientId],
    ])
  })

  it('reads the type from the bytes, whatever the name and the declared type say', async () => {
    const created = await upload(
      nurse,
      { bytes: sampleFile('jpeg', 1000, 2), type: 'application/pdf' },
      {
        name: 'foto.pdf',
      },
    )
    expect(created.status).toBe(200)
    expect(created.data.media_type).toBe('image/jpeg')
  })

  it('asks for a token (401) and for the owner’s permission (403)', async () => {
    const bytes = sampleFile('png', 500, 3)
    expect((await upload({ host: 'acme.localhost' }, { bytes })).status).toBe(401)
    expect((await upload(nobody, { bytes })).status).toBe(403)
    const created = await upload(nurse, { bytes })
    expect((await download({ host: 'acme.localhost' }, created.data.id)).statusCode).toBe(401)
    expect((await download(nobody, created.data.id)).statusCode).toBe(403)
    expect((await remove(nobody, created.data.id)).statusCode).toBe(403)
  })

  describe('refuses a file of the wrong type or size, in the caller’s language, keeping nothing', () => {
    const refusals = [
      {
        what: 'a GIF',
        bytes: () => sampleFile('gif', 800, 4),
        es: 'Elige un archivo PDF, o una imagen con extensión .png o .jpg',
        en: 'Choose a PDF file, or an image with .png or .jpg extension',
      },
      {
        what: 'a PNG over 2 MB',
        bytes: () => sampleFile('png', 2 * 1024 * 1024 + 1, 5),
        es: 'La imagen debe pesar menos de 2 MB.',
        en: 'The image must be under 2 MB.',
      },
      {
        what: 'a PDF over 5 MB',
        bytes: () => sampleFile('pdf', 5 * 1024 * 1024 + 1, 6),
        es: 'El PDF debe pesar menos de 5 MB.',
        en: 'The PDF must be under 5 MB.',
      },
    ]
    for (const { what, bytes, es, en } of refusals) {
      it(what, async () => {
        const id = uuidv7()
        const inSpanish = await upload(nurse, { bytes: bytes() }, { id })
        expect(inSpanish.status).toBe(422)
        expect(inSpanish.errors).toEqual({ file: [es] })
        const inEnglish = await upload(nurse, { bytes: bytes() }, { id, lang: 'en' })
        expect(inEnglish.status).toBe(422)
        expect(inEnglish.errors).toEqual({ file: [en] })
        expect((await trail(id)).rows).toEqual([])
      })
    }

    it('a PNG of exactly 2 MB is taken', async () => {
      expect((await upload(nurse, { bytes: sampleFile('png', 2 * 1024 * 1024, 7) })).status).toBe(200)
    })

    it('an upload without the file, or without a name', async () => {
      const body = await multipart({ id: uuidv7(), name: 'nada.pdf' })
      const answer = await t.app.inject({
        method: 'POST',
        url: pathFor(testFileCalls.upload, { ownerId }),
        headers: { ...nurse, 'content-type': body.contentType },
        payload: body.payload,
      })
      expect(answer.statusCode).toBe(422)
      expect(Object.keys(answer.json().errors)).toEqual(['file'])
      const nameless = await upload(nurse, { bytes: sampleFile('pdf', 100, 8) }, { name: '  ' })
      expect(nameless.status).toBe(422)
      expect(Object.keys(nameless.errors)).toEqual(['name'])
    })
  })

  it('hides another tenant’s records and files (404)', async () => {
    const created = await upload(nurse, { bytes: sampleFile('pdf', 300, 9) })
    expect((await upload(intruder, { bytes: sampleFile('pdf', 300, 10) }, { owner: ownerId })).status).toBe(
      404,
    )
    expect((await download(intruder, created.data.id)).statusCode).toBe(404)
    expect((await remove(intruder, created.data.id)).statusCode).toBe(404)
    // The intruder's own record is unknown here too.
    expect(
      (await upload(nurse, { bytes: sampleFile('pdf', 300, 11) }, { owner: intruderOwnerId })).status,
    ).toBe(404)
    expect((await trail(created.data.id)).rows[0]?.deletedAt).toBeNull()
  })

  it('hides a patient not in a professional’s care (404) and a record that is gone', async () => {
    const created = await upload(nurse, { bytes: sampleFile('pdf', 300, 12) })
    expect((await upload(scoped, { bytes: sampleFile('pdf', 300, 13) })).status).toBe(404)
    expect((await download(scoped, created.data.id)).statusCode).toBe(404)
    expect((await remove(scoped, created.data.id)).statusCode).toBe(404)
    expect((await upload(nurse, { bytes: sampleFile('pdf', 300, 14) }, { owner: uuidv7() })).status).toBe(404)
    const gone = await entry(acmeId, patientId)
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .update(recordSections)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(recordSections.id, gone)),
    )
    expect((await upload(nurse, { bytes: sampleFile('pdf', 300, 15) }, { owner: gone })).status).toBe(404)
  })

  it('stores a replayed upload once: by its key, and by its file id under another key', async () => {
    const bytes = sampleFile('png', 5_000, 16)
    const id = uuidv7()
    const key = uuidv7()
    const first = await upload(nurse, { bytes }, { id, key, name: 'foto.png' })
    const again = await upload(nurse, { bytes }, { id, key, name: 'foto.png' })
    const otherKey = await upload(nurse, { bytes }, { id, name: 'foto.png' })
    expect(first.status).toBe(200)
    expect(again).toEqual(first)
    expect(otherKey).toEqual(first)
    // The same id with other bytes is another file: refused, the first one kept; so is the same
    // key with another file (the request's hash covers the bytes).
    const clash = await upload(nurse, { bytes: sampleFile('png', 5_000, 17) }, { id })
    expect(clash.status).toBe(409)
    const reused = await upload(nurse, { bytes: sampleFile('png', 5_000, 17) }, { id, key, name: 'foto.png' })
    expect(reused.status).toBe(422)
    const { rows, changes, audit } = await trail(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.sha256).toBe(sha256(bytes))
    expect(changes).toHaveLength(1)
    expect(audit.map((row) => row.action)).toEqual(['attachment.create'])
  })

  it('removes a file softly, keeping who and when, in the feed and the audit', async () => {
    const created = await upload(nurse, { bytes: sampleFile('pdf', 700, 18) })
    const id = created.data.id as string
    const key = uuidv7()
    expect((await remove(nurse, id, key)).statusCode).toBe(200)
    expect((await remove(nurse, id, key)).statusCode).toBe(200)
    expect((await remove(nurse, id)).statusCode).toBe(200)
    expect((await download(nurse, id)).statusCode).toBe(404)

    const { rows, changes, audit } = await trail(id)
    expect(rows[0]).toMatchObject({
      version: 2,
      deletedAt: expect.any(String),
      deletedBy: expect.any(String),
    })
    expect(rows[0]?.deletedBy).toBe(rows[0]?.createdBy)
    expect(changes.map((change) => [change.op, change.version])).toEqual([
      ['upsert', 1],
      ['delete', 2],
    ])
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['attachment.create', rows[0]?.createdBy],
      ['attachment.delete', rows[0]?.createdBy],
    ])
  })

  it('carries the metadata in the change feed, and a removal as a tombstone', async () => {
    const created = await upload(nurse, { bytes: sampleFile('jpeg', 900, 19) }, { name: 'radiografía.jpg' })
    const feed = () =>
      withTenant(t.database.db, acmeId, (tx) => changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 5000))
    const upserted = (await feed()).changes.find((change) => change.id === created.data.id)
    expect(upserted).toEqual({
      entity: 'attachment',
      id: created.data.id,
      op: 'upsert',
      version: 1,
      data: created.data,
    })
    await remove(nurse, created.data.id)
    const removed = (await feed()).changes.find((change) => change.id === created.data.id)
    expect(removed).toMatchObject({ entity: 'attachment', op: 'delete', version: 2, data: null })
  })
  it('keeps the owners an app serves to that app: another app of the process serves only its own', async () => {
    const kind = testFileOwner.owner.kind
    expect(t.app.fileOwners.has(kind)).toBe(true)
    expect(mayReadFilesOf(t.app.fileOwners, kind, new Set(['patients-index']))).toBe(true)
    const other = await buildTestApp()
    try {
      expect(other.app.fileOwners.has(kind)).toBe(false)
      expect(mayReadFilesOf(other.app.fileOwners, kind, new Set(['patients-index']))).toBe(false)
      // Its own owners are there: the consultations' files.
      expect(other.app.fileOwners.has('encounter')).toBe(true)
    } finally {
      await other.close()
    }
  })
})
