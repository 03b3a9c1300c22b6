import Dexie from 'dexie'
import { v7 as uuidv7 } from 'uuid'
import { type FileOwner, fileCallsOf } from '../contract/endpoints/attachments'
import { pathFor } from '../contract/endpoints/define'
import { type FileLimits, type FileType, fileRefusal, fileTypeOf, imageTypeOf } from '../contract/rules/files'
import type { LocalDb, LocalFile } from '../db/local-db'
import { type MutationContext, queueDelete, queuedCreate, stamp } from './edits'
import { type ImageScaler, scaleImageUnder } from './image-scaling'
import { enqueue } from './outbox'

/** A file ready to be kept with a record: checked, hashed and given its id, outside any transaction. */
export interface PreparedFile {
  id: string
  name: string
  blob: Blob
  media_type: FileType
  size: number
  sha256: string
}

/**
 * Why a file cannot be kept: the key of the same message the server would answer; a screen
 * shows it with `fieldMessage(error.reason, i18n)` (src/ui/form/field-errors.ts), es or en.
 */
export class FileRefused extends Error {
  constructor(readonly reason: NonNullable<ReturnType<typeof fileRefusal>>) {
    super(reason)
  }
}

const hex = (digest: ArrayBuffer) =>
  [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

/** A name that says what the file became: a PNG stored as JPEG is named `.jpg`. */
function nameFor(name: string, type: FileType): string {
  if (type !== 'image/jpeg' || /\.jpe?g$/i.test(name)) return name
  return `${name.replace(/\.(png|heic|heif|webp)$/i, '')}.jpg`
}

/**
 * Gets a picked, photographed or drawn file ready for `attachFiles` (DESIGN §5): an image over
 * its bound is scaled down first (SPEC §5: under 2 MB), then the type is read from the bytes and
 * held to the owner's limits (FileRefused otherwise), and the SHA-256 computed — all before the
 * mutator's transaction opens, which must await nothing but Dexie.
 */
export async function prepareFile(
  input: Blob,
  name: string,
  limits: FileLimits,
  scale: ImageScaler = scaleImageUnder,
): Promise<PreparedFile> {
  let bytes = new Uint8Array(await input.arrayBuffer())
  const image = imageTypeOf(bytes)
  const bound = image ? limits[image] : undefined
  if (image && bound !== undefined && bytes.length > bound) {
    // An image no size brings under its bound (rare: noise) is too large, as the server would say.
    const scaled = await scale(input, image, bound).catch(() => null)
    if (!scaled) throw new FileRefused('file.imageTooLarge')
    bytes = new Uint8Array(await scaled.arrayBuffer())
  }
  const refusal = fileRefusal(bytes, limits)
  if (refusal) throw new FileRefused(refusal)
  // fileRefusal accepted it: its type is known.
  const mediaType = fileTypeOf(bytes) as FileType
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return {
    id: uuidv7(),
    name: nameFor(name.trim() || 'archivo', mediaType),
    blob: new Blob([bytes], { type: mediaType }),
    media_type: mediaType,
    size: bytes.length,
    sha256: hex(digest),
  }
}

/** The record files are attached to: its owner's declaration, its id and its patient. */
export interface FileTarget {
  owner: FileOwner
  ownerId: string
  patientId: string
  /**
   * Queued changes that bring the owner to the server when it is not a record of its own: a
   * clinical-exam row travels in its exam's create or amendment (issue 22), so its files follow that.
   */
  after?: readonly string[]
}

/** The tables `attachFiles` writes: a mutator's transaction must include them. */
export const fileTables = (db: LocalDb) => [db.files, db.outbox]

/**
 * Keeps prepared files with a record and queues their uploads (DESIGN §5 "Files captured
 * offline"). Call it inside the mutator's own transaction, next to the record's write, with
 * `fileTables(db)` in its scope: the record, its files and their uploads are stored together or
 * not at all. Each upload waits for the record's create while that is queued, so it never
 * reaches the server before its record; it travels alone, multipart, under its own key.
 */
export async function attachFiles(
  db: LocalDb,
  ctx: MutationContext,
  target: FileTarget,
  files: readonly PreparedFile[],
): Promise<LocalFile[]> {
  if (!Dexie.currentTransaction) throw new Error('attachFiles runs inside the mutator’s transaction')
  const ownerCreate = await queuedCreate(db, target.ownerId)
  // An owner whose calls hang from its patient (`/patients/:patient/periodic-exams`) is given it.
  const path = pathFor(fileCallsOf(target.owner).upload, {
    patient: target.patientId,
    ownerId: target.ownerId,
  })
  const createdAt = stamp(ctx)
  const now = (ctx.now?.() ?? new Date()).getTime()
  const rows: LocalFile[] = []
  for (const file of files) {
    const row: LocalFile = {
      id: file.id,
      owner_kind: target.owner.kind,
      owner_id: target.ownerId,
      patient_id: target.patientId,
      name: file.name,
      media_type: file.media_type,
      size: file.size,
      sha256: file.sha256,
      version: 0,
      created_at: createdAt,
      deleted_at: null,
      syncState: 'pending',
      blob: file.blob,
      cachedAt: now,
      lastUsedAt: now,
    }
    await db.files.add(row)
    await enqueue(db, {
      mutationId: uuidv7(),
      userId: ctx.userId,
      tenant: ctx.tenant,
      kind: 'attachment.create',
      entity: 'attachment',
      entityId: file.id,
      method: 'POST',
      path,
      // The form's text fields; the bytes are read from the row when the upload goes.
      body: { id: file.id, name: file.name },
      baseVersion: null,
      dependsOn: [...(ownerCreate ? [ownerCreate] : []), ...(target.after ?? [])],
      createdAt,
    })
    rows.push(row)
  }
  return rows
}

/**
 * Removes a file from its record. One the server has never had (its upload still waits, was
 * refused or is blocked) simply leaves the device with its upload; otherwise the removal is
 * queued after the upload (SPEC §7: `DELETE …/file/{id}`), the row hidden at once, and the
 * server keeps the file's trace. Runs in its own transaction, or inside the caller's if that
 * one includes the files, the outbox and the shadows.
 */
export async function removeFile(
  db: LocalDb,
  ctx: MutationContext,
  owner: FileOwner,
  id: string,
): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.files, db.outbox, db.shadows, async () => {
    const row = await db.files.get(id)
    if (!row || row.deleted_at) return
    const entries = await db.outbox.where('entityId').equals(id).toArray()
    const upload = entries.find((entry) => entry.kind === 'attachment.create')
    // A travelling upload may reach the server: then the removal must follow it there.
    if (upload && upload.status !== 'sending') {
      await db.outbox.bulkDelete(entries.map((entry) => entry.seq as number))
      await db.files.delete(id)
      return
    }
    await queueDelete(db, ctx, {
      entity: 'attachment',
      kind: 'attachment.delete',
      path: pathFor(fileCallsOf(owner).remove, { patient: row.patient_id, id }),
      row,
      mutationId,
      createdAt,
    })
  })
}
