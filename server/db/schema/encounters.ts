import { sql } from 'drizzle-orm'
import {
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  AmendableField,
  Diagnosis,
  FieldChange,
  PrescriptionLine,
} from '../../../src/contract/schemas/encounters'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * Medical consultations (SPEC §3 "encounters", issue 19; docs/decisions/0022-consultations.md).
 * Keyed by tenant and the device's id, tied to the patient, behind RLS. Vital signs are in SI
 * units (decision 0011); BMI is computed, never stored. The diagnoses and the prescription are
 * jsonb lists on the row: a consultation is created in one insert (idempotent by its id) and read
 * whole in one row, and an amendment keeps each list's before and after as a value. The author
 * (`created_by`) is the prescriber. Never deleted: `deleted_at` exists for the sync columns'
 * sake, and no route sets it.
 */
export const encounters = pgTable(
  'encounters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Made on the device (UUIDv7): a consultation recorded offline keeps its id forever. */
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    type: text('type').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    modality: text('modality').notNull(),
    /** HH:MM or HH:MM:SS, remote consultations only. */
    callDuration: text('call_duration'),
    /** A value of the tenant's `consultReason` catalogue. */
    reasonId: uuid('reason_id').notNull(),
    weightKg: numeric('weight_kg', { mode: 'number' }),
    heightM: numeric('height_m', { mode: 'number' }),
    temperatureC: numeric('temperature_c', { mode: 'number' }),
    oximetry: integer('oximetry'),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    heartRate: integer('heart_rate'),
    respiratoryRate: integer('respiratory_rate'),
    glucose: numeric('glucose', { mode: 'number' }),
    diagnoses: jsonb('diagnoses').$type<Diagnosis[]>().notNull(),
    subjective: text('subjective'),
    objective: text('objective'),
    analysis: text('analysis'),
    plan: text('plan'),
    prescription: jsonb('prescription').$type<PrescriptionLine[]>().notNull().default([]),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    // A patient's history, newest first.
    index('encounters_patient_idx').on(t.tenantId, t.patientId, t.startedAt),
    // The dashboard's consultations of a period over the whole tenant (its default: the month so
    // far, a twenty-fourth of two years' consultations) without reading every one (issue 24).
    index('encounters_started_at_idx').on(t.tenantId, t.startedAt).where(sql`deleted_at is null`),
    tenantIsolation(),
  ],
)

/**
 * Each edit of a consultation (NOM-004-SSA3-2012: a clinical note is never changed without a
 * trace): who, when, the version it made and every changed field's value before and after,
 * written in the edit's own transaction. Only ever inserted.
 */
export const encounterAmendments = pgTable(
  'encounter_amendments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    encounterId: uuid('encounter_id').notNull(),
    version: integer('version').notNull(),
    changes: jsonb('changes').$type<Partial<Record<AmendableField, FieldChange>>>().notNull(),
    amendedBy: uuid('amended_by'),
    amendedAt: timestamp('amended_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.encounterId],
      foreignColumns: [encounters.tenantId, encounters.id],
    }),
    index('encounter_amendments_encounter_idx').on(t.tenantId, t.encounterId, t.version),
    tenantIsolation(),
  ],
)
