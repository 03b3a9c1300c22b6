import { withoutWriteOnly } from '../contract/schemas/patient'
import {
  type LocalDb,
  type MutationKind,
  type OutboxEntry,
  type Rejection,
  rowTable,
  rowTables,
  type SyncEntity,
} from '../db/local-db'
import { MAX_WAIT_MS } from './backoff'
import { settleRow } from './settle'

/** What a mutator says about a change; the queue fills in the rest. */
export interface EntryDraft {
  mutationId: string
  userId: string
  tenant: string
  kind: MutationKind
  entity: SyncEntity
  entityId: string
  method: OutboxEntry['method']
  path: string
  body: Record<string, unknown>
  baseVersion: number | null
  baseValues?: Record<string, unknown>
  dependsOn: string[]
  createdAt: string
}

/** Adds an entry to the queue. Call it inside the mutator's transaction, next to the row write. */
export async function enqueue(db: LocalDb, draft: EntryDraft): Promise<OutboxEntry> {
  const entry: OutboxEntry = { ...draft, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null }
  entry.seq = await db.outbox.add(entry)
  return entry
}

/** The newest entry still queued for a record (the index keeps equal keys in seq order). */
export const lastEntryFor = (db: LocalDb, entityId: string) =>
  db.outbox.where('entityId').equals(entityId).last()

/** Whether any entry for a record is still queued: then its visible row is the user's version. */
export async function hasQueuedEntries(db: LocalDb, entityId: string): Promise<boolean> {
  return (await db.outbox.where('entityId').equals(entityId).count()) > 0
}

/**
 * Whether a backed-off entry may go. A wait further ahead than any back-off can set means the
 * device clock jumped back since it was computed (a clock set to 2099 and then fixed): it is
 * treated as over rather than parking the entry for decades.
 */
export const isDue = (entry: OutboxEntry, now: number) =>
  entry.nextAttemptAt <= now || entry.nextAttemptAt - now > MAX_WAIT_MS

/**
 * The queue is read a few entries at a time, more each time too few of them can go: nearly
 * always the first pending entries are the ones to send, and a replay of thousands of entries
 * would otherwise read (and decode) a hundred of them for every one it sends.
 */
const FIRST_PAGE = 4
const LAST_PAGE = 256

/**
 * The entries that may go now, at most `max`, lowest `seq` first: each pending, due, first in
 * the queue for its record (so one record's changes reach the server in the order they were
 * made, and no two of them travel together) and with all its `dependsOn` acknowledged — an
 * acknowledged entry leaves the outbox, so a dependency still present, whatever its status
 * (`sending` included), holds the entry back. Order is `seq` alone: no clock. Read in one
 * transaction, so the answer is one state of the queue.
 */
export function sendableEntries(db: LocalDb, now: number, max: number): Promise<OutboxEntry[]> {
  return db.transaction('r', db.outbox, async () => {
    const found: OutboxEntry[] = []
    let after = 0
    for (let size = Math.min(Math.max(FIRST_PAGE, max), LAST_PAGE); ; size = Math.min(size * 4, LAST_PAGE)) {
      const page = await db.outbox
        .where('[status+seq]')
        .between(['pending', after], ['pending', Number.POSITIVE_INFINITY], false, true)
        .limit(size)
        .toArray()
      // A page's checks are asked of IndexedDB together, not one round trip after another.
      const allowed = await Promise.all(page.map((entry) => maySend(db, entry, now)))
      for (const [index, entry] of page.entries()) {
        if (allowed[index]) found.push(entry)
        if (found.length >= max) return found
      }
      if (page.length < size) return found
      after = page[page.length - 1]?.seq ?? after
    }
  })
}

async function maySend(db: LocalDb, entry: OutboxEntry, now: number): Promise<boolean> {
  if (!isDue(entry, now)) return false
  if (entry.dependsOn.length > 0) {
    const waiting = await db.outbox.where('mutationId').anyOf(entry.dependsOn).count()
    if (waiting > 0) return false
  }
  const first = await db.outbox.where('entityId').equals(entry.entityId).first()
  return first?.seq === entry.seq
}

/** Every entry that depends on `entry`, directly or through others, in seq order. */
export async function dependentsOf(db: LocalDb, entry: OutboxEntry): Promise<OutboxEntry[]> {
  const found = new Map<string, OutboxEntry>()
  let frontier = [entry.mutationId]
  while (frontier.length > 0) {
    const next = await db.outbox.where('dependsOn').anyOf(frontier).toArray()
    frontier = []
    for (const dependent of next) {
      if (found.has(dependent.mutationId) || dependent.mutationId === entry.mutationId) continue
      found.set(dependent.mutationId, dependent)
      frontier.push(dependent.mutationId)
    }
  }
  return [...found.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
}

/**
 * The server refused an entry (400/403/422…): it stays, marked `rejected` with the server's
 * message and its per-field messages (shown when someone edits it), and everything built on it
 * is `blocked` until someone retries, edits or discards.
 */
export async function markRejected(
  db: LocalDb,
  entry: OutboxEntry,
  error: string,
  fieldErrors?: Record<string, string[]>,
): Promise<void> {
  await db.transaction('rw', [db.outbox, ...rowTables(db)], async () => {
    if (entry.seq === undefined) return
    await db.outbox.update(entry.seq, { status: 'rejected', lastError: error, fieldErrors })
    await rowTable(db, entry.entity).update(entry.entityId, { syncState: 'rejected' })
    for (const dependent of await dependentsOf(db, entry)) {
      if (dependent.seq === undefined || dependent.status === 'rejected') continue
      await db.outbox.update(dependent.seq, { status: 'blocked' })
    }
  })
}

/** Puts an entry back in the queue from scratch, and with it the entries it was blocking. */
async function requeue(db: LocalDb, entry: OutboxEntry, changes: Partial<OutboxEntry> = {}): Promise<void> {
  const fresh = {
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    failingSince: undefined,
  }
  await db.outbox.update(entry.seq as number, { ...changes, ...fresh, fieldErrors: undefined })
  await rowTable(db, entry.entity).update(entry.entityId, { syncState: 'pending' })
  for (const dependent of await dependentsOf(db, entry)) {
    if (dependent.seq !== undefined && dependent.status === 'blocked') {
      await db.outbox.update(dependent.seq, { status: 'pending' })
    }
  }
}

/** Sends a rejected, blocked or conflicting entry again from scratch, with its dependents. */
export async function retry(db: LocalDb, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, ...rowTables(db)], async () => {
    const entry = await db.outbox.get(seq)
    if (entry) await requeue(db, entry)
  })
}

/**
 * Corrects a refused entry (DESIGN §5: retry, edit or discard) and sends it again. The body must
 * already satisfy the entry's contract schema (`entrySchema`); only the fields the entry carries
 * can change, so an update still sends just what the person changed, against the same base.
 * The visible row shows the correction at once.
 */
export async function editEntry(db: LocalDb, seq: number, changes: Record<string, unknown>): Promise<void> {
  await db.transaction('rw', [db.outbox, ...rowTables(db)], async () => {
    const entry = await db.outbox.get(seq)
    if (!entry) throw new Error(`Entry ${seq} is no longer queued`)
    if (entry.status !== 'rejected' && entry.status !== 'blocked') {
      throw new Error(`Only a rejected or blocked entry can be edited (this one is ${entry.status})`)
    }
    const foreign = Object.keys(changes).filter((field) => !(field in entry.body))
    if (foreign.length > 0) throw new Error(`The entry does not carry ${foreign.join(', ')}`)
    // Ids are what other entries and the server know the record by: they never change.
    const { id: _id, patient_id: _patient, ...editable } = changes
    const body = { ...entry.body, ...editable }
    await requeue(db, entry, { body })
    await rowTable(db, entry.entity).update(entry.entityId, withoutWriteOnly(editable))
  })
}

/**
 * Gives up an entry on a person's decision (DESIGN §5: discard with a reason). The entry and
 * everything built on it leave the outbox and are written to `rejections` with who and why. A
 * record the server never had (a create) disappears from the device; an edited one goes back
 * to the server's last copy.
 */
export async function discard(
  db: LocalDb,
  seq: number,
  reason: string,
  who: string,
  now: () => Date = () => new Date(),
): Promise<number> {
  return db.transaction(
    'rw',
    [db.outbox, db.rejections, ...rowTables(db), db.shadows, db.conflicts],
    async () => {
      const entry = await db.outbox.get(seq)
      if (!entry) return 0
      const gone = [entry, ...(await dependentsOf(db, entry))]
      const at = now().toISOString()
      for (const item of gone) {
        const rejection: Rejection = {
          mutationId: item.mutationId,
          kind: item.kind,
          entity: item.entity,
          entityId: item.entityId,
          // What was given up is kept for people to read; a password is not kept at all.
          body: withoutWriteOnly(item.body),
          error: item.lastError,
          reason: item === entry ? reason : `depends on ${entry.mutationId}: ${reason}`,
          who,
          at,
        }
        await db.rejections.add(rejection)
        if (item.seq !== undefined) await db.outbox.delete(item.seq)
      }
      for (const item of gone) await settleRowAfterDiscard(db, item)
      return gone.length
    },
  )
}

async function settleRowAfterDiscard(db: LocalDb, entry: OutboxEntry): Promise<void> {
  const rows = rowTable(db, entry.entity)
  const shadow = await db.shadows.get([entry.entity, entry.entityId])
  const conflicts = db.conflicts.where('[entity+entityId]').equals([entry.entity, entry.entityId])
  if (!shadow && entry.kind.endsWith('.create')) {
    await rows.delete(entry.entityId)
    await conflicts.delete()
    return
  }
  if (!shadow) {
    if (await rows.get(entry.entityId)) await rows.update(entry.entityId, { syncState: 'rejected' })
    return
  }
  // The discarded values must not linger on screen: back to the server's copy, with whatever
  // else of the person's is still queued for the record on top.
  if (
    !(await db.outbox
      .where('entityId')
      .equals(entry.entityId)
      .filter((e) => e.status === 'conflict')
      .count())
  ) {
    await conflicts.delete()
  }
  await settleRow(db, entry, shadow.data, shadow.version)
}

/** Entries still on their way to the server (pending or being sent). */
export const pendingCount = (db: LocalDb) => db.outbox.where('status').anyOf('pending', 'sending').count()

/**
 * How long the server may fail an entry (5xx) before the sync screen asks a person to look: a
 * request that can never succeed should be refused with a 4xx, so a day of 5xx means something
 * is wrong that retrying alone will not mend. The entry is still retried; nothing is dropped.
 */
export const ATTENTION_AFTER_MS = 24 * 60 * 60_000

/** Whether the server has failed the entry (5xx) without a break for ATTENTION_AFTER_MS or more. */
export const isFailingTooLong = (entry: OutboxEntry, now: number): boolean =>
  (entry.status === 'pending' || entry.status === 'sending') &&
  entry.failingSince !== undefined &&
  now - entry.failingSince >= ATTENTION_AFTER_MS

/**
 * Entries that wait for a person: rejected, blocked or in conflict, and those the server has
 * failed for a day (still retried, but the header's badge must say so as the sync screen does).
 * Few entries are ever on their way, so reading them to check their clock costs nothing.
 */
export const needsAttentionCount = async (db: LocalDb, now: number = Date.now()) => {
  const waiting = await db.outbox.where('status').anyOf('rejected', 'blocked', 'conflict').count()
  const failing = await db.outbox
    .where('status')
    .anyOf('pending', 'sending')
    .filter((entry) => isFailingTooLong(entry, now))
    .count()
  return waiting + failing
}
