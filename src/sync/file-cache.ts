import type { LocalDb, LocalFile } from '../db/local-db'

/**
 * How many bytes of files the device keeps for one user (their database) beyond those it must
 * keep (decision 0023): a tablet shared by a shift holds a few users' caches, and a photo is up
 * to 2 MB, so about a hundred consultations' photos each.
 */
export const FILE_CACHE_BUDGET = 200 * 1024 * 1024

/**
 * Keeps the files' bytes within the budget: while the bytes held exceed it, the least recently
 * used acknowledged file lets go of its bytes (its metadata stays; opening it fetches them
 * again). A file whose upload is still queued — pending, refused, blocked — is never evicted:
 * its bytes are the only copy. Answers how many bytes were let go.
 */
export async function evictFiles(db: LocalDb, budget: number = FILE_CACHE_BUDGET): Promise<number> {
  return db.transaction('rw', db.files, async () => {
    // The index holds only the files whose bytes are here (lastUsedAt goes with the bytes).
    const held = await db.files.orderBy('lastUsedAt').toArray()
    let total = held.reduce((sum, file) => sum + (file.blob?.size ?? 0), 0)
    let freed = 0
    for (const file of held) {
      if (total <= budget) break
      if (file.syncState !== 'synced') continue
      const size = file.blob?.size ?? 0
      await db.files.put(withoutBytes(file))
      total -= size
      freed += size
    }
    return freed
  })
}

function withoutBytes(file: LocalFile): LocalFile {
  const { blob: _blob, cachedAt: _cachedAt, lastUsedAt: _lastUsedAt, ...metadata } = file
  return metadata
}

/** Fetches a file's bytes from the server (its owner's download call). */
export type FetchFile = (file: LocalFile) => Promise<Blob>

/**
 * A file's bytes for viewing: the device's copy when it holds one (marked as used, so it is the
 * last to be evicted), else fetched from the server, kept for next time and the cache trimmed
 * to its budget. A fetched copy whose hash differs from the metadata's is not kept.
 */
export async function fileBytes(
  db: LocalDb,
  id: string,
  fetchFile: FetchFile,
  options: { now?: () => number; budget?: number } = {},
): Promise<Blob> {
  const now = options.now ?? Date.now
  const file = await db.files.get(id)
  if (!file || file.deleted_at) throw new Error(`Unknown file ${id}`)
  if (file.blob) {
    await db.files.update(id, { lastUsedAt: now() })
    return file.blob
  }
  const blob = await fetchFile(file)
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  const sha256 = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  if (sha256 !== file.sha256) return blob
  await db.transaction('rw', db.files, async () => {
    // Removed or replaced while the bytes travelled: nothing to keep them for.
    const current = await db.files.get(id)
    if (!current || current.deleted_at || current.blob) return
    await db.files.put({ ...current, blob, cachedAt: now(), lastUsedAt: now() })
  })
  await evictFiles(db, options.budget)
  return blob
}
