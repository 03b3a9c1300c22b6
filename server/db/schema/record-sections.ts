import { foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * The entries of a patient's record sections (SPEC §3 "Patient record sections"): medical
 * conditions, active medications, histories, habits, allergies, alerts and COVID status, one
 * table for all of them. Each section uses a few of the columns (see the contract's
 * SECTION_FIELDS); they are few and small, and one table gives one change-feed kind, one device
 * table and one set of routes instead of nine.
 */
export const recordSections = pgTable(
  'record_sections',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Made on the device (UUIDv7): an entry written offline keeps its id forever. */
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** The section's path name: 'medical-conditions', 'covid-status'… */
    section: text('section').notNull(),
    /** A code of the `medical-conditions` reference list. */
    medicalConditionId: text('medical_condition_id'),
    /** The medicine as typed; the medicines catalog's id once it exists. */
    medicine: text('medicine'),
    medicineId: text('medicine_id'),
    title: text('title'),
    note: text('note'),
    year: integer('year'),
    habit: text('habit'),
    description: text('description'),
    /** A code of the `covid-statuses` reference list. */
    covidStatusId: text('covid_status_id'),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('record_sections_patient_idx').on(t.tenantId, t.patientId, t.section),
    tenantIsolation(),
  ],
)
