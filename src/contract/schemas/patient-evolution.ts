import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { TimeZoneName } from './bounded'
import type { Diagnosis, EncounterType } from './encounters'

/**
 * A patient's evolution (SPEC §2 `/digital-record/patient-evolution/{patient_id}`, §7
 * `notes-evolution` and `chart-data`; issue 24). Nothing new is recorded here: an evolution note is
 * the note a professional writes at each consultation (NOM-004's "nota de evolución": the SOAP of a
 * medical consultation, the note of a COVID triage), and the measures over time are the vital
 * signs those consultations took and the patient's readings (decision 0034).
 */

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/**
 * GET /patients/chart-data: one patient's measures from one day to another (YYYY-MM-DD, both
 * included), the days read in `time_zone` — the device passes its own to get the very series it
 * draws offline; without it, the server's (central Mexico).
 */
export const ChartDataQuery = v.pipe(
  v.object({
    patient_id: Id,
    from: IsoDay,
    to: IsoDay,
    time_zone: v.optional(TimeZoneName),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], (query) => query.from <= query.to, 'field.date_range'),
    ['to'],
  ),
)
export type ChartDataQuery = v.InferOutput<typeof ChartDataQuery>

/** GET /patients/notes-evolution/{id}: `{id}` is the patient's. */
export const NotesEvolutionParams = v.object({ id: Id })

/** What each chart of the evolution plots, SI units as stored (BMI computed, never stored). */
export const EVOLUTION_MEASURES = [
  'temperature_c',
  'heart_rate',
  'respiratory_rate',
  'oximetry',
  'systolic',
  'diastolic',
  'glucose',
  'weight_kg',
  'bmi',
  'waist_cm',
  'hip_cm',
] as const
export type EvolutionMeasure = (typeof EVOLUTION_MEASURES)[number]

/** Where a value was taken: a medical consultation, a COVID triage or a reading (self-tracking). */
export const EVOLUTION_SOURCES = ['consultation', 'triage', 'reading'] as const
export type EvolutionSource = (typeof EVOLUTION_SOURCES)[number]

/** One value of a measure, with the record it comes from. */
export interface EvolutionPoint {
  /** ISO 8601 in UTC. */
  at: string
  value: number
  source: EvolutionSource
  record_id: string
}

/** A consultation on the time axis (a medical consultation or a COVID triage). */
export interface EvolutionMark {
  id: string
  at: string
  source: Exclude<EvolutionSource, 'reading'>
  /** A medical consultation's type; null for a triage. */
  type: EncounterType | null
}

/** GET /patients/chart-data: every measure's points oldest first, and the consultations marked. */
export interface EvolutionChartData {
  from: string
  to: string
  time_zone: string
  series: Record<EvolutionMeasure, EvolutionPoint[]>
  consultations: EvolutionMark[]
}

/** Who wrote a note, as the notes show them. */
export interface EvolutionNoteAuthor {
  id: string
  name: string
  title: string | null
}

/** GET /patients/notes-evolution/{id}: one evolution note, newest first in the list. */
export interface PatientEvolutionNote {
  source: Exclude<EvolutionSource, 'reading'>
  /** The consultation's id. */
  id: string
  at: string
  /** A medical consultation's type; null for a triage. */
  type: EncounterType | null
  /** A medical consultation's diagnoses; none for a triage. */
  diagnoses: Pick<Diagnosis, 'code' | 'name'>[]
  subjective: string | null
  objective: string | null
  analysis: string | null
  plan: string | null
  /** A triage's note and the COVID status it recorded; null for a medical consultation. */
  notes: string | null
  triage_status: string | null
  author: EvolutionNoteAuthor | null
}
