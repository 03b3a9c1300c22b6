import { and, desc, lt, sql } from 'drizzle-orm'
import { type Db, withTenant } from '../db/client'
import { changeLog, changeLogHorizon, idempotencyKeys, tenants } from '../db/schema'

/** DESIGN §5: devices stay offline for days; their keys must outlive that by far. */
export const IDEMPOTENCY_DAYS = 90
/** A device offline longer than this pulls everything again (reset). */
export const CHANGE_LOG_DAYS = 180

const daysAgo = (days: number, now: number) => new Date(now - days * 86_400_000).toISOString()

/**
 * Forgets what no device can need any more, tenant by tenant (each in its own tenant
 * transaction, under row-level security): idempotency keys past 90 days, and change-log rows
 * past 180 days, moving the tenant's horizon so older cursors get `reset`.
 *
 * A reset (and a new device's first sync) reads the log from its start, so the log must still
 * name every record that exists: a record whose newest change is about to go is noted again,
 * above the horizon, before the old rows are deleted. Only tombstones and superseded changes
 * really leave — and the notes addressed to one user (assignments): after a reset, a
 * professional's feed finds their patients through the assignments themselves.
 */
export async function sweepExpired(db: Db, now = Date.now()): Promise<{ keys: number; changes: number }> {
  let keys = 0
  let changes = 0
  for (const tenant of await db.select({ id: tenants.id }).from(tenants)) {
    await withTenant(db, tenant.id, async (tx) => {
      const forgotten = await tx
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, daysAgo(IDEMPOTENCY_DAYS, now)))
        .returning({ key: idempotencyKeys.key })
      keys += forgotten.length
      const [newestOld] = await tx
        .select({ txid: sql<string>`${changeLog.txid}::text`, seq: changeLog.seq })
        .from(changeLog)
        .where(lt(changeLog.createdAt, daysAgo(CHANGE_LOG_DAYS, now)))
        .orderBy(desc(changeLog.txid), desc(changeLog.seq))
        .limit(1)
      if (!newestOld) return
      await tx.execute(sql`
        insert into change_log (tenant_id, entity, entity_id, op, version, patient_id)
        select tenant_id, entity, entity_id, op, version, patient_id
          from (select distinct on (entity, entity_id) *
                  from change_log
                 where audience is null
                 order by entity, entity_id, txid desc, seq desc) as newest
         where op = 'upsert'
           and (txid, seq) <= (${newestOld.txid}::xid8, ${newestOld.seq}::bigint)`)
      await tx
        .insert(changeLogHorizon)
        .values({ tenantId: tenant.id, txid: newestOld.txid, seq: newestOld.seq })
        .onConflictDoUpdate({
          target: changeLogHorizon.tenantId,
          set: { txid: newestOld.txid, seq: newestOld.seq },
        })
      const pruned = await tx
        .delete(changeLog)
        .where(
          and(
            sql`(${changeLog.txid}, ${changeLog.seq}) <= (${newestOld.txid}::xid8, ${newestOld.seq}::bigint)`,
          ),
        )
        .returning({ seq: changeLog.seq })
      changes += pruned.length
    })
  }
  return { keys, changes }
}
