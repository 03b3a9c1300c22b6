import { date, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'

/**
 * Each patient's next periodic exam as the dashboard counts it (issue 24; decision 0048): the
 * latest live exam's day and the day the next one is due (`examDueOf`: that exam or the hire date,
 * plus the patient's frequency). Neither depends on today, so a row holds until an input changes:
 * the migration's triggers delete a patient's row when an exam of theirs is written or their hire
 * date or exam frequency changes, and `server/modules/dashboard/patient-figures.ts` writes the rows
 * it finds missing when it counts. The device keeps the same day in its dashboard summary
 * (`exam_due_day`); here the whole tenant's buckets read one narrow row per patient instead of
 * grouping every exam of every patient on each request.
 */
export const patientExamDues = pgTable(
  'patient_exam_dues',
  {
    // No foreign keys, as `patient_vaccination_states`: patients are never deleted (a delete is
    // soft), and a row whose patient is deleted is never counted.
    tenantId: uuid('tenant_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** The latest live periodic exam's day; null when never examined. */
    examinedOn: date('examined_on', { mode: 'string' }),
    /** When the next exam is due; null when never examined and without a hire date (never owed). */
    dueOn: date('due_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.patientId] }), tenantIsolation()],
)
