import { foreignKey, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

const readingColumns = {
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  /** Made on the device (UUIDv7): a reading taken offline keeps its id forever. */
  id: uuid('id').notNull(),
  patientId: uuid('patient_id').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true, mode: 'string' }).notNull(),
  note: text('note'),
  ...syncColumns,
}

/** Blood pressure readings (SPEC §5: systolic 60–250, diastolic 40–200, heart rate 49–160). */
export const bloodPressureReadings = pgTable(
  'blood_pressure_readings',
  {
    ...readingColumns,
    systolic: integer('systolic').notNull(),
    diastolic: integer('diastolic').notNull(),
    heartRate: integer('heart_rate'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    tenantIsolation(),
  ],
)

/** Glucose readings (SPEC §5: 40–850 mg/dL). */
export const glucoseReadings = pgTable(
  'glucose_readings',
  {
    ...readingColumns,
    glucose: numeric('glucose', { mode: 'number' }).notNull(),
    /** Fasting, after a meal…: as the patient took it. */
    moment: text('moment'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    tenantIsolation(),
  ],
)
