import type { SyncedEntity } from '../../src/contract/schemas/sync'
import type { Tx } from '../db/client'
import { changeLog } from '../db/schema'

/**
 * Notes a change of a synced record in the change feed, inside the change's own transaction
 * (DESIGN §5), so the feed never tells of a change that did not commit, nor misses one that did.
 */
export async function recordChange(
  tx: Tx,
  change: {
    tenantId: string
    entity: SyncedEntity
    entityId: string
    op: 'upsert' | 'delete'
    version: number
    patientId: string | null
  },
): Promise<void> {
  await tx.insert(changeLog).values(change)
}
