import { type LocalDb, rowTables, type SyncEntity } from '../db/local-db'
import { changedFields } from './merge'
import { settleRow } from './settle'

/** A person's decision for one conflicting field: keep what they wrote, or what the server has. */
export type ConflictChoice = 'mine' | 'theirs'

/**
 * Settles a record's same-field conflicts (DESIGN §5) with a person's choice per field. Fields
 * kept as "mine" go out again on top of the server's current version; fields left to the server
 * leave the entry. An entry with nothing left to send is done. Every conflicting field needs a
 * choice: a half-decided record would go out with changes nobody looked at.
 * Returns how many fields will be sent.
 */
export async function resolveConflicts(
  db: LocalDb,
  entity: SyncEntity,
  entityId: string,
  choices: Record<string, ConflictChoice>,
): Promise<number> {
  return db.transaction('rw', [db.outbox, ...rowTables(db), db.shadows, db.conflicts], async () => {
    const key: [SyncEntity, string] = [entity, entityId]
    const conflicts = await db.conflicts.where('[entity+entityId]').equals(key).toArray()
    const undecided = conflicts.filter((conflict) => !choices[conflict.field])
    if (undecided.length > 0) {
      throw new Error(`No choice for ${undecided.map((conflict) => conflict.field).join(', ')}`)
    }
    const entry = await db.outbox
      .where('entityId')
      .equals(entityId)
      .filter((candidate) => candidate.status === 'conflict')
      .first()
    const shadow = await db.shadows.get(key)
    if (!entry || entry.seq === undefined || !shadow) {
      // Nothing is waiting on these rows any more (the entry was discarded): they are stale.
      await db.conflicts.where('[entity+entityId]').equals(key).delete()
      return 0
    }
    // The shadow is the server's copy as of the 412 (or a later pull): what "theirs" means now.
    const theirs = shadow.data
    const wanted: Record<string, unknown> = { ...entry.body }
    for (const conflict of conflicts) {
      if (choices[conflict.field] === 'mine') wanted[conflict.field] = conflict.mine
      else delete wanted[conflict.field]
    }
    const body = changedFields(theirs, wanted)
    const fields = Object.keys(body)
    if (fields.length === 0) {
      await db.outbox.delete(entry.seq)
    } else {
      await db.outbox.update(entry.seq, {
        body,
        baseValues: Object.fromEntries(fields.map((field) => [field, theirs[field] ?? null])),
        baseVersion: shadow.version,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
      })
    }
    await db.conflicts.where('[entity+entityId]').equals(key).delete()
    await settleRow(db, { entity, entityId }, theirs, shadow.version)
    return fields.length
  })
}
