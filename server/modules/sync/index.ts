import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ADMISSION_EXAM_READERS } from '../../../src/contract/endpoints/admission-exams'
import { DISABILITY_READERS } from '../../../src/contract/endpoints/disabilities'
import { CERTIFICATE_READERS } from '../../../src/contract/endpoints/health-certificates'
import { INCIDENT_REPORT_READERS } from '../../../src/contract/endpoints/incident-reports'
import { PERIODIC_EXAM_READERS } from '../../../src/contract/endpoints/periodic-exams'
import { SHORT_HISTORY_READERS } from '../../../src/contract/endpoints/short-histories'
import { syncBatch, syncChanges } from '../../../src/contract/endpoints/sync'
import { VACCINATION_READERS } from '../../../src/contract/endpoints/vaccination'
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
 * Who learns of each medical report (issue 23): those who read it, and a patient their own
 * disabilities (`/patient/incapacities` offline; the feed's scope gives a patient only their own).
 */
const REPORT_READERS: Record<string, readonly string[]> = {
  'short-history': SHORT_HISTORY_READERS,
  'health-certificate': CERTIFICATE_READERS,
  disability: [...DISABILITY_READERS, 'patient-incapacities'],
  'incident-report': INCIDENT_REPORT_READERS,
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
  const readsCards = VACCINATION_READERS.some((permission) => permissions.has(permission))
  const mayRead = (change: ChangesPage['changes'][number]) => {
    if (change.entity === 'encounter') return permissions.has('consultation.list')
    if (change.entity === 'vaccination-record') {
      // The patient's feed holds only their own patient's changes (feed.ts), so all of it is theirs.
      return readsCards || scope.kind === 'patient'
    }
    if (change.entity === 'periodic-exam') {
      return PERIODIC_EXAM_READERS.some((permission) => permissions.has(permission))
    }
    if (change.entity === 'admission-exam') {
      return ADMISSION_EXAM_READERS.some((permission) => permissions.has(permission))
    }
    const reportReaders = REPORT_READERS[change.entity as keyof typeof REPORT_READERS]
    if (reportReaders) return reportReaders.some((permission) => permissions.has(permission))
    if (change.entity !== 'attachment' || change.op === 'delete') return true
    return mayReadFilesOf(req.server.fileOwners, String(change.data?.owner_kind), permissions)
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
