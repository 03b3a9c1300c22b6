import type { LocalDb, LocalRow, Shadow, SyncEntity } from '../db/local-db'
import { rowTable } from '../db/local-db'

/**
 * One change of the feed (DESIGN §5 "Pulling"). Readings arrive as 'reading' or under their own
 * kind ('blood-pressure', 'glucose', as the contract's SYNCED_ENTITIES names them).
 */
export interface FeedChange {
  entity: 'patient' | 'reading' | 'blood-pressure' | 'glucose'
  id: string
  op: 'upsert' | 'delete'
  version: number
  data: Record<string, unknown> | null
}

export interface FeedPage {
  changes: FeedChange[]
  cursor: string | null
  hasMore: boolean
  /** The cursor is older than the server's log: drop the synced cache and start over. */
  reset?: boolean
}

export const CURSOR_KEY = 'pull.cursor'
/** About a thousand rows per page and per Dexie transaction (DESIGN §5 initial sync). */
export const PAGE_SIZE = 1000

const entityOf = (change: FeedChange): SyncEntity => (change.entity === 'patient' ? 'patient' : 'reading')

function rowOf(change: FeedChange, existing: LocalRow | undefined): LocalRow {
  const row: LocalRow = { ...change.data, id: change.id, version: change.version, syncState: 'synced' }
  if (change.entity === 'blood-pressure' || change.entity === 'glucose') row.kind = change.entity
  else if (row.kind === undefined && existing?.kind !== undefined) row.kind = existing.kind
  return row
}

/**
 * Applies one page of the feed in one transaction, cursor included, so an interrupted initial
 * sync resumes from the last whole page. The shadow (last server copy) always follows the
 * server; the visible row only when nothing of the user's is queued for it — otherwise it stays
 * the user's version, and the acknowledgement brings it in line. A version older than the one
 * already held (an answer stored by the sync loop overtook the feed) is ignored.
 * Returns how many changes were applied.
 */
export async function applyChanges(db: LocalDb, page: FeedPage): Promise<number> {
  return db.transaction('rw', [db.patients, db.readings, db.shadows, db.outbox, db.meta], async () => {
    const queued = new Set((await db.outbox.orderBy('entityId').uniqueKeys()).map(String))
    const keys = page.changes.map((change): [SyncEntity, string] => [entityOf(change), change.id])
    const shadows = await db.shadows.bulkGet(keys)
    let applied = 0
    for (const [index, change] of page.changes.entries()) {
      const entity = entityOf(change)
      const held = shadows[index]
      if (held && held.version > change.version) continue
      const rows = rowTable(db, entity)
      const existing = await rows.get(change.id)
      const isQueued = queued.has(change.id)
      if (change.op === 'delete') {
        await applyDelete(db, change, entity, existing, isQueued, held)
      } else {
        const shadow: Shadow = { entity, id: change.id, version: change.version, data: { ...change.data } }
        await db.shadows.put(shadow)
        if (!isQueued) await rows.put(rowOf(change, existing))
      }
      applied++
    }
    if (page.cursor !== null) await db.meta.put({ key: CURSOR_KEY, value: page.cursor })
    return applied
  })
}

/**
 * Deletes are soft and win (DESIGN §5). A row with queued changes stays as a tombstone, so the
 * person sees what happened to it when the server refuses those changes; any other row goes.
 */
async function applyDelete(
  db: LocalDb,
  change: FeedChange,
  entity: SyncEntity,
  existing: LocalRow | undefined,
  isQueued: boolean,
  held: Shadow | undefined,
) {
  const rows = rowTable(db, entity)
  if (!isQueued) {
    await rows.delete(change.id)
    await db.shadows.delete([entity, change.id])
    return
  }
  // The time is the server's when it says; otherwise the device's, which is only shown.
  const deletedAt =
    typeof change.data?.deleted_at === 'string' ? change.data.deleted_at : new Date().toISOString()
  const data = { ...held?.data, ...change.data, deleted_at: deletedAt }
  await db.shadows.put({ entity, id: change.id, version: change.version, data })
  if (existing) await rows.update(change.id, { deleted_at: deletedAt })
}

export async function storedCursor(db: LocalDb): Promise<string | null> {
  const meta = await db.meta.get(CURSOR_KEY)
  return typeof meta?.value === 'string' ? meta.value : null
}

/**
 * Drops the synced cache for a full resync, keeping everything the user has not sent: the whole
 * outbox, the rows and shadows it refers to (the merge base of a later 412) and their conflicts.
 */
export async function resetCache(db: LocalDb): Promise<void> {
  await db.transaction('rw', [db.patients, db.readings, db.shadows, db.outbox, db.meta], async () => {
    const queued = new Set((await db.outbox.orderBy('entityId').uniqueKeys()).map(String))
    const unsent = (row: { id: string }) => queued.has(row.id)
    await db.patients.filter((row) => !unsent(row)).delete()
    await db.readings.filter((row) => !unsent(row)).delete()
    await db.shadows.filter((shadow) => !unsent(shadow)).delete()
    await db.meta.delete(CURSOR_KEY)
  })
}

export type FetchPage = (cursor: string | null, limit: number) => Promise<FeedPage>

export interface PullProgress {
  applied: number
  hasMore: boolean
}

/**
 * Pulls the feed page by page until the server has nothing more, starting from the stored
 * cursor (so an interrupted initial sync resumes). A `reset` answer empties the synced cache
 * and starts again from the beginning. Returns how many changes were applied.
 */
export async function pullAll(
  db: LocalDb,
  fetchPage: FetchPage,
  onProgress?: (progress: PullProgress) => void,
): Promise<number> {
  let cursor = await storedCursor(db)
  let applied = 0
  for (;;) {
    const page = await fetchPage(cursor, PAGE_SIZE)
    if (page.reset) {
      // A reset of a pull that already starts from nothing would loop for ever.
      if (cursor === null) throw new Error('The change feed asked for a reset of a pull from the start')
      await resetCache(db)
      cursor = null
      continue
    }
    applied += await applyChanges(db, page)
    cursor = page.cursor ?? cursor
    onProgress?.({ applied, hasMore: page.hasMore })
    if (!page.hasMore) return applied
  }
}
