import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  AdverseReaction,
  VaccinationFieldChange,
  VaccinationRecordField,
} from '../../../src/contract/schemas/vaccination-records'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * A patient's vaccination records (issue 21), keyed by tenant and the device's id, tied to the
 * patient, behind RLS. A record is amended, never overwritten without a trace (NOM-004): each
 * edit writes its fields before and after to `vaccination_record_amendments`, which is only ever
 * inserted; a delete is soft (the migration revokes DELETE). `vaccine_id` names the vaccines
 * catalogue's entry; it carries no foreign key until that catalogue's table exists.
 */
export const vaccinationRecords = pgTable(
  'vaccination_records',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    vaccineId: uuid('vaccine_id').notNull(),
    doseNumber: integer('dose_number').notNull(),
    folio: text('folio'),
    appliedOn: date('applied_on', { mode: 'string' }).notNull(),
    lot: text('lot'),
    booster: boolean('booster').notNull().default(false),
    vaccinatedAbroad: boolean('vaccinated_abroad').notNull().default(false),
    countryCode: text('country_code'),
    adverseReactions: jsonb('adverse_reactions').$type<AdverseReaction[]>().notNull().default([]),
    earlyDoseConfirmed: boolean('early_dose_confirmed').notNull().default(false),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    // A patient's card, newest dose first.
    index('vaccination_records_patient_idx').on(t.tenantId, t.patientId, t.appliedOn),
    tenantIsolation(),
  ],
)

/** Each amendment of a record: the version it made, who, when, each changed field's before and after. */
export const vaccinationRecordAmendments = pgTable(
  'vaccination_record_amendments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    changes: jsonb('changes')
      .$type<Partial<Record<VaccinationRecordField, VaccinationFieldChange>>>()
      .notNull(),
    amendedBy: uuid('amended_by'),
    amendedAt: timestamp('amended_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.recordId],
      foreignColumns: [vaccinationRecords.tenantId, vaccinationRecords.id],
    }),
    index('vaccination_record_amendments_record_idx').on(t.tenantId, t.recordId, t.version),
    tenantIsolation(),
  ],
)
