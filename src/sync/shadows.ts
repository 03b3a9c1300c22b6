import type { LocalDb, LocalRow, Shadow, SyncEntity } from '../db/local-db'

/**
 * The merge base of an editable record about to be edited on the device. A pulled record with
 * nothing queued is itself the server's copy, so the pull does not write a shadow for it (an
 * initial sync writes each record once); the first local edit keeps that copy as the shadow,
 * inside the edit's own transaction, before the row takes the person's changes. A record whose
 * create is still queued has no server copy, and gets none.
 */
export async function keepShadow(
  db: LocalDb,
  entity: SyncEntity,
  row: LocalRow,
  createQueued: boolean,
): Promise<Shadow | undefined> {
  const held = await db.shadows.get([entity, row.id])
  if (held || createQueued || row.syncState !== 'synced') return held
  // The server's copy: without what only the device keeps (its sync state, a patient's sort name,
  // a file's bytes and their use).
  const {
    syncState: _local,
    sortName: _derived,
    blob: _bytes,
    cachedAt: _cached,
    lastUsedAt: _used,
    ...data
  } = row
  const shadow: Shadow = { entity, id: row.id, version: row.version, data }
  await db.shadows.put(shadow)
  return shadow
}
