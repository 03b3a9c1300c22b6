import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  fromSi,
  inRangeOf,
  type Measure,
  rangeIn,
  toSi,
  type Unit,
  type UnitChoice,
} from '../../contract/rules/units'
import type { VitalSign } from '../../contract/schemas/encounters'

/**
 * The vital signs as the clinical forms show them (the consultation, the COVID triage): their
 * order, the measure a unit choice converts, their names and units. Shared here because features
 * never import each other.
 */
export interface VitalSignField {
  sign: VitalSign
  /** The measure the user's unit choice converts (weight, height, temperature). */
  measure?: Measure
  integer?: boolean
}

/** Every vital sign in the order they are taken at the bedside. */
export const VITAL_SIGN_FIELDS: readonly VitalSignField[] = [
  { sign: 'weight_kg', measure: 'weight' },
  { sign: 'height_m', measure: 'height' },
  { sign: 'temperature_c', measure: 'temperature' },
  { sign: 'oximetry', integer: true },
  { sign: 'systolic', integer: true },
  { sign: 'diastolic', integer: true },
  { sign: 'heart_rate', integer: true },
  { sign: 'respiratory_rate', integer: true },
  { sign: 'glucose' },
]

export const VITAL_SIGN_NAMES: Record<VitalSign, MessageDescriptor> = {
  weight_kg: msg`Peso`,
  height_m: msg`Estatura`,
  temperature_c: msg`Temperatura`,
  oximetry: msg`Oximetría`,
  systolic: msg`Presión sistólica`,
  diastolic: msg`Presión diastólica`,
  heart_rate: msg`Frecuencia cardiaca`,
  respiratory_rate: msg`Frecuencia respiratoria`,
  glucose: msg`Glucosa`,
}

/** The unit each vital sign is shown in when it has no unit choice. */
export const FIXED_UNITS: Partial<Record<VitalSign, string>> = {
  oximetry: '%',
  systolic: 'mmHg',
  diastolic: 'mmHg',
  heart_rate: 'lpm',
  respiratory_rate: 'rpm',
  glucose: 'mg/dL',
}

export const UNIT_SYMBOLS: Record<Unit, string> = { kg: 'kg', lb: 'lb', m: 'm', ft: 'ft', c: '°C', f: '°F' }

/** A stored vital sign as a form shows it: in the user's unit for a measure, as stored otherwise. */
export function shownVitalSign(sign: VitalSign, units: UnitChoice, value: unknown): string {
  if (typeof value !== 'number') return ''
  const measure = VITAL_SIGN_FIELDS.find((field) => field.sign === sign)?.measure
  return String(measure ? fromSi(measure, units[measure] as never, value) : value)
}

/** A typed number: a comma is taken as the decimal point, as many phones' keypads offer it. */
export const parseTypedNumber = (typed: string) => {
  const cleaned = typed.trim().replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

/**
 * The typed vital signs as stored values (SI for a measure), each checked in the user's unit first
 * so its message names the range as they typed it; the contract's schema checks the rest. `kept`
 * answers a stored value to keep instead of the typed text (an amendment leaving a measure as
 * shown), or undefined to read the text.
 */
export function parseVitalSigns(
  typed: Partial<Record<VitalSign, string>>,
  signs: readonly VitalSignField[],
  units: UnitChoice,
  i18n: I18n,
  kept: (sign: VitalSign) => number | null | undefined = () => undefined,
): { vitals: Partial<Record<VitalSign, number | null>>; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const vitals: Partial<Record<VitalSign, number | null>> = {}
  for (const { sign, measure } of signs) {
    const stored = kept(sign)
    if (stored !== undefined) {
      vitals[sign] = stored
      continue
    }
    const text = (typed[sign] ?? '').trim()
    if (text === '') {
      vitals[sign] = null
      continue
    }
    const value = parseTypedNumber(text)
    if (Number.isNaN(value)) {
      errors[`vitals.${sign}`] = i18n._(msg`Escribe un número.`)
      continue
    }
    if (measure) {
      const unit = units[measure] as never
      const { min, max } = rangeIn(measure, unit)
      if (!inRangeOf(measure, unit, value)) {
        errors[`vitals.${sign}`] = i18n._(msg`Debe estar entre ${min} y ${max}.`)
        continue
      }
      vitals[sign] = toSi(measure, unit, value)
    } else vitals[sign] = value
  }
  return { vitals, errors }
}
