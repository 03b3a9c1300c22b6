import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../db/client'
import { auditLog } from '../db/schema'
import type { AuditInput } from './request'

export interface AuditEntry extends AuditInput {
  tenantId: string
  actorId: string | null
  ip?: string | null
  userAgent?: string | null
}

/** The audit log's row for an entry, with a fresh id. */
const rowOf = (entry: AuditEntry) => ({
  tenantId: entry.tenantId,
  id: uuidv7(),
  actorId: entry.actorId,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId ?? null,
  ip: entry.ip ?? null,
  userAgent: entry.userAgent?.slice(0, 512) ?? null,
  details: entry.details ?? null,
})

/**
 * Appends one audit entry (NOM-024: who read or changed which record, when, from where) in the
 * caller's tenant transaction, so the entry exists exactly when the effect does.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(rowOf(entry))
}

/**
 * The same entry as the body of a data-modifying CTE of a bigger statement, appended only if
 * `source` (a CTE of that statement) yields a row: the audit row of a write that did not happen
 * is never written, and the entry costs no round trip of its own.
 */
export function auditEntryFrom(source: SQL, entry: AuditEntry): SQL {
  const row = rowOf(entry)
  return sql`insert into ${auditLog} (tenant_id, id, actor_id, action, entity, entity_id, ip, user_agent, details)
    select ${row.tenantId}, ${row.id}, ${row.actorId}, ${row.action}, ${row.entity}, ${row.entityId},
           ${row.ip}, ${row.userAgent}, ${row.details === null ? null : JSON.stringify(row.details)}
      from ${source} limit 1`
}

/** An entry done by the request's user, from where the request came. */
export function auditEntryOf(req: FastifyRequest, input: AuditInput): AuditEntry {
  if (!req.tenant) throw new Error('audit needs a tenant request')
  return {
    ...input,
    tenantId: req.tenant.id,
    actorId: req.user?.id ?? null,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  }
}

export const auditing = fp(async (app: FastifyInstance) => {
  app.decorateRequest('audit', async function (this: FastifyRequest, tx: Tx, entry: AuditInput) {
    await recordAudit(tx, auditEntryOf(this, entry))
  })
})
