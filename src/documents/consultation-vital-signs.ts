import { bodyMassIndex } from '../contract/rules/vital-ranges'
import type { VitalSigns } from './consultation-input'
import type { ConsultationTexts } from './consultation-texts'
import { amount } from './self-tracking-columns'

/**
 * The vital signs a consultation took, each with its unit, in the order they are taken at the
 * bedside; the ones not taken are left out. BMI is computed from weight and height.
 */
export function vitalSignRows(signs: VitalSigns, texts: ConsultationTexts): [string, string][] {
  const { sign } = texts
  const rows: [string, string][] = []
  const add = (label: string, value: number | null | undefined, unit: string, decimals = 1) => {
    if (value != null) rows.push([label, `${amount(value, decimals)} ${unit}`])
  }
  add(sign.weight, signs.weight_kg, 'kg')
  add(sign.height, signs.height_m, 'm', 2)
  add(sign.bmi, bodyMassIndex(signs.weight_kg, signs.height_m), 'kg/m²')
  add(sign.temperature, signs.temperature_c, '°C')
  add(sign.oximetry, signs.oximetry, '%', 0)
  if (signs.systolic != null && signs.diastolic != null) {
    rows.push([sign.bloodPressure, `${amount(signs.systolic, 0)}/${amount(signs.diastolic, 0)} mmHg`])
  } else {
    add(sign.systolic, signs.systolic, 'mmHg', 0)
    add(sign.diastolic, signs.diastolic, 'mmHg', 0)
  }
  add(sign.heartRate, signs.heart_rate, texts.perMinute.heart, 0)
  add(sign.respiratoryRate, signs.respiratory_rate, texts.perMinute.breaths, 0)
  add(sign.glucose, signs.glucose, 'mg/dL', 0)
  return rows
}

/** Four cells a row: two signs with their values side by side. */
export function inPairs(rows: [string, string][]): string[][] {
  const paired: string[][] = []
  for (let i = 0; i < rows.length; i += 2) paired.push([...(rows[i] ?? []), ...(rows[i + 1] ?? ['', ''])])
  return paired
}
