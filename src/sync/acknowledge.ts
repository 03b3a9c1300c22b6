import type { LocalDb, LocalRow, OutboxEntry, Shadow, SyncEntity } from '../db/local-db'
import { rowTable, rowTables } from '../db/local-db'
import { settledRow } from './settle'

/** An entry the server applied, and the record it answered with (null: no record came back). */
export interface Acknowledgement {
  entry: OutboxEntry
  record: Record<string, unknown> | null
}

/** The editable kinds' updates: the entries that carry If-Match and can meet a 412. */
export const isUpdate = (entry: OutboxEntry) => entry.kind.endsWith('.update')

/** A record's own delete: the record leaves the device once the server has it. */
export const isRecordDelete = (entry: OutboxEntry) => entry.kind.endsWith('.delete')

/**
 * The DELETE of one row of a record's list (`queueRowRemoval`: an exam's clinical exam, a
 * treatment): the server answers nothing and keeps it as one amendment of the record, which
 * stays. Later edits of the record built on the same version move on with it.
 */
export const isRowRemoval = (entry: OutboxEntry) => entry.method === 'DELETE' && !isRecordDelete(entry)

export const versionOf = (record: Record<string, unknown> | null, fallback: number) =>
  typeof record?.version === 'number' ? record.version : fallback

/**
 * Stores the server's answers as rows and shadows and takes their entries out of the queue, in
 * one transaction: a crash in between can only cause a resend, which the Idempotency-Key turns
 * into the stored answer. The answers of different records are stored with a few bulk requests
 * for them all, not eight round trips to IndexedDB each: on a tablet that is the difference
 * between a queue that keeps up with the server and one that does not (decision 0014). Answers
 * that arrive together are of different records by construction (only the first entry of a
 * record travels); should two ever be of one record, the later is stored after the earlier.
 */
export async function acknowledgeAll(db: LocalDb, acknowledged: Acknowledgement[]): Promise<void> {
  if (acknowledged.length === 0) return
  await db.transaction('rw', [db.outbox, ...rowTables(db), db.shadows, db.conflicts], async () => {
    for (const round of roundsOfDistinctRecords(acknowledged)) {
      await db.outbox.bulkDelete(round.map(({ entry }) => entry.seq as number))
      for (const [entity, answers] of byEntity(round)) await storeAnswers(db, entity, answers)
    }
  })
}

/** The answers in order, cut wherever a record comes up a second time. */
function roundsOfDistinctRecords(answers: Acknowledgement[]): Acknowledgement[][] {
  const rounds: Acknowledgement[][] = []
  let round: Acknowledgement[] = []
  let records = new Set<string>()
  for (const answer of answers) {
    const record = `${answer.entry.entity}:${answer.entry.entityId}`
    if (records.has(record)) {
      rounds.push(round)
      round = []
      records = new Set()
    }
    records.add(record)
    round.push(answer)
  }
  rounds.push(round)
  return rounds
}

function byEntity(answers: Acknowledgement[]): Map<SyncEntity, Acknowledgement[]> {
  const groups = new Map<SyncEntity, Acknowledgement[]>()
  for (const answer of answers) {
    const group = groups.get(answer.entry.entity) ?? []
    group.push(answer)
    groups.set(answer.entry.entity, group)
  }
  return groups
}

/** One kind's answers, each of another record, their entries already out of the queue. */
async function storeAnswers(db: LocalDb, entity: SyncEntity, answers: Acknowledgement[]): Promise<void> {
  const rows = rowTable(db, entity)
  const deleted = answers.filter(({ entry }) => isRecordDelete(entry)).map(({ entry }) => entry.entityId)
  if (deleted.length > 0) {
    // The server holds tombstones now (deletes win): nothing of those records is left to show.
    const keys = deleted.map((id): [SyncEntity, string] => [entity, id])
    await rows.bulkDelete(deleted)
    await db.shadows.bulkDelete(keys)
    await db.conflicts.where('[entity+entityId]').anyOf(keys).delete()
  }
  const stored = answers.filter(({ entry }) => !isRecordDelete(entry))
  if (stored.length === 0) return
  const ids = stored.map(({ entry }) => entry.entityId)
  const [existingRows, heldShadows, queued] = await Promise.all([
    rows.bulkGet(ids),
    db.shadows.bulkGet(ids.map((id): [SyncEntity, string] => [entity, id])),
    db.outbox.where('entityId').anyOf(ids).toArray(),
  ])
  const remainingOf = new Map<string, OutboxEntry[]>()
  for (const later of queued.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    remainingOf.set(later.entityId, [...(remainingOf.get(later.entityId) ?? []), later])
  }
  const shadows: Shadow[] = []
  const settled: LocalRow[] = []
  const rebased: OutboxEntry[] = []
  stored.forEach(({ entry, record }, index) => {
    const existing = existingRows[index]
    const { syncState: _local, ...known } = existing ?? { syncState: 'synced' }
    const server = record ?? { ...known, ...entry.body }
    // A row's removal answers no record: the server made exactly one amendment of it.
    const version = isRowRemoval(entry)
      ? (entry.baseVersion ?? existing?.version ?? 0) + 1
      : versionOf(record, existing?.version ?? 0)
    // A pull may have brought a newer copy before this answer arrived (a lost answer replayed
    // from its key is the first version the server ever sent): the newer copy stays, as the
    // pull keeps it against an older change, or the record would show that old version for good.
    const held = heldShadows[index]
    const answered: Shadow = { entity, id: entry.entityId, version, data: server }
    const newest = held && held.version > version ? held : answered
    shadows.push(newest)
    const remaining = remainingOf.get(entry.entityId) ?? []
    for (const later of laterEditsBuiltOn(entry, version, remaining)) {
      later.baseVersion = version
      rebased.push(later)
    }
    settled.push(settledRow(entry.entityId, existing, newest.data, newest.version, remaining))
  })
  await Promise.all([db.shadows.bulkPut(shadows), db.outbox.bulkPut(rebased), rows.bulkPut(settled)])
}

/**
 * Later updates of the record were based on what this entry sent. When the server's new version
 * is exactly this entry applied (base + 1, or the first version of a create), they are based on
 * it too, and move to it instead of meeting a needless 412.
 */
function laterEditsBuiltOn(entry: OutboxEntry, version: number, remaining: OutboxEntry[]): OutboxEntry[] {
  const contiguous = entry.baseVersion === null || version === entry.baseVersion + 1
  if (!contiguous) return []
  return remaining.filter(
    (other) => (isUpdate(other) || isRowRemoval(other)) && other.baseVersion === entry.baseVersion,
  )
}
