import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tenantIsolation } from './columns'

/**
 * Each patient's latest live triage consultation as the dashboard's COVID and pregnancy items read
 * it (issue 24; decision 0048): by decision 0025's order (the latest `consulted_at`, then the
 * greatest id), or a row of nulls for a patient without one. It holds until a triage of theirs is
 * written: the migration's triggers delete the patient's row then, and
 * `server/modules/dashboard/patient-figures.ts` writes the rows it finds missing when it counts. The
 * whole tenant's items then read one narrow row per patient instead of sorting every triage of the
 * period by patient on each request.
 */
export const patientLastTriage = pgTable(
  'patient_last_triage',
  {
    // No foreign keys, as `patient_vaccination_states`: patients are never deleted (a delete is
    // soft), and a row whose patient is deleted is never counted.
    tenantId: uuid('tenant_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** When the latest live triage took place; null when the patient has none. */
    consultedAt: timestamp('consulted_at', { withTimezone: true, mode: 'string' }),
    status: text('status'),
    pregnancy: boolean('pregnancy'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.patientId] }),
    // The period's latest triages over the whole tenant.
    index('patient_last_triage_consulted_at_idx').on(t.tenantId, t.consultedAt),
    tenantIsolation(),
  ],
)
