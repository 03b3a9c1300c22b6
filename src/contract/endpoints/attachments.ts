import { DOCUMENT_LIMITS, type FileLimits } from '../rules/files'
import type { Permission } from '../rules/permissions'
import { Attachment, AttachmentIdParams, OwnerIdParams, uploadRequest } from '../schemas/attachments'
import type { Service } from '../services'
import { type Access, endpoint } from './define'

/**
 * A kind of record that files are attached to (DESIGN §5 "Files captured offline"; decision
 * 0023): a consultation, later a vaccination, a periodic exam, a disability… Declaring one is
 * all a module does to get its three calls — upload, download and delete — in the contract;
 * the server adds where the owner's rows live (`server/modules/operation/attachments.routes.ts`).
 */
export interface FileOwner {
  /** What `owner_kind` says of a file of this owner, in the table and the change feed. */
  kind: string
  service: Service
  /**
   * The path the calls hang from, relative to the service: `/patients/encounter` gives
   * `POST /patients/encounter/:ownerId/files`, `GET` and `DELETE /patients/encounter/file/:id`
   * (SPEC §7 names the delete of a consultation's file so).
   */
  base: `/${string}`
  /** The accepted types and their sizes (SPEC §5). */
  limits: FileLimits
  /** Who may attach and remove (those who write the owner), and who may read. */
  write: Permission | readonly [Permission, ...Permission[]]
  read: Access
}

export const fileOwner = <const O extends FileOwner>(owner: O): O => owner

/** The calls of one owner, made from its declaration. */
export function fileCallsOf<const O extends FileOwner>(owner: O) {
  return {
    /** Multipart: `id` (the device's UUIDv7 for the file), `name`, and the bytes as `file`. */
    upload: endpoint({
      service: owner.service,
      method: 'POST',
      path: `${owner.base}/:ownerId/files`,
      access: owner.write,
      params: OwnerIdParams,
      body: uploadRequest(owner.limits),
      response: Attachment,
    }),
    /** The bytes themselves (not the envelope), with the file's type and name. */
    download: endpoint({
      service: owner.service,
      method: 'GET',
      path: `${owner.base}/file/:id`,
      access: owner.read,
      params: AttachmentIdParams,
    }),
    remove: endpoint({
      service: owner.service,
      method: 'DELETE',
      path: `${owner.base}/file/:id`,
      access: owner.write,
      params: AttachmentIdParams,
    }),
  }
}

export type FileCalls = ReturnType<typeof fileCallsOf>

/**
 * A consultation's attachments (issue 19: PDF, PNG or JPG; SPEC §7 "Encounters"), registered
 * by the operation module.
 */
export const encounterFiles = fileOwner({
  kind: 'encounter',
  service: 'operation',
  base: '/patients/encounter',
  limits: DOCUMENT_LIMITS,
  write: ['medical-consultation-create', 'medical-consultation-edit'],
  read: [
    'consultation.view',
    'medical-consultation-create',
    'medical-consultation-edit',
    'digital-record-index',
  ],
})

/** Every owner of files, by kind: the change feed shows a file only to who may read its owner. */
export const FILE_OWNERS: Readonly<Record<string, FileOwner>> = { [encounterFiles.kind]: encounterFiles }

export const encounterFileCalls = fileCallsOf(encounterFiles)
