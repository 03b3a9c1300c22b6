import { withoutWriteOnly } from '../contract/schemas/patient'
import type { LocalDb, OutboxEntry, SyncEntity, SyncState } from '../db/local-db'
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
  // Write-only fields (a password) stay in their entries, never on the visible row.
  const queued = withoutWriteOnly(Object.assign({}, ...remaining.map((other) => other.body)))
  await rows.put({
    ...existing,
    ...server,
    ...queued,
    id: record.entityId,
    version,
    syncState: stateOf(remaining),
  })
}
