import * as v from 'valibot'
import { IsoDay, IsoInstant } from '../rules/calendar'
import {
  DIASTOLIC,
  GLUCOSE,
  HEART_RATE,
  HEIGHT_M,
  OXIMETRY,
  PERIMETER_CM,
  RESPIRATORY_RATE,
  SYSTOLIC,
  TEMPERATURE_C,
  WEIGHT_KG,
} from '../rules/vital-ranges'
import { ClockTime, changesOf, decimalIn, orNull, TimeZoneName, wholeIn } from './bounded'

/**
 * The self-tracking kinds (SPEC §2 Patient self-service, §7): append-only readings a patient (or
 * a professional for them) records, each on its own path under /patients. Values are stored in
 * SI units (kg, m, cm, °C); the forms convert from the unit the patient chose.
 */
export const READING_KINDS = ['blood-pressure', 'glucose', 'somatometry', 'nutrition', 'habit'] as const
export type ReadingKind = (typeof READING_KINDS)[number]

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/** What every reading carries besides its own values. */
const base = {
  id: Id,
  patient_id: Id,
  taken_at: IsoInstant,
  note: orNull(v.pipe(v.string(), v.trim(), v.maxLength(500))),
}

/** SPEC §5: systolic 60–250, diastolic 40–200, heart rate 49–160 (mmHg, beats per minute). */
const bloodPressureValues = {
  systolic: wholeIn(SYSTOLIC),
  diastolic: wholeIn(DIASTOLIC),
  heart_rate: orNull(wholeIn(HEART_RATE)),
}

export const GLUCOSE_MOMENTS = ['fasting', 'before-meal', 'after-meal', 'random'] as const
/** SPEC §5: glucose 40–850 mg/dL, with when it was taken. */
const glucoseValues = {
  glucose: decimalIn(GLUCOSE),
  moment: orNull(v.picklist(GLUCOSE_MOMENTS, 'field.picklist')),
}

/**
 * Somatometry (vital signs and biometrics), SI units: weight in kg, height in m, waist and hip in
 * cm, temperature in °C. BMI and waist-to-hip ratio are computed from these, never stored.
 */
const somatometryValues = {
  weight_kg: decimalIn(WEIGHT_KG),
  height_m: orNull(decimalIn(HEIGHT_M)),
  waist_cm: orNull(decimalIn(PERIMETER_CM)),
  hip_cm: orNull(decimalIn(PERIMETER_CM)),
  temperature_c: orNull(decimalIn(TEMPERATURE_C)),
  oximetry: orNull(wholeIn(OXIMETRY)),
  heart_rate: orNull(wholeIn(HEART_RATE)),
  respiratory_rate: orNull(wholeIn(RESPIRATORY_RATE)),
}

export const MAX_MEALS = 10
export const MAX_WATER_ML = 10_000
/** A meal of the day: its time (HH:MM) and what was eaten. */
export const Meal = v.object({
  time: ClockTime,
  description: v.pipe(v.string(), v.trim(), v.minLength(1, 'field.required'), v.maxLength(300)),
})
export type Meal = v.InferOutput<typeof Meal>
/** Nutrition of a day: the meals and the water drunk, in ml. */
const nutritionValues = {
  meals: v.pipe(v.array(Meal), v.maxLength(MAX_MEALS)),
  water_ml: orNull(wholeIn({ min: 0, max: MAX_WATER_ML })),
}

export const HABITS = ['smoking', 'alcohol', 'exercise', 'sleep'] as const
export type Habit = (typeof HABITS)[number]
export const HABIT_FREQUENCIES = ['never', 'occasionally', 'weekly', 'several-per-week', 'daily'] as const
/**
 * A habit with its frequency and, where it applies, how much: cigarettes or drinks a time,
 * minutes of exercise, hours of sleep.
 */
const habitValues = {
  habit: v.picklist(HABITS, 'field.picklist'),
  frequency: v.picklist(HABIT_FREQUENCIES, 'field.picklist'),
  quantity: orNull(decimalIn({ min: 0, max: 1440 })),
}

export const BloodPressureRequest = v.object({ ...base, ...bloodPressureValues })
export type BloodPressureRequest = v.InferOutput<typeof BloodPressureRequest>
export const GlucoseRequest = v.object({ ...base, ...glucoseValues })
export type GlucoseRequest = v.InferOutput<typeof GlucoseRequest>
export const SomatometryRequest = v.object({ ...base, ...somatometryValues })
export type SomatometryRequest = v.InferOutput<typeof SomatometryRequest>
export const NutritionRequest = v.object({ ...base, ...nutritionValues })
export type NutritionRequest = v.InferOutput<typeof NutritionRequest>
export const HabitRequest = v.object({ ...base, ...habitValues })
export type HabitRequest = v.InferOutput<typeof HabitRequest>

/**
 * Who recorded a reading (issue 17): the patient themself, or a professional by name. The server
 * names the account that created it; the device names its own user for a reading not yet sent.
 */
export const ReadingRecorder = v.object({
  name: v.pipe(v.string(), v.maxLength(400)),
  /** The account is the patient's own (patient mode), not staff acting for them. */
  by_patient: v.boolean(),
})
export type ReadingRecorder = v.InferOutput<typeof ReadingRecorder>

/** What the server keeps of every reading besides its body (its version, times, soft delete). */
const stored = {
  version: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
  deleted_at: v.nullable(v.string()),
  /** Null when no account is known (the demo's seed); absent from a write's own answer. */
  recorded_by: v.optional(v.nullable(ReadingRecorder)),
}
/** A somatometry as the API answers it (`lastSomatometry`). */
export const SomatometryReading = v.object({ ...base, ...somatometryValues, ...stored })
export type SomatometryReading = v.InferOutput<typeof SomatometryReading>

/** The create body of each kind. */
export const CreateReadingRequest = {
  'blood-pressure': BloodPressureRequest,
  glucose: GlucoseRequest,
  somatometry: SomatometryRequest,
  nutrition: NutritionRequest,
  habit: HabitRequest,
} as const satisfies Record<ReadingKind, v.GenericSchema>

const amendment = <E extends v.ObjectEntries>(values: E) =>
  changesOf({ taken_at: base.taken_at, note: base.note, ...values })

/**
 * An amendment of an own reading (PUT): only the fields that changed, with If-Match. The
 * patient and the id never change.
 */
export const UpdateReadingRequest = {
  'blood-pressure': amendment(bloodPressureValues),
  glucose: amendment(glucoseValues),
  somatometry: amendment(somatometryValues),
  nutrition: amendment(nutritionValues),
  habit: amendment(habitValues),
} as const satisfies Record<ReadingKind, v.GenericSchema>

export const ReadingIdParams = v.object({ id: Id })
export const PatientReadingsQuery = v.object({ patient_id: Id })
export const PatientIdOfReadingsParams = v.object({ id: Id })

/**
 * The …/pdf calls: one patient's log from one day to another (YYYY-MM-DD, both included), the
 * days and times read in `time_zone` — the device passes its own to get the very document it
 * builds offline; without it, the server's (central Mexico).
 */
export const ReadingsPdfQuery = v.pipe(
  v.object({
    patient_id: Id,
    from: IsoDay,
    to: IsoDay,
    time_zone: v.optional(TimeZoneName),
  }),
  v.check((q) => q.from <= q.to, 'field.date_range'),
)
export type ReadingsPdfQuery = v.InferOutput<typeof ReadingsPdfQuery>
