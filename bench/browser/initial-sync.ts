import { call } from '../../src/api/client'
import { syncChanges } from '../../src/contract/endpoints/sync'
import { openLocalDb, rowTables } from '../../src/db/local-db'
import { applyChanges, type FeedPage, PAGE_SIZE, pullAll } from '../../src/sync/pull'
import type { InitialSyncResult } from './api'
import { session } from './session'

/** One page of the feed through the api client, as the engine asks for it (src/sync/engine.ts). */
const fetchPage = (cursor: string | null, limit: number): Promise<FeedPage> =>
  call(syncChanges, { query: { ...(cursor ? { cursor } : {}), limit: String(limit) } })

/**
 * The initial sync as the engine runs it: pullAll into a fresh local database, every page from
 * GET /api/sync/changes. Then, to tell the two halves apart, the same feed fetched alone (no
 * writes) and the pages already fetched applied alone (no network) to another fresh database.
 */
export async function initialSync(database: string): Promise<InitialSyncResult> {
  const { tenant, userId } = session()
  const fresh = async (name: string) => {
    const db = openLocalDb({ tenant, userId: `${userId}-${database}-${name}` })
    await db.delete()
    await db.open()
    return db
  }

  const db = await fresh('pull')
  const pages: FeedPage[] = []
  let started = performance.now()
  const applied = await pullAll(db, async (cursor, limit) => {
    const page = await fetchPage(cursor, limit)
    pages.push(page)
    return page
  })
  const totalMs = performance.now() - started
  const patients = await db.patients.count()
  // Every synced row the feed brought (the patients, and the demo's clinical records the
  // administrator may read); the triage and vaccination summaries are the database's own, not the feed's.
  const counts = await Promise.all(
    rowTables(db)
      .filter((table) => !table.name.endsWith('Summaries') && !table.name.startsWith('vaccinationSummary'))
      .map((table) => table.count()),
  )
  const stored = counts.reduce((sum, count) => sum + count, 0)
  await db.delete()

  started = performance.now()
  for (let cursor: string | null = null; ; ) {
    const page = await fetchPage(cursor, PAGE_SIZE)
    cursor = page.cursor
    if (!page.hasMore) break
  }
  const fetchMs = performance.now() - started

  const alone = await fresh('apply')
  started = performance.now()
  for (const page of pages) await applyChanges(alone, page)
  const applyMs = performance.now() - started
  await alone.delete()

  return { applied, patients, stored, pages: pages.length, totalMs, fetchMs, applyMs }
}
