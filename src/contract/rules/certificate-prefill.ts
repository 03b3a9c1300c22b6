import type { VitalSign } from '../schemas/encounters'

/**
 * What a new health status certificate's vital signs start from (issue 23, SPEC §7
 * `certificate-health-status/get-create`): the patient's latest consultation's, each replaced by
 * the patient's latest reading of it when that reading was taken after the consultation (the
 * patient's own blood pressure, glucose or somatometry). One rule for the server's get-create and
 * the device's form opened offline, so both start a certificate from the same figures.
 */

export type CertificateSigns = Record<VitalSign, number | null>

/** The latest consultation as the rule reads it: when it started (an instant) and its signs. */
export type ConsultationSigns = { started_at: string } & Partial<Record<VitalSign, number | null>>

/** The patient's latest reading of each kind, if any (SI units, as stored). */
export interface LatestReadings {
  pressure?: { taken_at: string; systolic: number; diastolic: number; heart_rate?: number | null } | null
  glucose?: { taken_at: string; glucose: number } | null
  somatometry?: { taken_at: string; weight_kg?: number | null; height_m?: number | null } | null
}

const SIGNS: readonly VitalSign[] = [
  'weight_kg',
  'height_m',
  'temperature_c',
  'oximetry',
  'systolic',
  'diastolic',
  'heart_rate',
  'respiratory_rate',
  'glucose',
]

export function certificateVitalSigns(
  consultation: ConsultationSigns | null,
  readings: LatestReadings,
): CertificateSigns {
  const signs = Object.fromEntries(
    SIGNS.map((sign) => [sign, consultation?.[sign] ?? null]),
  ) as CertificateSigns
  const since = consultation ? Date.parse(consultation.started_at) : Number.NEGATIVE_INFINITY
  const newer = <R extends { taken_at: string }>(reading: R | null | undefined): R | null =>
    reading && Date.parse(reading.taken_at) > since ? reading : null
  const pressure = newer(readings.pressure)
  if (pressure) {
    signs.systolic = pressure.systolic
    signs.diastolic = pressure.diastolic
    signs.heart_rate = pressure.heart_rate ?? signs.heart_rate
  }
  const glucose = newer(readings.glucose)
  if (glucose) signs.glucose = glucose.glucose
  const somatometry = newer(readings.somatometry)
  if (somatometry) {
    signs.weight_kg = somatometry.weight_kg ?? signs.weight_kg
    signs.height_m = somatometry.height_m ?? signs.height_m
  }
  return signs
}
