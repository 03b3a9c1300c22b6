import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Unit } from '../../contract/rules/units'
import type { GLUCOSE_MOMENTS, HABIT_FREQUENCIES, Habit, ReadingKind } from '../../contract/schemas/readings'
import type { NumberFieldName } from './reading-fields'

/** The self-tracking screens' words, by the contract's names. */
export const KIND_TITLES: Record<ReadingKind, MessageDescriptor> = {
  'blood-pressure': msg`Presión arterial`,
  glucose: msg`Glucosa`,
  somatometry: msg`Somatometría`,
  nutrition: msg`Nutrición`,
  habit: msg`Hábitos`,
}

export const NUMBER_LABELS: Record<NumberFieldName, MessageDescriptor> = {
  systolic: msg`Sistólica`,
  diastolic: msg`Diastólica`,
  heart_rate: msg`Frecuencia cardiaca`,
  glucose: msg`Glucosa`,
  weight: msg`Peso`,
  height: msg`Estatura`,
  waist_cm: msg`Cintura`,
  hip_cm: msg`Cadera`,
  temperature: msg`Temperatura`,
  oximetry: msg`Oximetría`,
  respiratory_rate: msg`Frecuencia respiratoria`,
  water_ml: msg`Agua`,
  quantity: msg`Cantidad`,
}

/** SPEC §5 out-of-range messages, naming the range in the unit the patient typed in. */
export function rangeMessage(
  name: NumberFieldName,
  min: number,
  max: number,
  unit: string,
): MessageDescriptor {
  switch (name) {
    case 'systolic':
      return msg`La presión sistólica debe estar entre ${min} y ${max} ${unit}`
    case 'diastolic':
      return msg`La presión diastólica debe estar entre ${min} y ${max} ${unit}`
    case 'heart_rate':
      return msg`La frecuencia cardiaca debe estar entre ${min} y ${max} ${unit}`
    case 'glucose':
      return msg`La glucosa debe estar entre ${min} y ${max} ${unit}`
    case 'weight':
      return msg`El peso debe estar entre ${min} y ${max} ${unit}`
    case 'height':
      return msg`La estatura debe estar entre ${min} y ${max} ${unit}`
    case 'waist_cm':
      return msg`La cintura debe estar entre ${min} y ${max} ${unit}`
    case 'hip_cm':
      return msg`La cadera debe estar entre ${min} y ${max} ${unit}`
    case 'temperature':
      return msg`La temperatura debe estar entre ${min} y ${max} ${unit}`
    case 'oximetry':
      return msg`La oximetría debe estar entre ${min} y ${max} ${unit}`
    case 'respiratory_rate':
      return msg`La frecuencia respiratoria debe estar entre ${min} y ${max} ${unit}`
    case 'water_ml':
      return msg`El agua debe estar entre ${min} y ${max} ${unit}`
    case 'quantity':
      return msg`La cantidad debe estar entre ${min} y ${max}`
  }
}

export const UNIT_SYMBOLS: Record<Unit, string> = {
  kg: 'kg',
  lb: 'lb',
  m: 'm',
  ft: 'ft',
  c: '°C',
  f: '°F',
}

export const MOMENT_LABELS: Record<(typeof GLUCOSE_MOMENTS)[number], MessageDescriptor> = {
  fasting: msg`En ayunas`,
  'before-meal': msg`Antes de comer`,
  'after-meal': msg`Después de comer`,
  random: msg`Al azar`,
}

export const HABIT_LABELS: Record<Habit, MessageDescriptor> = {
  smoking: msg`Tabaco`,
  alcohol: msg`Alcohol`,
  exercise: msg`Ejercicio`,
  sleep: msg`Sueño`,
}

/** What the quantity counts, by habit. */
export const QUANTITY_LABELS: Record<Habit, MessageDescriptor> = {
  smoking: msg`Cigarros`,
  alcohol: msg`Bebidas`,
  exercise: msg`Minutos`,
  sleep: msg`Horas`,
}

export const FREQUENCY_LABELS: Record<(typeof HABIT_FREQUENCIES)[number], MessageDescriptor> = {
  never: msg`Nunca`,
  occasionally: msg`Ocasionalmente`,
  weekly: msg`Una vez por semana`,
  'several-per-week': msg`Varias veces por semana`,
  daily: msg`Diario`,
}
