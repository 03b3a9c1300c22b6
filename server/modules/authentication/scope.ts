import { type Db, type Tx, withTenant } from '../../db/client'

/**
 * A transaction in the caller's scope: the tenant's (row-level security on) or, on the landlord
 * host, outside any tenant, where only landlord rows (null tenant) are visible.
 */
export function inScope<T>(db: Db, tenantId: string | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tenantId ? withTenant(db, tenantId, work) : db.transaction(work)
}
