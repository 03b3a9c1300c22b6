import { sql } from 'drizzle-orm'
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenantIsolation, timestamps } from './columns'
import { tenants } from './landlord'

/**
 * The catalogues each tenant keeps for itself (SPEC §3 "Catalogue entities"): special labels with
 * their sublabels, and medicines with their presentations (docs/decisions/0015-tenant-catalogs.md).
 * Rows are deleted softly: a patient's labels and an active medication keep pointing at them.
 */
const softDelete = {
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
}

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id)

export const specialLabels = pgTable(
  'special_labels',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** One of the contract's SPECIAL_LABEL_COLORS. */
    color: text('color').notNull(),
    /** One of the contract's SPECIAL_LABEL_ICONS. */
    icon: text('icon').notNull(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
)

/** What a patient carries (their ids, in `patients.special_sublabel_ids`); the label is its parent. */
export const specialSublabels = pgTable(
  'special_sublabels',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    specialLabelId: uuid('special_label_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.specialLabelId],
      foreignColumns: [specialLabels.tenantId, specialLabels.id],
    }),
    index('special_sublabels_label_idx').on(t.tenantId, t.specialLabelId),
    tenantIsolation(),
  ],
)

export const medicines = pgTable(
  'medicines',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // SPEC §8 "El medicamento que intenta agregar ya existe…": one live medicine per name.
    uniqueIndex('medicines_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    tenantIsolation(),
  ],
)

/** A form of a medicine (tablet, syrup…) with one dose and how it is usually prescribed. */
export const medicinePresentations = pgTable(
  'medicine_presentations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    medicineId: uuid('medicine_id').notNull(),
    name: text('name').notNull(),
    dose: text('dose').notNull(),
    quantity: text('quantity'),
    frequency: text('frequency'),
    duration: text('duration'),
    via: text('via'),
    position: integer('position').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.medicineId], foreignColumns: [medicines.tenantId, medicines.id] }),
    // SPEC §8 "Una presentación con esta dosis ya existe.": one live dose per presentation form.
    uniqueIndex('medicine_presentations_dose_unique')
      .on(t.tenantId, t.medicineId, sql`lower(${t.name})`, sql`lower(${t.dose})`)
      .where(sql`${t.deletedAt} is null`),
    tenantIsolation(),
  ],
)

/**
 * Each tenant catalogue's version, moved in the transaction of every change to it: devices
 * compare it with theirs after each pull and fetch the catalogue again when it moved (decision 0015).
 */
export const tenantCatalogVersions = pgTable(
  'tenant_catalog_versions',
  {
    tenantId: tenantId(),
    catalog: text('catalog').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.catalog] }), tenantIsolation()],
)
