import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { syncBatch, syncChanges } from '../../../src/contract/endpoints/sync'
import type { ChangesPage } from '../../../src/contract/schemas/sync'
import type { Tx } from '../../db/client'
import { users } from '../../db/schema'
import { assignedUserOf } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import type { ModuleDeps } from '../deps'
import { mayReadFilesOf } from '../operation/attachments.routes'
import { runBatch } from './batch'
import { changesAfter, type FeedScope } from './feed'
import { readsEntity } from './readers'

/**
 * Staff who list patients see the tenant's records, or only their assigned patients' without
 * the all-assignments permission; a patient only their own; others none.
 */
async function scopeOf(tx: Tx, req: FastifyRequest): Promise<FeedScope> {
  const user = req.user
  if (!user) return { kind: 'none' }
  if (user.permissions.has('patients-index')) {
    const bounded = assignedUserOf(req)
    return bounded ? { kind: 'assigned', userId: bounded } : { kind: 'tenant' }
  }
  const [me] = await tx.select({ patientId: users.patientId }).from(users).where(eq(users.id, user.id))
  return me?.patientId ? { kind: 'patient', patientId: me.patientId } : { kind: 'none' }
}

/**
 * Consultations are clinical notes: a device learns of them only when its user may list them
 * (SPEC §6), whatever patients it sees otherwise — registration staff and patients do not. A
 * vaccination record goes to who may read the cards, and to the patient it belongs to: SPEC §2
 * `/patient/vaccination-record` shows the patient their own card, offline, from these rows. A
 * file goes to who may read its owner (decision 0023); a deleted one's tombstone to everyone.
 */
function visibleTo(req: FastifyRequest, scope: FeedScope, page: ChangesPage): ChangesPage {
  const permissions = req.user?.permissions ?? new Set<string>()
  const mayRead = (change: ChangesPage['changes'][number]) => {
    // The patient's feed holds only their own patient's changes (feed.ts), so all of it is theirs.
    if (change.entity === 'vaccination-record' && scope.kind === 'patient') return true
    if (change.entity === 'attachment') {
      return (
        change.op === 'delete' ||
        mayReadFilesOf(req.server.fileOwners, String(change.data?.owner_kind), permissions)
      )
    }
    return readsEntity(permissions, change.entity)
  }
  return { ...page, changes: page.changes.filter(mayRead) }
}

/** `/api/sync`: the change feed the devices pull and the batches they send (DESIGN §5). */
export async function syncModule(app: FastifyInstance, _deps: ModuleDeps) {
  route(app, syncChanges, async ({ query }, req) => {
    if (!req.tenant) throw new NotFoundError()
    const tenantId = req.tenant.id
    return req.withTenant(async (tx) => {
      const scope = await scopeOf(tx, req)
      const page = visibleTo(req, scope, await changesAfter(tx, tenantId, scope, query.cursor, query.limit))
      // NOM-024: patient data left the server; one entry per page, after the read.
      if (page.changes.length > 0) {
        await req.audit(tx, {
          action: 'sync.pull',
          entity: 'patient',
          details: { records: page.changes.length },
        })
      }
      return page
    })
  })

  // Each entry's text is checked when it runs, so a bad entry is refused alone (storable-text.ts).
  route(app, syncBatch, async ({ body }, req) => ({ answers: await runBatch(app, req, body.requests) }), {
    carriesRequests: true,
  })
}
