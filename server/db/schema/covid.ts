import {
  boolean,
  date,
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
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * COVID triage and follow-up (issue 20; docs/decisions/0025-covid-triage.md). Every table is
 * keyed by tenant and the device's id, tied to the patient, behind RLS. Consultations, declined
 * follow-ups and reclassifications are append-only (the migration revokes UPDATE and DELETE; a
 * consultation's current classification columns alone stay writable, for SPEC §4's overwrite).
 */

/** A triage consultation: the values, the rule's proposal, the choice, and the value now. */
export const triageConsultations = pgTable(
  'triage_consultations',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    consultedAt: timestamp('consulted_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** SPEC §4 triage status (`covid-statuses`). */
    status: text('status').notNull(),
    covidCase: text('covid_case'),
    advancement: text('advancement'),
    ruledOutReason: text('ruled_out_reason'),
    symptoms: jsonb('symptoms').$type<string[]>().notNull().default([]),
    otherSymptoms: jsonb('other_symptoms').$type<string[]>().notNull().default([]),
    firstSymptomDate: date('first_symptom_date', { mode: 'string' }),
    shortnessOfBreath: boolean('shortness_of_breath'),
    coughSeverity: text('cough_severity'),
    temperatureC: numeric('temperature_c', { mode: 'number' }),
    oximetry: integer('oximetry'),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    heartRate: integer('heart_rate'),
    respiratoryRate: integer('respiratory_rate'),
    weightKg: numeric('weight_kg', { mode: 'number' }),
    heightM: numeric('height_m', { mode: 'number' }),
    supplementalOxygen: text('supplemental_oxygen'),
    consciousness: text('consciousness'),
    chronicDegenerativeDiseases: jsonb('chronic_degenerative_diseases')
      .$type<string[]>()
      .notNull()
      .default([]),
    immunocompromises: jsonb('immunocompromises').$type<string[]>().notNull().default([]),
    pregnancy: boolean('pregnancy'),
    recontagion: boolean('recontagion'),
    vaccinated: boolean('vaccinated'),
    quarantineStartDate: date('quarantine_start_date', { mode: 'string' }),
    quarantineEndDate: date('quarantine_end_date', { mode: 'string' }),
    notes: text('notes'),
    /** The NEWS2 aggregate the proposal came from (src/contract/rules/triage-classification.ts). */
    news2Score: integer('news2_score').notNull(),
    proposedClassification: text('proposed_classification').notNull(),
    /** The professional's choice when recording it; never changes. */
    chosenClassification: text('chosen_classification').notNull(),
    overrideReason: text('override_reason'),
    /** The classification now: the choice, or what the last reclassification set (SPEC §4). */
    classification: text('classification').notNull(),
    reclassificationId: uuid('reclassification_id'),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    // A patient's consultations in time (the last one, the history, the graphs).
    index('triage_consultations_patient_idx').on(t.tenantId, t.patientId, t.consultedAt, t.id),
    tenantIsolation(),
  ],
)

/** A follow-up that did not take place: unreachable or declined, with the reason. */
export const triageDeclines = pgTable(
  'triage_declines',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    declinedAt: timestamp('declined_at', { withTimezone: true, mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('triage_declines_patient_idx').on(t.tenantId, t.patientId, t.declinedAt),
    tenantIsolation(),
  ],
)

/** A reclassification: the consultation it overwrote, the value it replaced and the new one. */
export const triageReclassifications = pgTable(
  'triage_reclassifications',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    consultationId: uuid('consultation_id').notNull(),
    reclassifiedAt: timestamp('reclassified_at', { withTimezone: true, mode: 'string' }).notNull(),
    previousClassification: text('previous_classification').notNull(),
    classification: text('classification').notNull(),
    reason: text('reason').notNull(),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    foreignKey({
      columns: [t.tenantId, t.consultationId],
      foreignColumns: [triageConsultations.tenantId, triageConsultations.id],
    }),
    // In the order the server applied them (created_at), per patient.
    index('triage_reclassifications_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    tenantIsolation(),
  ],
)

/** A COVID test (SPEC §3: date, type, result): edited and softly deleted like any record. */
export const covidTests = pgTable(
  'covid_tests',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    result: text('result').notNull(),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('covid_tests_patient_idx').on(t.tenantId, t.patientId, t.date),
    tenantIsolation(),
  ],
)
