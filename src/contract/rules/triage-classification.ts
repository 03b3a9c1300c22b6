import { TRIAGE_CLASSIFICATIONS, type TriageClassification } from './triage-classifications'

export { TRIAGE_CLASSIFICATIONS, type TriageClassification }

/**
 * The COVID triage classification a consultation proposes (issue 20, docs/decisions/0025-covid-triage.md):
 * the National Early Warning Score 2 (Royal College of Physicians, 2017) from the vital signs,
 * SpO2 on scale 1, and its clinical risk band, raised one step when the patient carries a risk
 * factor for a severe COVID course. The device proposes it in the form; the server computes it
 * again from the same values and refuses a consultation whose proposal differs.
 */

/** ACVPU: alert, new confusion, responds to voice, to pain, unresponsive (`consciousness-states`). */
export const CONSCIOUSNESS_STATES = ['alert', 'new-confusion', 'voice', 'pain', 'unresponsive'] as const
export type ConsciousnessState = (typeof CONSCIOUSNESS_STATES)[number]

/**
 * How the patient breathes (`supplemental-oxygens`): room air, or one of the ways oxygen is given.
 * NEWS2 scores any supplemental oxygen alike.
 */
export const SUPPLEMENTAL_OXYGENS = [
  'room-air',
  'nasal-cannula',
  'simple-mask',
  'venturi-mask',
  'reservoir-mask',
  'high-flow-nasal',
  'non-invasive-ventilation',
  'mechanical-ventilation',
] as const
export type SupplementalOxygen = (typeof SUPPLEMENTAL_OXYGENS)[number]

/** The age from which a patient counts as at risk (completed years on the consultation's day). */
export const RISK_AGE = 60

/** What the score reads; a value not taken is null and scores nothing (it is listed as missing). */
export interface TriageInput {
  respiratory_rate: number | null
  oximetry: number | null
  supplemental_oxygen: SupplementalOxygen | null
  temperature_c: number | null
  systolic: number | null
  heart_rate: number | null
  consciousness: ConsciousnessState | null
  /** Completed years on the consultation's day, or null when the birth date is unknown. */
  age: number | null
  chronic_degenerative_diseases: readonly string[]
  immunocompromises: readonly string[]
  pregnancy: boolean | null
}

/** The seven NEWS2 parameters, by the names the consultation gives them. */
export const NEWS2_PARAMETERS = [
  'respiratory_rate',
  'oximetry',
  'supplemental_oxygen',
  'temperature_c',
  'systolic',
  'heart_rate',
  'consciousness',
] as const
export type News2Parameter = (typeof NEWS2_PARAMETERS)[number]

export type RiskFactor = 'age' | 'chronic-degenerative-disease' | 'immunocompromise' | 'pregnancy'

/** NEWS2's clinical risk: low (0–4), low-medium (a single parameter at 3), medium (5–6), high (≥ 7). */
export type News2Risk = TriageClassification

export interface TriageResult {
  /** Each parameter's points (0 for one not taken). */
  points: Record<News2Parameter, number>
  /** The NEWS2 aggregate score, 0 to 20. */
  total: number
  /** The parameters not taken: the score may understate the risk, the form says so. */
  missing: News2Parameter[]
  risk: News2Risk
  risk_factors: RiskFactor[]
  /** The risk raised one step when any risk factor is present (high stays high). */
  classification: TriageClassification
}

/** Respiration rate per minute: ≤ 8 → 3, 9–11 → 1, 12–20 → 0, 21–24 → 2, ≥ 25 → 3. */
export function respiratoryRatePoints(rate: number): number {
  if (rate <= 8) return 3
  if (rate <= 11) return 1
  if (rate <= 20) return 0
  if (rate <= 24) return 2
  return 3
}

/** SpO2 scale 1 (%): ≤ 91 → 3, 92–93 → 2, 94–95 → 1, ≥ 96 → 0. */
export function oximetryPoints(spo2: number): number {
  if (spo2 <= 91) return 3
  if (spo2 <= 93) return 2
  if (spo2 <= 95) return 1
  return 0
}

/** Air → 0, any supplemental oxygen → 2. */
export const oxygenPoints = (oxygen: SupplementalOxygen): number => (oxygen === 'room-air' ? 0 : 2)

/** Temperature (°C): ≤ 35.0 → 3, 35.1–36.0 → 1, 36.1–38.0 → 0, 38.1–39.0 → 1, ≥ 39.1 → 2. */
export function temperaturePoints(celsius: number): number {
  if (celsius <= 35) return 3
  if (celsius <= 36) return 1
  if (celsius <= 38) return 0
  if (celsius <= 39) return 1
  return 2
}

/** Systolic blood pressure (mmHg): ≤ 90 → 3, 91–100 → 2, 101–110 → 1, 111–219 → 0, ≥ 220 → 3. */
export function systolicPoints(mmHg: number): number {
  if (mmHg <= 90) return 3
  if (mmHg <= 100) return 2
  if (mmHg <= 110) return 1
  if (mmHg <= 219) return 0
  return 3
}

/** Pulse per minute: ≤ 40 → 3, 41–50 → 1, 51–90 → 0, 91–110 → 1, 111–130 → 2, ≥ 131 → 3. */
export function heartRatePoints(rate: number): number {
  if (rate <= 40) return 3
  if (rate <= 50) return 1
  if (rate <= 90) return 0
  if (rate <= 110) return 1
  if (rate <= 130) return 2
  return 3
}

/** Alert → 0; new confusion, voice, pain or unresponsive → 3. */
export const consciousnessPoints = (state: ConsciousnessState): number => (state === 'alert' ? 0 : 3)

const scorers: { [P in News2Parameter]: (value: NonNullable<TriageInput[P]>) => number } = {
  respiratory_rate: respiratoryRatePoints,
  oximetry: oximetryPoints,
  supplemental_oxygen: oxygenPoints,
  temperature_c: temperaturePoints,
  systolic: systolicPoints,
  heart_rate: heartRatePoints,
  consciousness: consciousnessPoints,
}

/** NEWS2's clinical risk of an aggregate score and whether one parameter scored 3. */
export function news2Risk(total: number, anySingleThree: boolean): News2Risk {
  if (total >= 7) return 'high'
  if (total >= 5) return 'medium'
  if (anySingleThree) return 'low-medium'
  return 'low'
}

/** The risk factors for a severe COVID course the patient carries. */
export function riskFactorsOf(
  input: Pick<TriageInput, 'age' | 'chronic_degenerative_diseases' | 'immunocompromises' | 'pregnancy'>,
): RiskFactor[] {
  const factors: RiskFactor[] = []
  if (input.age !== null && input.age >= RISK_AGE) factors.push('age')
  if (input.chronic_degenerative_diseases.length > 0) factors.push('chronic-degenerative-disease')
  if (input.immunocompromises.length > 0) factors.push('immunocompromise')
  if (input.pregnancy === true) factors.push('pregnancy')
  return factors
}

/** One step more urgent, the most urgent staying where it is. */
export function raisedClassification(classification: TriageClassification): TriageClassification {
  const index = TRIAGE_CLASSIFICATIONS.indexOf(classification)
  return TRIAGE_CLASSIFICATIONS[
    Math.min(index + 1, TRIAGE_CLASSIFICATIONS.length - 1)
  ] as TriageClassification
}

/** The proposed triage classification of a consultation's values, with the score behind it. */
export function triageClassification(input: TriageInput): TriageResult {
  const points = {} as Record<News2Parameter, number>
  const missing: News2Parameter[] = []
  for (const parameter of NEWS2_PARAMETERS) {
    const value = input[parameter]
    if (value === null || value === undefined) {
      points[parameter] = 0
      missing.push(parameter)
    } else {
      points[parameter] = (scorers[parameter] as (value: unknown) => number)(value)
    }
  }
  const scores = Object.values(points)
  const total = scores.reduce((sum, p) => sum + p, 0)
  const risk = news2Risk(
    total,
    scores.some((p) => p === 3),
  )
  const risk_factors = riskFactorsOf(input)
  return {
    points,
    total,
    missing,
    risk,
    risk_factors,
    classification: risk_factors.length > 0 ? raisedClassification(risk) : risk,
  }
}
