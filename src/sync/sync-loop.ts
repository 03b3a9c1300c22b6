import { BATCH_LIMIT } from '../contract/schemas/sync'
import type { LocalDb, OutboxEntry } from '../db/local-db'
import { rowTable, rowTables } from '../db/local-db'
import { acknowledgeAll, isUpdate, versionOf } from './acknowledge'
import { nextDelay } from './backoff'
import { holdReloadWhile } from './can-reload'
import { changedFields, mergeThreeWay } from './merge'
import { markRejected, sendableEntries } from './outbox'
import { settleRow } from './settle'
import type { SendResult, Transport } from './transport'

/** The part of the Web Locks API the loop uses (navigator.locks fits it). */
export interface SyncLocks {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    work: (lock: Lock | null) => Promise<T>,
  ): Promise<T>
}

export interface SyncLoopOptions {
  db: LocalDb
  transport: Transport
  /**
   * Gets a new access token after a 401 — unconditionally, since the server has just said the
   * current one is no good. Resolves false (or throws) when the session cannot be renewed.
   */
  refreshSession: () => Promise<boolean>
  /** The session could not be renewed: ask the same user to sign in again; the queue waits. */
  onAuthLost: () => void
  /** Who is signed in now. Entries written by someone else are never sent with this session. */
  currentUserId?: () => string | null
  now?: () => number
  random?: () => number
  /** Defaults to navigator.locks; null (or a browser without them) runs unguarded. */
  locks?: SyncLocks | null
  /** An unexpected failure of a background run (a broken database, a bug). */
  onError?: (error: unknown) => void
  intervalMs?: number
  /**
   * How many entries may travel at once, each of a different record (decision 0012). 1 sends
   * the queue strictly one entry after another.
   */
  concurrency?: number
}

export interface RunOutcome {
  sent: number
  stoppedBy: 'idle' | 'backoff' | 'auth-lost' | 'other-user' | 'busy'
}

export interface SyncLoop {
  /** Sends what can be sent now, in order, until the queue is empty or must wait. */
  runOnce(): Promise<RunOutcome>
  /** Asks for a run soon (after a write, on a trigger); never throws. */
  kick(): void
  /** Runs now and again on `online`, focus, visibility and every `intervalMs`. */
  start(): void
  stop(): void
}

/** A server that keeps moving under one entry (each resend meets a newer version) waits a while. */
const MAX_MERGES_PER_RUN = 3

/**
 * Two batches' worth (decision 0014): while the server runs one batch, the device stores the
 * answers of the other and sets off the next, so neither side waits for the other; more would
 * only queue up at the server (one database) and hold more work that a failure interrupts.
 */
export const DEFAULT_CONCURRENCY = 2 * BATCH_LIMIT

type Stop = Exclude<RunOutcome['stoppedBy'], 'idle' | 'busy'>

/** An entry's answer, with the token generation it was sent under. */
interface Answer {
  entry: OutboxEntry
  result: SendResult
  epoch: number
}

/**
 * The sending half of DESIGN §5: one loop per origin (a Web Lock), entries in `seq` order, each
 * answer mapped to what the queue does next. Acknowledged entries leave the outbox in the same
 * transaction that stores the server's copy, so a crash in between can only cause a resend,
 * which the Idempotency-Key turns into the stored answer.
 */
export function createSyncLoop(options: SyncLoopOptions): SyncLoop {
  const { db, transport } = options
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const locks: SyncLocks | null | undefined =
    options.locks !== undefined
      ? options.locks
      : typeof navigator !== 'undefined'
        ? navigator.locks
        : undefined
  const onError = options.onError ?? ((error: unknown) => console.error('sync', error))
  const lockName = `salud-sync-${db.name}`

  let refreshing: Promise<boolean> | null = null
  let running: Promise<RunOutcome> | null = null
  let again = false
  let busy = false
  /** The network came back since the last run looked (see onOnline). */
  let networkBack = false

  /** One refresh at a time: entries that meet a 401 together share it. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= options
      .refreshSession()
      .catch(() => false)
      .finally(() => {
        refreshing = null
      })
    return refreshing
  }

  /** Renewed sessions so far: a 401 to a request sent before the last renewal is not news. */
  let epoch = 0

  /**
   * The sending half, pipelined across records (decision 0012): up to `concurrency` entries
   * travel at once, each the first of its record with its dependencies acknowledged, so a
   * record's changes still go one after another and in `seq` order. Answers that arrive
   * together are stored together (one transaction), which is what lets a queue of thousands go
   * at the server's pace. A stop (back-off, lost session, another user) sends nothing more;
   * what is already travelling is still answered and stored.
   */
  async function drain(): Promise<RunOutcome> {
    busy = true
    const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY)
    const inFlight = new Set<Promise<void>>()
    const answers: Answer[] = []
    try {
      // Holding the lock, no other sender exists: a `sending` left behind was cut off (a closed
      // tab, a crash) and goes again under the same key.
      await db.outbox.where('status').equals('sending').modify({ status: 'pending' })
      if (networkBack) {
        // Here and not in the event handler: a run under way when the network came back may
        // still be storing the back-off of an attempt that failed offline; runs follow one
        // another, so every such back-off is stored by now and none outlives the network's return.
        networkBack = false
        await forgetNetworkWaits()
      }
      let sent = 0
      let stop: Stop | null = null
      const refreshedFor = new Set<string>()
      let lostSession = false
      const merges = new Map<string, number>()

      const launch = (entry: OutboxEntry) => {
        const sentUnder = epoch
        const travel: Promise<void> = transport
          .send(entry)
          .catch((): SendResult => ({ kind: 'network' }))
          .then((result) => {
            answers.push({ entry, result, epoch: sentUnder })
          })
          .finally(() => inFlight.delete(travel))
        inFlight.add(travel)
      }

      /** What an answer other than 'ok' does to the queue; a Stop ends the run. */
      const settle = async ({ entry, result, epoch: sentUnder }: Answer): Promise<Stop | null> => {
        switch (result.kind) {
          case 'ok':
            return null
          case 'retry':
            await backOff(entry, result.retryAfterMs, result.kind, result.status >= 500)
            return 'backoff'
          case 'network':
            await backOff(entry, undefined, result.kind)
            return 'backoff'
          case 'unauthorized': {
            await db.outbox.update(entry.seq as number, { status: 'pending' })
            // Sent with a token renewed since, it simply goes again with the new one; sent with
            // the one that could not be renewed, it waits with the rest of the queue.
            if (sentUnder < epoch || lostSession) return null
            // A second 401 right after a refresh means the new token is refused too.
            const renewed = !refreshedFor.has(entry.mutationId) && (await refreshOnce())
            if (!renewed) {
              lostSession = true
              options.onAuthLost()
              return 'auth-lost'
            }
            refreshedFor.add(entry.mutationId)
            epoch++
            return null
          }
          case 'rejected':
            await markRejected(db, entry, result.message || `HTTP ${result.status}`, result.errors)
            return null
          case 'version-mismatch': {
            const count = (merges.get(entry.mutationId) ?? 0) + 1
            merges.set(entry.mutationId, count)
            if (count > MAX_MERGES_PER_RUN) {
              await backOff(entry, undefined, 'version-mismatch')
              return 'backoff'
            }
            await reconcile(db, entry, result.current, new Date(now()).toISOString())
            return null
          }
        }
      }

      for (;;) {
        const room = concurrency - inFlight.size
        if (stop === null && room > 0) {
          const ready = await sendableEntries(db, now(), room)
          const foreign = options.currentUserId
            ? ready.findIndex((entry) => entry.userId !== options.currentUserId?.())
            : -1
          // Never with this session: the queue stops at the first entry someone else wrote.
          if (foreign !== -1) stop = 'other-user'
          const batch = foreign === -1 ? ready : ready.slice(0, foreign)
          if (batch.length > 0) {
            const seqs = batch.map((entry) => entry.seq as number)
            await db.outbox.where(':id').anyOf(seqs).modify({ status: 'sending' })
            for (const entry of batch) launch(entry)
          }
        }
        if (inFlight.size === 0 && answers.length === 0) return { sent, stoppedBy: stop ?? 'idle' }
        if (answers.length === 0) await Promise.race(inFlight)
        const arrived = answers.splice(0).sort((a, b) => (a.entry.seq ?? 0) - (b.entry.seq ?? 0))
        const acknowledged = arrived.filter((answer) => answer.result.kind === 'ok')
        if (acknowledged.length > 0) {
          await acknowledgeAll(
            db,
            acknowledged.map(({ entry, result }) => ({
              entry,
              record: result.kind === 'ok' ? result.record : null,
            })),
          )
          sent += acknowledged.length
        }
        for (const answer of arrived) {
          if (answer.result.kind === 'ok') continue
          const outcome = await settle(answer)
          stop ??= outcome
        }
      }
    } finally {
      // A failure of the device's database ends the run; what still travels is left to finish
      // unheard (its entry stays `sending`, and the next run sends it again under its key).
      busy = false
    }
  }

  /**
   * Waits before the entry's next attempt. A server that failed it (5xx) starts, or keeps, the
   * clock of `failingSince`: after a day the sync screen asks a person to look (issue 16), while
   * the entry goes on being retried like any other.
   */
  async function backOff(
    entry: OutboxEntry,
    waitMs: number | undefined,
    reason: string,
    serverFailed = false,
  ): Promise<void> {
    const attempts = entry.attempts + 1
    const delay = waitMs ?? nextDelay(attempts, random)
    await db.outbox.update(entry.seq as number, {
      status: 'pending',
      attempts,
      nextAttemptAt: now() + delay,
      lastError: reason,
      failingSince: serverFailed ? (entry.failingSince ?? now()) : entry.failingSince,
    })
  }

  function exclusively(work: () => Promise<RunOutcome>): Promise<RunOutcome> {
    if (!locks) return work()
    // Another tab holding the lock is already sending this queue: this tab has nothing to do.
    return locks.request(lockName, { ifAvailable: true }, (lock) =>
      lock ? work() : Promise.resolve<RunOutcome>({ sent: 0, stoppedBy: 'busy' }),
    )
  }

  function runOnce(): Promise<RunOutcome> {
    if (running) {
      // A write during a run may have landed after the run looked: look once more afterwards.
      again = true
      return running
    }
    running = (async () => {
      let outcome: RunOutcome
      do {
        again = false
        outcome = await exclusively(drain)
        // A run stopped by a back-off looks again too: the trigger may have ended the wait (the
        // network is back), and an entry still waiting only costs the look.
      } while (again && (outcome.stoppedBy === 'idle' || outcome.stoppedBy === 'backoff'))
      return outcome
    })().finally(() => {
      running = null
    })
    return running
  }

  const kick = () => {
    runOnce().catch(onError)
  }

  /**
   * What waits only because the network was gone goes now, not when its backoff ends (after a
   * long time offline that is minutes away). A wait the server asked for (429, 503 with
   * Retry-After) is kept.
   */
  const forgetNetworkWaits = () =>
    db.outbox
      .where('status')
      .equals('pending')
      .filter((entry) => entry.lastError === 'network' && entry.nextAttemptAt > 0)
      .modify({ nextAttemptAt: 0 })

  /** The network is back: the next run (after the one under way, if any) forgets those waits. */
  const onOnline = () => {
    networkBack = true
    kick()
  }

  let stopTriggers: (() => void) | null = null

  function start(): void {
    if (stopTriggers) return
    const onVisible = () => {
      if (document.visibilityState === 'visible') kick()
    }
    const timer = setInterval(kick, options.intervalMs ?? 30_000)
    const releaseReload = holdReloadWhile(() => busy)
    if (typeof window !== 'undefined') {
      window.addEventListener('online', onOnline)
      window.addEventListener('focus', kick)
      document.addEventListener('visibilitychange', onVisible)
    }
    stopTriggers = () => {
      clearInterval(timer)
      releaseReload()
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline)
        window.removeEventListener('focus', kick)
        document.removeEventListener('visibilitychange', onVisible)
      }
    }
    kick()
  }

  function stop(): void {
    stopTriggers?.()
    stopTriggers = null
  }

  return { runOnce, kick, start, stop }
}

/**
 * A 412 (DESIGN §5 "Conflicts"): three-way merge of what the user changed against what the
 * server holds now. The base is the shadow with the values the user actually edited from (kept
 * on the entry: a pull may have moved the shadow since); mine is that base with this entry's
 * changes, not the whole local row, which may carry later entries or stale untouched fields.
 */
async function reconcile(db: LocalDb, entry: OutboxEntry, current: Record<string, unknown>, at: string) {
  if (!isUpdate(entry)) {
    // Only edits carry If-Match; a 412 on a create is a server fault a person has to see.
    await markRejected(db, entry, 'version-mismatch')
    return
  }
  await db.transaction('rw', [db.outbox, ...rowTables(db), db.shadows, db.conflicts], async () => {
    const key = [entry.entity, entry.entityId] as [typeof entry.entity, string]
    const shadow = await db.shadows.get(key)
    const base = { ...shadow?.data, ...entry.baseValues }
    const mine = { ...base, ...entry.body }
    const { merged, conflicts } = mergeThreeWay(base, mine, current)
    const version = versionOf(current, shadow?.version ?? 0)
    await db.shadows.put({ entity: entry.entity, id: entry.entityId, version, data: current })
    const seq = entry.seq as number
    if (conflicts.length > 0) {
      await db.conflicts.where('[entity+entityId]').equals(key).delete()
      await db.conflicts.bulkAdd(
        conflicts.map((conflict) => ({
          ...conflict,
          entity: entry.entity,
          entityId: entry.entityId,
          createdAt: at,
        })),
      )
      await db.outbox.update(seq, {
        status: 'conflict',
        lastError: 'version-mismatch',
        failingSince: undefined,
      })
      await rowTable(db, entry.entity).update(entry.entityId, { syncState: 'conflict' })
      return
    }
    const mineFields = Object.fromEntries(Object.keys(entry.body).map((field) => [field, merged[field]]))
    const body = changedFields(current, mineFields)
    if (Object.keys(body).length === 0) {
      // The server already holds every change of this entry: nothing is left to send.
      await db.outbox.delete(seq)
    } else {
      const baseValues = Object.fromEntries(Object.keys(body).map((field) => [field, current[field] ?? null]))
      await db.outbox.update(seq, {
        body,
        baseValues,
        baseVersion: version,
        status: 'pending',
        lastError: null,
        failingSince: undefined,
      })
    }
    await settleRow(db, entry, current, version)
  })
}
