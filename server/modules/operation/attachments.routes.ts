import { and, eq, isNull } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type FileOwner, fileCallsOf } from '../../../src/contract/endpoints/attachments'
import { permissionsOf } from '../../../src/contract/endpoints/define'
import { type FileType, fileTypeOf } from '../../../src/contract/rules/files'
import type { Tx } from '../../db/client'
import { attachments } from '../../db/schema'
import { assertInScope } from '../../platform/assignment-scope'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { idempotent } from '../../platform/idempotency'
import type { AuditInput } from '../../platform/request'
import { route } from '../../platform/route'
import { type AttachmentRow, findAttachment, presentAttachment } from './attachments'

/**
 * The server's half of a file owner (decision 0023): the contract's declaration and where the
 * owner's rows live — their id, their patient (the assignment scope, the feed and the audit
 * follow it) and their tombstone. Adding an owner is one of these and one call of
 * `attachmentRoutes` in its service's module.
 */
export interface ServerFileOwner {
  owner: FileOwner
  rows: { table: PgTable; id: PgColumn; patientId: PgColumn; deletedAt: PgColumn }
}

const ENTITY = 'attachment'

/**
 * The owners whose routes an app serves, by kind: the change feed shows a file's metadata only
 * to a user holding one of its owner's read permissions (an owner not served there, to none).
 * One per app (`app.fileOwners`), filled as each owner's routes are registered, so that two apps
 * of one process (tests, or servers of other configurations) never share what they serve.
 */
export type FileOwnerRegistry = Map<string, FileOwner>

/** Whether a user holding `permissions` may read the files of an owner kind the app serves. */
export function mayReadFilesOf(
  registry: FileOwnerRegistry,
  kind: string,
  permissions: ReadonlySet<string>,
): boolean {
  const owner = registry.get(kind)
  return owner ? permissionsOf(owner.read).some((permission) => permissions.has(permission)) : false
}

/** `attachment; filename=…` with an ASCII stand-in and the real name (RFC 6266, RFC 8187). */
function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'archivo'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The owner's patient, if the owner is a live record of this tenant (RLS hides the others). */
async function patientOfOwner(tx: Tx, { rows }: ServerFileOwner, ownerId: string): Promise<string | null> {
  const [found] = await tx
    .select({ patientId: rows.patientId })
    .from(rows.table)
    .where(and(eq(rows.id, ownerId), isNull(rows.deletedAt)))
  // The declared column holds the owner's patient id, a uuid read as its text.
  return (found?.patientId as string | undefined) ?? null
}

/** Whether an earlier upload under this id is the same file for the same owner (a replay). */
const sameUpload = (row: AttachmentRow, kind: string, ownerId: string, sha256: string) =>
  row.ownerKind === kind && row.ownerId === ownerId && row.sha256 === sha256

/**
 * The three calls of one file owner (DESIGN §5 "Files captured offline", §9): an upload that
 * stores the bytes once by their hash and keeps a row per file, idempotent by key and by the
 * device's file id; a download; and a soft delete. The owner must exist and its patient be in
 * the caller's care (else 404, as for another tenant's ids). Every change goes to the change
 * feed and the audit log in its own transaction, and every download is audited (NOM-024).
 */
export async function attachmentRoutes(
  app: FastifyInstance,
  opts: { owner: ServerFileOwner; files: FileStore },
) {
  const { owner, files } = opts
  const { kind } = owner.owner
  app.fileOwners.set(kind, owner.owner)
  const calls = fileCallsOf(owner.owner)
  const audit = (
    req: FastifyRequest,
    tx: Tx,
    action: string,
    row: Pick<AttachmentRow, 'id' | 'ownerId' | 'patientId'>,
    more: AuditInput['details'] = {},
  ) =>
    req.audit(tx, {
      action: `${ENTITY}.${action}`,
      entity: 'patient',
      entityId: row.patientId,
      details: { owner_kind: kind, owner_id: row.ownerId, attachment: row.id, ...more },
    })

  route(app, calls.upload, async ({ params, body }, req) => {
    // The schema read the type from the bytes and checked the size for it.
    const mediaType = fileTypeOf(body.file) as FileType
    // Hashing and writing happen before the transaction opens (the embedded database has one
    // connection). The store is content-addressed: a retry writes the same file again, and a
    // refused request leaves bytes no row points at, which cost space but show nothing.
    const stored = await files.put(body.file)
    const userId = req.user?.id ?? null
    return idempotent(req, async (tx, claim) => {
      // It reads before it writes: the key is claimed first, in a statement of its own.
      await claim.take(tx)
      const patientId = await patientOfOwner(tx, owner, params.ownerId)
      if (!patientId) throw new NotFoundError()
      await assertInScope(tx, req, patientId)
      const [row] = await tx
        .insert(attachments)
        .values({
          tenantId: req.tenant?.id as string,
          id: body.id,
          ownerKind: kind,
          ownerId: params.ownerId,
          patientId,
          name: body.name,
          mediaType,
          size: stored.size,
          sha256: stored.hash,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        // The id is taken: by this very file sent again under another key (its row is the
        // answer, a tombstone if removed since), or by something else (refused).
        const existing = await findAttachment(tx, body.id)
        if (existing && sameUpload(existing, kind, params.ownerId, stored.hash)) {
          return presentAttachment(existing)
        }
        throw new ConflictError()
      }
      await recordChange(tx, {
        tenantId: row.tenantId,
        entity: ENTITY,
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId,
      })
      await audit(req, tx, 'create', row, { name: row.name, media_type: mediaType, size: row.size })
      return presentAttachment(row)
    })
  })

  route(app, calls.download, async ({ params }, req, reply) => {
    const row = await req.withTenant(async (tx) => {
      const found = await findAttachment(tx, params.id)
      if (!found || found.deletedAt || found.ownerKind !== kind) throw new NotFoundError()
      await assertInScope(tx, req, found.patientId)
      await audit(req, tx, 'read', found)
      return found
    })
    const bytes = await files.get(row.sha256)
    if (!bytes) throw new NotFoundError()
    reply
      .header('content-type', row.mediaType)
      .header('content-disposition', contentDisposition(row.name))
      // Patient data: the device keeps its own copy (Dexie), no shared cache keeps one.
      .header('cache-control', 'private, no-store')
      .send(bytes)
    return null
  })

  // Soft, and it wins (DESIGN §5): the row stays with who removed it and when, the devices pull a
  // tombstone, and the audit log keeps the removal. A second delete changes nothing.
  route(app, calls.remove, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const current = await findAttachment(tx, params.id)
      if (!current || current.ownerKind !== kind) throw new NotFoundError()
      await assertInScope(tx, req, current.patientId)
      if (current.deletedAt) return null
      const now = new Date().toISOString()
      const userId = req.user?.id ?? null
      const [row] = await tx
        .update(attachments)
        .set({
          deletedAt: now,
          deletedBy: userId,
          updatedAt: now,
          updatedBy: userId,
          version: current.version + 1,
        })
        .where(and(eq(attachments.id, current.id), eq(attachments.version, current.version)))
        .returning()
      // Changed between the read and the write: a request still running; try again.
      if (!row) throw new ConflictError()
      await recordChange(tx, {
        tenantId: row.tenantId,
        entity: ENTITY,
        entityId: row.id,
        op: 'delete',
        version: row.version,
        patientId: row.patientId,
      })
      await audit(req, tx, 'delete', row)
      return null
    }),
  )
}
