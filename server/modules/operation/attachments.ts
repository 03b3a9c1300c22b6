import { eq } from 'drizzle-orm'
import type { FileType } from '../../../src/contract/rules/files'
import type { Attachment } from '../../../src/contract/schemas/attachments'
import type { Tx } from '../../db/client'
import { attachments } from '../../db/schema'

export type AttachmentRow = typeof attachments.$inferSelect

/** A file's metadata as the API and the change feed answer it (the bytes go apart, by id). */
export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    owner_kind: row.ownerKind,
    owner_id: row.ownerId,
    patient_id: row.patientId,
    name: row.name,
    // Written only from fileTypeOf's answer, so one of the types it knows.
    media_type: row.mediaType as FileType,
    size: row.size,
    sha256: row.sha256,
    version: row.version,
    created_by: row.createdBy,
    created_at: row.createdAt,
    deleted_at: row.deletedAt,
  }
}

export async function findAttachment(tx: Tx, id: string): Promise<AttachmentRow | null> {
  const [row] = await tx.select().from(attachments).where(eq(attachments.id, id))
  return row ?? null
}
