import * as v from 'valibot'
import { DIASTOLIC, GLUCOSE, HEART_RATE, SYSTOLIC } from '../rules/vital-ranges'

const Id = v.pipe(v.string(), v.uuid('field.uuid'))
const whole = (min: number, max: number) =>
  v.pipe(v.number('field.type'), v.integer('field.integer'), v.minValue(min), v.maxValue(max))
const base = {
  id: Id,
  patient_id: Id,
  taken_at: v.pipe(v.string(), v.isoTimestamp('field.date')),
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500))), null),
}

/** SPEC §5: systolic 60–250, diastolic 40–200, heart rate 49–160. */
export const BloodPressureRequest = v.object({
  ...base,
  systolic: whole(SYSTOLIC.min, SYSTOLIC.max),
  diastolic: whole(DIASTOLIC.min, DIASTOLIC.max),
  heart_rate: v.optional(v.nullable(whole(HEART_RATE.min, HEART_RATE.max)), null),
})
export type BloodPressureRequest = v.InferOutput<typeof BloodPressureRequest>

/** SPEC §5: glucose 40–850 mg/dL. */
export const GlucoseRequest = v.object({
  ...base,
  glucose: v.pipe(v.number('field.type'), v.minValue(GLUCOSE.min), v.maxValue(GLUCOSE.max)),
  moment: v.optional(
    v.nullable(v.picklist(['fasting', 'before-meal', 'after-meal', 'random'], 'field.picklist')),
    null,
  ),
})
export type GlucoseRequest = v.InferOutput<typeof GlucoseRequest>

export const ReadingIdParams = v.object({ id: Id })
export const PatientReadingsQuery = v.object({ patient_id: Id })
