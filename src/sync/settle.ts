import { withoutWriteOnly } from '../contract/schemas/patient'
import type { LocalDb, LocalRow, OutboxEntry, SyncEntity, SyncState } from '../db/local-db'
import { rowTable } from '../db/local-db'

/** The state a record's row shows, given the entries still queued for it. */
export function stateOf(remaining: OutboxEntry[]): SyncState {
  if (remaining.length === 0) return 'synced'
  if (remaining.some((entry) => entry.status === 'conflict')) return 'conflict'
  if (remaining.some((entry) => entry.status === 'rejected')) return 'rejected'
  return 'pending'
}

/**
 * Makes the visible row the server's copy with the user's still-queued changes on top, so an
 * answer never hides a later edit and the fields nobody here touched follow the server.
 * Call it inside a transaction over the outbox and the entity's table.
 */
export async function settleRow(
  db: LocalDb,
  record: { entity: SyncEntity; entityId: string },
  server: Record<string, unknown>,
  version: number,
): Promise<void> {
  const rows = rowTable(db, record.entity)
  const remaining = await db.outbox.where('entityId').equals(record.entityId).toArray()
  const existing = await rows.get(record.entityId)
  await rows.put(settledRow(record.entityId, existing, server, version, remaining))
}

/** The row `settleRow` stores, from what it read: the record's row and its queued entries. */
export function settledRow(
  id: string,
  existing: LocalRow | undefined,
  server: Record<string, unknown>,
  version: number,
  remaining: OutboxEntry[],
): LocalRow {
  // Write-only fields (a password) stay in their entries, never on the visible row.
  const queued = withoutWriteOnly(Object.assign({}, ...remaining.map((other) => other.body)))
  return { ...existing, ...server, ...queued, id, version, syncState: stateOf(remaining) }
}
