import * as v from 'valibot'
import { FILE_TYPES, type FileLimits, fileRefusal } from '../rules/files'
import { requiredText } from './bounded'

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/**
 * A file kept with a clinical record (DESIGN §5 "Files captured offline"): its metadata as the
 * API answers it and the change feed carries it. The bytes are fetched apart, by id.
 */
export const Attachment = v.object({
  id: v.string(),
  /** Which kind of record holds it: an owner's `kind` (`encounter`, `vaccination`…). */
  owner_kind: v.string(),
  owner_id: v.string(),
  patient_id: v.string(),
  name: v.string(),
  media_type: v.picklist(FILE_TYPES),
  size: v.number(),
  /** SHA-256 of the bytes, hex: what the device compares its cached copy with. */
  sha256: v.string(),
  version: v.number(),
  created_by: v.nullable(v.string()),
  created_at: v.string(),
  deleted_at: v.nullable(v.string()),
})
export type Attachment = v.InferOutput<typeof Attachment>

/** A file's name as people gave it; only shown and offered back on download. */
export const FileName = requiredText(255)

/**
 * The bytes of an upload, held to an owner's limits: the type read from the bytes, then the
 * size of that type. Multipart gives the file part as bytes, so the schema sees a Uint8Array.
 */
export const fileBytes = (limits: FileLimits) =>
  v.pipe(
    v.instance(Uint8Array, 'field.required'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const refusal = fileRefusal(dataset.value, limits)
      if (refusal) addIssue({ message: refusal })
    }),
  )

/**
 * An upload (multipart): the file's id made on the device (UUIDv7, the same on every retry),
 * its name, and the bytes under `file`.
 */
export const uploadRequest = (limits: FileLimits) =>
  v.object({
    id: Id,
    name: FileName,
    file: fileBytes(limits),
  })
export type UploadRequest = v.InferOutput<ReturnType<typeof uploadRequest>>

export const OwnerIdParams = v.object({ ownerId: Id })
export const AttachmentIdParams = v.object({ id: Id })
