import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'

/**
 * The special sublabels each patient carries, one row per patient and sublabel (issue 24; decision
 * 0048): the patient's `special_sublabel_ids` list as rows, written by the migration's trigger in
 * the statement that writes the patient, never edited. The dashboard's special labels and pregnancy
 * items count a few thousand narrow rows by sublabel instead of reading every patient's list.
 */
export const patientSublabels = pgTable(
  'patient_sublabels',
  {
    // No foreign keys, as `patient_vaccination_states`: patients are never deleted (a delete is
    // soft), and a row whose patient is deleted is never counted.
    tenantId: uuid('tenant_id').notNull(),
    sublabelId: text('sublabel_id').notNull(),
    patientId: uuid('patient_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.sublabelId, t.patientId] }),
    // A patient's rows, replaced when the patient is written.
    index('patient_sublabels_patient_idx').on(t.tenantId, t.patientId),
    tenantIsolation(),
  ],
)
