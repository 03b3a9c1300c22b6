import { bodyMassIndex } from '../contract/rules/vital-ranges'
import type { VitalSign } from '../contract/schemas/encounters'
import type { VitalSigns } from './consultation-input'
import type { ConsultationTexts } from './consultation-texts'
import { amount } from './self-tracking-columns'

/** How each vital sign prints: its name, its unit and its decimals. */
export function vitalSignPrint(
  sign: VitalSign,
  texts: ConsultationTexts,
): { label: string; unit: string; decimals: number } {
  const { sign: names } = texts
  const prints: Record<VitalSign, { label: string; unit: string; decimals: number }> = {
    weight_kg: { label: names.weight, unit: 'kg', decimals: 1 },
    height_m: { label: names.height, unit: 'm', decimals: 2 },
    temperature_c: { label: names.temperature, unit: '°C', decimals: 1 },
    oximetry: { label: names.oximetry, unit: '%', decimals: 0 },
    systolic: { label: names.systolic, unit: 'mmHg', decimals: 0 },
    diastolic: { label: names.diastolic, unit: 'mmHg', decimals: 0 },
    heart_rate: { label: names.heartRate, unit: texts.perMinute.heart, decimals: 0 },
    respiratory_rate: { label: names.respiratoryRate, unit: texts.perMinute.breaths, decimals: 0 },
    glucose: { label: names.glucose, unit: 'mg/dL', decimals: 0 },
  }
  return prints[sign]
}

/** A vital sign's value with its unit: "70.5 kg". */
export function vitalSignValue(sign: VitalSign, value: number, texts: ConsultationTexts): string {
  const { unit, decimals } = vitalSignPrint(sign, texts)
  return `${amount(value, decimals)} ${unit}`
}

/**
 * The vital signs a consultation took, each with its unit, in the order they are taken at the
 * bedside; the ones not taken are left out. BMI is computed from weight and height.
 */
export function vitalSignRows(signs: VitalSigns, texts: ConsultationTexts): [string, string][] {
  const { sign } = texts
  const rows: [string, string][] = []
  const add = (name: VitalSign) => {
    const value = signs[name]
    if (value != null) rows.push([vitalSignPrint(name, texts).label, vitalSignValue(name, value, texts)])
  }
  add('weight_kg')
  add('height_m')
  const bmi = bodyMassIndex(signs.weight_kg, signs.height_m)
  if (bmi != null) rows.push([sign.bmi, `${amount(bmi, 1)} kg/m²`])
  add('temperature_c')
  add('oximetry')
  if (signs.systolic != null && signs.diastolic != null) {
    rows.push([sign.bloodPressure, `${amount(signs.systolic, 0)}/${amount(signs.diastolic, 0)} mmHg`])
  } else {
    add('systolic')
    add('diastolic')
  }
  add('heart_rate')
  add('respiratory_rate')
  add('glucose')
  return rows
}

/** Four cells a row: two signs with their values side by side. */
export function inPairs(rows: [string, string][]): string[][] {
  const paired: string[][] = []
  for (let i = 0; i < rows.length; i += 2) paired.push([...(rows[i] ?? []), ...(rows[i + 1] ?? ['', ''])])
  return paired
}
