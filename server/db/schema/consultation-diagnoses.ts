import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'
import { encounters } from './encounters'
import { tenants } from './landlord'

/**
 * Each live consultation's diagnoses as rows, for the dashboard's consultation items over the
 * whole tenant (issue 24; docs/decisions/0039-dashboard-diagnosis-rows.md). Derived, never edited:
 * `server/modules/operation/diagnosis-rows.ts` rewrites a consultation's rows in the transaction
 * that writes the consultation, from its `diagnoses` list, which stays the record. The dashboard
 * then groups narrow rows instead of expanding every consultation's JSON on each request.
 */
export const consultationDiagnoses = pgTable(
  'consultation_diagnoses',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    encounterId: uuid('encounter_id').notNull(),
    /** Its place in the consultation's list, from 1. */
    position: integer('position').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** The consultation's `started_at`: the dashboard's period and months are days in a zone it is given. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    code: text('code'),
    name: text('name'),
    affectedSystemId: text('affected_system_id'),
    /**
     * The first of the consultation's diagnoses under its affected system: a consultation counts
     * once per system, and this way the count needs no `distinct` over the period's rows.
     */
    firstOfSystem: boolean('first_of_system').notNull(),
    /**
     * The `started_at` of the same patient's previous row with this code (in the order of instant,
     * consultation, position; null for the first). A period's distinct patients of a code are then
     * its rows whose previous falls before the period: a count, not a hash of every (code, patient)
     * pair of the period (decision 0043). Kept by `diagnosis-rows.ts` with the rows.
     */
    previousOfCodeAt: timestamp('previous_of_code_at', { withTimezone: true, mode: 'string' }),
    /** The same for the system, among the rows that are `first_of_system` (null on the others). */
    previousOfSystemAt: timestamp('previous_of_system_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.encounterId, t.position] }),
    foreignKey({
      columns: [t.tenantId, t.encounterId],
      foreignColumns: [encounters.tenantId, encounters.id],
    }),
    // The period's rows over the whole tenant.
    index('consultation_diagnoses_started_at_idx').on(t.tenantId, t.startedAt),
    // The period's rows of a few patients (a doctor's).
    index('consultation_diagnoses_patient_idx').on(t.tenantId, t.patientId, t.startedAt),
    tenantIsolation(),
  ],
)
