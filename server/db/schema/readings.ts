import {
  type AnyPgColumn,
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
import type { Meal } from '../../../src/contract/schemas/readings'
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

type ReadingKeys = {
  tenantId: AnyPgColumn
  id: AnyPgColumn
  patientId: AnyPgColumn
  takenAt: AnyPgColumn
}

/**
 * Every reading table: keyed by tenant and the device's id, tied to its patient, behind RLS, and
 * indexed by patient and time (a log, a chart's range, the latest somatometry).
 */
const readingConstraints = (t: ReadingKeys, name: string) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  index(`${name}_patient_idx`).on(t.tenantId, t.patientId, t.takenAt),
  tenantIsolation(),
]

/** Blood pressure readings (SPEC §5: systolic 60–250, diastolic 40–200, heart rate 49–160). */
export const bloodPressureReadings = pgTable(
  'blood_pressure_readings',
  {
    ...readingColumns,
    systolic: integer('systolic').notNull(),
    diastolic: integer('diastolic').notNull(),
    heartRate: integer('heart_rate'),
  },
  (t) => readingConstraints(t, 'blood_pressure_readings'),
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
  (t) => readingConstraints(t, 'glucose_readings'),
)

/**
 * Somatometry readings, in SI units whatever unit the patient typed (SPEC §5): weight in kg,
 * height in m, waist and hip in cm, temperature in °C. BMI and waist-to-hip ratio are computed.
 */
export const somatometryReadings = pgTable(
  'somatometry_readings',
  {
    ...readingColumns,
    weightKg: numeric('weight_kg', { mode: 'number' }).notNull(),
    heightM: numeric('height_m', { mode: 'number' }),
    waistCm: numeric('waist_cm', { mode: 'number' }),
    hipCm: numeric('hip_cm', { mode: 'number' }),
    temperatureC: numeric('temperature_c', { mode: 'number' }),
    oximetry: integer('oximetry'),
    heartRate: integer('heart_rate'),
    respiratoryRate: integer('respiratory_rate'),
  },
  (t) => readingConstraints(t, 'somatometry_readings'),
)

/** Nutrition of a day: the meals (time and description) and the water drunk, in ml. */
export const nutritionReadings = pgTable(
  'nutrition_readings',
  {
    ...readingColumns,
    meals: jsonb('meals').$type<Meal[]>().notNull(),
    waterMl: integer('water_ml'),
  },
  (t) => readingConstraints(t, 'nutrition_readings'),
)

/** A habit (smoking, alcohol, exercise, sleep) with its frequency and, where it applies, how much. */
export const habitReadings = pgTable(
  'habit_readings',
  {
    ...readingColumns,
    habit: text('habit').notNull(),
    frequency: text('frequency').notNull(),
    quantity: numeric('quantity', { mode: 'number' }),
  },
  (t) => readingConstraints(t, 'habit_readings'),
)
