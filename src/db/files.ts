import type { LocalDb, LocalFile } from './local-db'

/**
 * The files a record shows (decision 0023): those of one owner, not removed, in the order they
 * were attached (the device's ids are UUIDv7, made in time order). For a screen's live query.
 */
export async function filesOf(db: LocalDb, ownerKind: string, ownerId: string): Promise<LocalFile[]> {
  const files = await db.files.where('[owner_kind+owner_id]').equals([ownerKind, ownerId]).toArray()
  return files.filter((file) => !file.deleted_at).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}
