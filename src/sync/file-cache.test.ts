import { describe, expect, it } from 'vitest'
import type { LocalDb, LocalFile, SyncState } from '../db/local-db'
import { withCloneableBlobs } from '../test/node-blob'
import { evictFiles, fileBytes } from './file-cache'
import { aDevice } from './test-fixtures'

const sha256 = async (blob: Blob) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')

let next = 0

/** A file of `size` bytes on the device, its bytes held and last used at `usedAt`. */
async function aFile(
  db: LocalDb,
  size: number,
  usedAt: number,
  syncState: SyncState = 'synced',
): Promise<LocalFile> {
  const blob = new Blob([new Uint8Array(size).fill(++next % 255)], { type: 'image/jpeg' })
  const file: LocalFile = {
    id: `0193a7f2-0000-7000-8000-${String(next).padStart(12, '0')}`,
    owner_kind: 'encounter',
    owner_id: '0193a7f2-5b1e-7c3d-8e4f-000000000001',
    patient_id: '0193a7f2-5b1e-7c3d-8e4f-000000000002',
    name: `foto-${next}.jpg`,
    media_type: 'image/jpeg',
    size,
    sha256: await sha256(blob),
    version: syncState === 'synced' ? 1 : 0,
    syncState,
    blob,
    cachedAt: usedAt,
    lastUsedAt: usedAt,
  }
  await db.files.put(file)
  return file
}

const held = async (db: LocalDb) => (await db.files.orderBy('lastUsedAt').toArray()).map((file) => file.name)

withCloneableBlobs()

describe('the files cache', () => {
  it('lets go of the least recently used bytes until the budget holds, keeping the metadata', async () => {
    const { db } = aDevice()
    const oldest = await aFile(db, 400, 1_000)
    const older = await aFile(db, 400, 2_000)
    const recent = await aFile(db, 400, 3_000)
    expect(await evictFiles(db, 800)).toBe(400)
    expect(await held(db)).toEqual([older.name, recent.name])
    const evicted = await db.files.get(oldest.id)
    expect(evicted).toMatchObject({ name: oldest.name, sha256: oldest.sha256, syncState: 'synced' })
    expect(evicted?.blob).toBeUndefined()
    expect(evicted?.lastUsedAt).toBeUndefined()
    expect(await evictFiles(db, 800)).toBe(0)
  })

  it('never evicts a file whose upload still waits, however old', async () => {
    const { db } = aDevice()
    const pending = await aFile(db, 500, 1_000, 'pending')
    const refused = await aFile(db, 500, 1_500, 'rejected')
    const synced = await aFile(db, 500, 2_000)
    const newest = await aFile(db, 500, 3_000)
    expect(await evictFiles(db, 1_000)).toBe(1_000)
    expect(await held(db)).toEqual([pending.name, refused.name])
    expect((await db.files.get(synced.id))?.blob).toBeUndefined()
    expect((await db.files.get(newest.id))?.blob).toBeUndefined()
  })

  it('gives a held file’s bytes from the device and marks it as just used', async () => {
    const { db } = aDevice()
    const first = await aFile(db, 300, 1_000)
    const second = await aFile(db, 300, 2_000)
    const fetched: string[] = []
    const blob = await fileBytes(
      db,
      first.id,
      async (file) => {
        fetched.push(file.id)
        throw new Error('offline')
      },
      { now: () => 5_000 },
    )
    expect(blob.size).toBe(300)
    expect(fetched).toEqual([])
    // Used last, so now the last to go.
    expect(await held(db)).toEqual([second.name, first.name])
  })

  it('downloads bytes the device let go of, keeps them, and trims the cache to its budget', async () => {
    const { db } = aDevice()
    const wanted = await aFile(db, 600, 1_000)
    const bytes = wanted.blob as Blob
    await evictFiles(db, 0)
    const other = await aFile(db, 600, 2_000)
    const blob = await fileBytes(db, wanted.id, async () => bytes, { now: () => 9_000, budget: 1_000 })
    expect(await sha256(blob)).toBe(wanted.sha256)
    expect(await held(db)).toEqual([wanted.name])
    expect((await db.files.get(other.id))?.blob).toBeUndefined()
  })

  it('does not keep downloaded bytes that are not the file’s', async () => {
    const { db } = aDevice()
    const wanted = await aFile(db, 200, 1_000)
    await evictFiles(db, 0)
    const wrong = new Blob([new Uint8Array(200)])
    expect(await fileBytes(db, wanted.id, async () => wrong)).toBe(wrong)
    expect((await db.files.get(wanted.id))?.blob).toBeUndefined()
  })

  it('knows no removed file', async () => {
    const { db } = aDevice()
    const removed = await aFile(db, 100, 1_000)
    await db.files.update(removed.id, { deleted_at: '2026-11-22T10:00:00.000Z' })
    await expect(fileBytes(db, removed.id, async () => new Blob([]))).rejects.toThrow('Unknown file')
  })
})
