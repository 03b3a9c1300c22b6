import { call } from '../api/client'
import { reportConnection } from '../api/connection'
import { refreshCatalogs, refreshOptionsFor } from '../catalogs/cache'
import { syncChanges } from '../contract/endpoints/sync'
import { type LocalDb, openLocalDb } from '../db/local-db'
import { refreshLetterhead } from '../reports/tenant-letterhead'
import { endSession } from '../session/end-session'
import { freshSession, refreshNow } from '../session/refresh'
import { currentSession, type Session } from '../session/session-store'
import { evictFiles } from './file-cache'
import { type FeedPage, type PullProgress, pullAll } from './pull'
import { createSyncLoop, type SyncLoop } from './sync-loop'
import { httpTransport } from './transport'

/** When the device last heard the whole feed (shown in the header). */
export const LAST_PULL_KEY = 'pull.lastCompletedAt'

export interface SyncEngine {
  db: LocalDb
  loop: SyncLoop
  /**
   * Pulls the feed to its end (the initial sync the first time), reporting progress, while it
   * refreshes the catalogs whose version moved (they are outside the feed: decision 0007), then,
   * the first time, the tenant's letterhead that the device's PDFs print (issue 7).
   */
  pull(onProgress?: (progress: PullProgress) => void): Promise<number>
  stop(): void
}

/**
 * The sync engine of one signed-in user on one tenant (DESIGN §5): their own local database, the
 * send loop (one per origin, Web Locks) and the pull of the change feed. Another user on the
 * same tablet gets another database and never sends this one's queue. The screens may read the
 * database at once; the loop sends nothing until `loop.start()`, which the app shell calls once
 * the first screen is painted, with the first pull.
 */
export function createSyncEngine(session: Session): SyncEngine {
  const userId = session.user.uuid
  const db = openLocalDb({ tenant: session.host, userId })
  const loop = createSyncLoop({
    db,
    transport: httpTransport(async () => (await freshSession())?.accessToken ?? null, {
      fileOf: async (id) => (await db.files.get(id))?.blob,
    }),
    refreshSession: async () => (await refreshNow()) !== null,
    onAuthLost: () => endSession('expired'),
    currentUserId: () => currentSession()?.user.uuid ?? null,
  })
  const fetchPage = async (cursor: string | null, limit: number): Promise<FeedPage> =>
    call(syncChanges, { query: { ...(cursor ? { cursor } : {}), limit: String(limit) } })
  // The tenant's name and logo change seldom: asked once per engine (sign-in, app start), after
  // the first pull that reached the server, not on every pull.
  let letterhead: Promise<unknown> | null = null
  return {
    db,
    loop,
    async pull(onProgress) {
      const options = refreshOptionsFor(session.user.permissions)
      // A first sign-in's catalogues come beside the feed, the large ICD-10 after it: the screens
      // show the records as they arrive, and without their catalogues they could neither name
      // the records' entries nor work out what depends on them (the dashboard's vaccination
      // states read the scheme); the ICD-10 beside the feed delayed the records by seconds.
      // Later pulls find the catalogues here and refresh those whose version moved after the feed.
      const first = (await db.meta.get(LAST_PULL_KEY)) === undefined
      const early = first ? refreshCatalogs(db, { skip: [...(options.skip ?? []), 'diagnoses'] }) : null
      // Awaited after the feed: when both fail (offline), the failure is the feed's.
      early?.catch(() => {})
      const applied = await pullAll(db, fetchPage, onProgress)
      await db.meta.put({ key: LAST_PULL_KEY, value: Date.now() })
      reportConnection('online')
      await early
      await refreshCatalogs(db, options)
      // Files acknowledged since the last pull stay cached within the budget (decision 0023).
      await evictFiles(db)
      letterhead ??= refreshLetterhead(db)
      await letterhead
      return applied
    },
    stop() {
      loop.stop()
      db.close()
    },
  }
}
