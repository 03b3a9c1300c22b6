import { foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * The files kept with clinical records (DESIGN §5 "Files captured offline", decision 0023): a
 * consultation's attachments, later a vaccination's certificate, an exam's report… One table for
 * every owner, told apart by `owner_kind`. The bytes live in the content-addressed file store
 * under `sha256`; a row is never deleted, only marked (NOM-004: a clinical record keeps its trace).
 */
export const attachments = pgTable(
  'attachments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Made on the device (UUIDv7): an upload sent again carries the same id. */
    id: uuid('id').notNull(),
    /** The owner's declared kind: 'encounter', 'vaccination'… */
    ownerKind: text('owner_kind').notNull(),
    /** The record the file belongs to, in the owner's own table. */
    ownerId: uuid('owner_id').notNull(),
    /** The owner's patient, kept here for the assignment scope, the feed and the audit. */
    patientId: uuid('patient_id').notNull(),
    name: text('name').notNull(),
    /** Read from the bytes, never from the name (DESIGN §6). */
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    ...syncColumns,
    /** Who removed the file (the audit log keeps it too, with when and from where). */
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('attachments_owner_idx').on(t.tenantId, t.ownerKind, t.ownerId),
    tenantIsolation(),
  ],
)
