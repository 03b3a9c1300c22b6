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

/**
 * Appends one audit entry (NOM-024: who read or changed which record, when, from where) in the
 * caller's tenant transaction, so the entry exists exactly when the effect does.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
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
}

export const auditing = fp(async (app: FastifyInstance) => {
  app.decorateRequest('audit', async function (this: FastifyRequest, tx: Tx, entry: AuditInput) {
    if (!this.tenant) throw new Error('audit needs a tenant request')
    await recordAudit(tx, {
      ...entry,
      tenantId: this.tenant.id,
      actorId: this.user?.id ?? null,
      ip: this.ip,
      userAgent: this.headers['user-agent'] ?? null,
    })
  })
})
