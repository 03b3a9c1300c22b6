import { boolean, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'

/**
 * Each patient's vaccination scheme state as the dashboard counts it (issue 24; decision 0045):
 * complete, and whether a dose is overdue, worked out for a day and kept until the first day it
 * can change by the calendar alone (the next birthday, or the day after the earliest due day still
 * ahead). Derived, never edited: `server/modules/dashboard/vaccine-figures.ts` writes the rows it
 * finds missing or stale when it counts; the migration's triggers delete a patient's row when a
 * dose of theirs is written or when their age, sex, subgroups or risks change, and a row computed
 * with another scheme (its `catalogue` fingerprint) is stale. So the whole tenant's figures read
 * one narrow row per patient instead of every dose of every patient on each request.
 */
export const patientVaccinationStates = pgTable(
  'patient_vaccination_states',
  {
    // No foreign keys: checking them cost 4.5 of the 6.8 s of a whole tenant's first count (100 000
    // rows). Patients are never deleted (a delete is soft); a row without its patient is never read.
    tenantId: uuid('tenant_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** The md5 of the vaccines and scheme (as the dashboard reads them) it was worked out with. */
    catalogue: text('catalogue').notNull(),
    /** The day it was worked out for. */
    computedOn: date('computed_on', { mode: 'string' }).notNull(),
    /** The first day it may no longer hold by the calendar alone. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Every applicable series given and nothing overdue (nothing applicable is complete). */
    complete: boolean('complete').notNull(),
    /** At least one dose due before `computed_on`. */
    overdue: boolean('overdue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.patientId] }), tenantIsolation()],
)
