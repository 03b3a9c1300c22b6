import type { Measure } from '../../contract/rules/units'
import {
  DIASTOLIC,
  GLUCOSE,
  HEART_RATE,
  OXIMETRY,
  PERIMETER_CM,
  type Range,
  RESPIRATORY_RATE,
  SYSTOLIC,
} from '../../contract/rules/vital-ranges'
import type { ReadingKind } from '../../contract/schemas/readings'
import { MAX_WATER_ML } from '../../contract/schemas/readings'

/**
 * The numbers each kind's form takes. A measure the patient may type in another unit (weight,
 * height, temperature) names its Measure and is converted to its SI field; the others are typed
 * in the unit they are stored in, with their SPEC §5 range.
 */
export type NumberFieldName =
  | 'systolic'
  | 'diastolic'
  | 'heart_rate'
  | 'glucose'
  | 'weight'
  | 'height'
  | 'waist_cm'
  | 'hip_cm'
  | 'temperature'
  | 'oximetry'
  | 'respiratory_rate'
  | 'water_ml'
  | 'quantity'

export interface NumberField {
  name: NumberFieldName
  /** The contract's field it is stored in. */
  field: string
  required: boolean
  integer: boolean
  /** Converted from the patient's chosen unit. */
  measure?: Measure
  /** The range in the stored unit, for fields without a measure. */
  range?: Range
  /** The unit shown beside a field without a measure. */
  unit?: string
}

const HABIT_QUANTITY: Range = { min: 0, max: 1440 }

export const NUMBER_FIELDS: Record<ReadingKind, NumberField[]> = {
  'blood-pressure': [
    { name: 'systolic', field: 'systolic', required: true, integer: true, range: SYSTOLIC, unit: 'mmHg' },
    { name: 'diastolic', field: 'diastolic', required: true, integer: true, range: DIASTOLIC, unit: 'mmHg' },
    {
      name: 'heart_rate',
      field: 'heart_rate',
      required: false,
      integer: true,
      range: HEART_RATE,
      unit: 'lpm',
    },
  ],
  glucose: [
    { name: 'glucose', field: 'glucose', required: true, integer: false, range: GLUCOSE, unit: 'mg/dL' },
  ],
  somatometry: [
    { name: 'weight', field: 'weight_kg', required: true, integer: false, measure: 'weight' },
    { name: 'height', field: 'height_m', required: false, integer: false, measure: 'height' },
    { name: 'waist_cm', field: 'waist_cm', required: false, integer: false, range: PERIMETER_CM, unit: 'cm' },
    { name: 'hip_cm', field: 'hip_cm', required: false, integer: false, range: PERIMETER_CM, unit: 'cm' },
    { name: 'temperature', field: 'temperature_c', required: false, integer: false, measure: 'temperature' },
    { name: 'oximetry', field: 'oximetry', required: false, integer: true, range: OXIMETRY, unit: '%' },
    {
      name: 'heart_rate',
      field: 'heart_rate',
      required: false,
      integer: true,
      range: HEART_RATE,
      unit: 'lpm',
    },
    {
      name: 'respiratory_rate',
      field: 'respiratory_rate',
      required: false,
      integer: true,
      range: RESPIRATORY_RATE,
      unit: 'rpm',
    },
  ],
  nutrition: [
    {
      name: 'water_ml',
      field: 'water_ml',
      required: false,
      integer: true,
      range: { min: 0, max: MAX_WATER_ML },
      unit: 'ml',
    },
  ],
  habit: [{ name: 'quantity', field: 'quantity', required: false, integer: false, range: HABIT_QUANTITY }],
}

/** What a kind's form holds while typed: text, as the inputs give it. */
export interface ReadingFormValues {
  /** `YYYY-MM-DDTHH:MM` in the device's time zone, as a datetime-local input gives it. */
  taken_at: string
  note: string
  numbers: Partial<Record<NumberFieldName, string>>
  moment: string
  habit: string
  frequency: string
  meals: Array<{ time: string; description: string }>
}
