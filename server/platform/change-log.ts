import { type SQL, sql } from 'drizzle-orm'
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

/**
 * The same note as the body of a data-modifying CTE of the statement that writes the record:
 * `written` is the CTE returning the written row, whose tenant, id and new version the note
 * takes. Nothing written, nothing noted. The transaction id stamp is the column's default, as
 * for `recordChange`.
 */
export function changeFrom(
  written: SQL,
  change: { entity: SyncedEntity; op: 'upsert' | 'delete'; patientId: string | null },
): SQL {
  return sql`insert into ${changeLog} (tenant_id, entity, entity_id, op, version, patient_id)
    select tenant_id, ${change.entity}, id, ${change.op}, version, ${change.patientId} from ${written}`
}
