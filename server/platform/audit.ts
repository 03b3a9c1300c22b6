import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { v7 as uuidv7 } from 'uuid'
import { storableText } from '../../src/contract/rules/storable-text'
import type { Tx } from '../db/client'
import { auditLog } from '../db/schema'
import type { AuditInput } from './request'

export interface AuditEntry extends AuditInput {
  tenantId: string
  actorId: string | null
  ip?: string | null
  userAgent?: string | null
}

/**
 * A value of an entry's details with every text made storable: an entry must be written
 * whatever a caller typed (a failed sign-in keeps the username tried), and jsonb refuses a NUL
 * or a lone surrogate. Details are small, made by the server, never deep.
 */
function storableDetail(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value)
  if (Array.isArray(value)) return value.map(storableDetail)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storableDetail(item)]),
    )
  }
  return value
}

/** The audit log's row for an entry, with a fresh id. */
const rowOf = (entry: AuditEntry) => ({
  tenantId: entry.tenantId,
  id: uuidv7(),
  actorId: entry.actorId,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId == null ? null : storableText(entry.entityId),
  ip: entry.ip ?? null,
  userAgent: entry.userAgent == null ? null : storableText(entry.userAgent.slice(0, 512)),
  details: entry.details == null ? null : (storableDetail(entry.details) as Record<string, unknown>),
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
