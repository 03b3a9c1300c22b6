import { bodyMassIndex } from '../contract/rules/vital-ranges'
import type { Diagnosis, EncounterType } from '../contract/schemas/encounters'
import {
  EVOLUTION_MEASURES,
  type EvolutionChartData,
  type EvolutionMark,
  type EvolutionMeasure,
  type EvolutionNoteAuthor,
  type EvolutionPoint,
  type EvolutionSource,
  type PatientEvolutionNote,
} from '../contract/schemas/patient-evolution'
import { parseInstant, zonedDayAndTime } from './zoned-time'

/**
 * A patient's evolution (issue 24, decision 0034): the measures over time and the evolution notes,
 * from the patient's consultations, COVID triages and readings. The device runs these over its
 * cache (offline), the server's `GET /patients/chart-data` and `GET /patients/notes-evolution/{id}`
 * over its tables; both hand in the rows as the API and the change feed answer them, so both
 * answer the same. Plain data in, plain data out.
 */

/** A record's author as the API answers it (a consultation's prescriber, a triage's author). */
interface Author {
  id: string
  name: string
  title?: string | null
}

type Measured = { [K in EvolutionMeasure]?: unknown }

/** A medical consultation, as far as the evolution goes. */
export interface EvolutionConsultation extends Measured {
  id: string
  started_at: string
  type?: unknown
  height_m?: unknown
  diagnoses?: readonly Pick<Diagnosis, 'code' | 'name'>[] | null
  subjective?: unknown
  objective?: unknown
  analysis?: unknown
  plan?: unknown
  prescriber?: Author | null
  deleted_at?: string | null
}

/** A COVID triage consultation, as far as the evolution goes. */
export interface EvolutionTriage extends Measured {
  id: string
  consulted_at: string
  height_m?: unknown
  status?: unknown
  notes?: unknown
  author?: Author | null
  deleted_at?: string | null
}

/** A reading of any kind; only blood pressure, glucose and somatometry carry measures. */
export interface EvolutionReading extends Measured {
  id: string
  kind: string
  taken_at: string
  height_m?: unknown
  deleted_at?: string | null
}

export interface EvolutionRecords {
  consultations: readonly EvolutionConsultation[]
  triages: readonly EvolutionTriage[]
  readings: readonly EvolutionReading[]
}

/** The days shown (YYYY-MM-DD, both included) and the zone they are read in. */
export interface EvolutionPeriod {
  from: string
  to: string
  timeZone: string
}

/** What each reading kind measures; the others (nutrition, habits) are not on these charts. */
const READING_MEASURES: Readonly<Record<string, readonly EvolutionMeasure[]>> = {
  'blood-pressure': ['systolic', 'diastolic', 'heart_rate'],
  glucose: ['glucose'],
  somatometry: [
    'weight_kg',
    'bmi',
    'waist_cm',
    'hip_cm',
    'temperature_c',
    'oximetry',
    'heart_rate',
    'respiratory_rate',
  ],
}

/** Order of the sources at one instant, so both sides list ties alike. */
const SOURCE_ORDER: Record<EvolutionSource, number> = { consultation: 0, triage: 1, reading: 2 }

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

/** A measure of a record; BMI is always worked out from its weight and height, never read. */
function measureOf(record: Measured & { height_m?: unknown }, measure: EvolutionMeasure): number | null {
  if (measure === 'bmi') return bodyMassIndex(numberOf(record.weight_kg), numberOf(record.height_m))
  return numberOf(record[measure])
}

/** The instant as ISO in UTC, or null when it names none. */
function isoOf(text: string): string | null {
  const at = parseInstant(text)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

function inPeriod(iso: string, period: EvolutionPeriod | undefined): boolean {
  if (!period) return true
  const { day } = zonedDayAndTime(new Date(iso), period.timeZone)
  return day >= period.from && day <= period.to
}

const byTime = <T extends { at: string; source: EvolutionSource }>(a: T, b: T, idA: string, idB: string) =>
  a.at.localeCompare(b.at) || SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] || idA.localeCompare(idB)

/** A record on the time line: when, where from, and the values it carries. */
interface Timed {
  at: string
  source: EvolutionSource
  id: string
  record: Measured & { height_m?: unknown }
  measures: readonly EvolutionMeasure[]
}

function timeline(records: EvolutionRecords, period: EvolutionPeriod | undefined): Timed[] {
  const found: Timed[] = []
  const add = (
    text: string,
    source: EvolutionSource,
    record: Timed['record'] & { id: string; deleted_at?: string | null },
    measures: readonly EvolutionMeasure[],
  ) => {
    if (record.deleted_at) return
    const at = isoOf(text)
    if (at === null || !inPeriod(at, period)) return
    found.push({ at, source, id: record.id, record, measures })
  }
  for (const row of records.consultations) add(row.started_at, 'consultation', row, EVOLUTION_MEASURES)
  for (const row of records.triages) add(row.consulted_at, 'triage', row, EVOLUTION_MEASURES)
  for (const row of records.readings) {
    const measures = READING_MEASURES[row.kind]
    if (measures) add(row.taken_at, 'reading', row, measures)
  }
  return found.sort((a, b) => byTime(a, b, a.id, b.id))
}

/**
 * Every measure's values within the period, oldest first, and the consultations (medical and
 * triage) on the time axis. A record adds a point to each measure it holds a number for; a period
 * with nothing in it answers empty series, never an error.
 */
export function evolutionChartData(records: EvolutionRecords, period: EvolutionPeriod): EvolutionChartData {
  const series = Object.fromEntries(EVOLUTION_MEASURES.map((measure) => [measure, []])) as unknown as Record<
    EvolutionMeasure,
    EvolutionPoint[]
  >
  const consultations: EvolutionMark[] = []
  for (const { at, source, id, record, measures } of timeline(records, period)) {
    for (const measure of measures) {
      const value = measureOf(record, measure)
      if (value !== null) series[measure].push({ at, value, source, record_id: id })
    }
    if (source !== 'reading') {
      consultations.push({ id, at, source, type: source === 'consultation' ? typeOf(record) : null })
    }
  }
  return { from: period.from, to: period.to, time_zone: period.timeZone, series, consultations }
}

function typeOf(record: unknown): EncounterType | null {
  const type = (record as { type?: unknown }).type
  return type === 'initial' || type === 'follow_up' ? type : null
}

const authorOf = (author: Author | null | undefined): EvolutionNoteAuthor | null =>
  author ? { id: author.id, name: author.name, title: author.title ?? null } : null

/**
 * The evolution notes, newest first: every medical consultation's note (its SOAP and diagnoses)
 * and every COVID triage that has a note; within the period when one is given.
 */
export function evolutionNotes(
  records: Pick<EvolutionRecords, 'consultations' | 'triages'>,
  period?: EvolutionPeriod,
): PatientEvolutionNote[] {
  const notes: PatientEvolutionNote[] = []
  for (const row of records.consultations) {
    const at = isoOf(row.started_at)
    if (row.deleted_at || at === null || !inPeriod(at, period)) continue
    notes.push({
      source: 'consultation',
      id: row.id,
      at,
      type: typeOf(row),
      diagnoses: (row.diagnoses ?? []).map(({ code, name }) => ({ code, name })),
      subjective: textOf(row.subjective),
      objective: textOf(row.objective),
      analysis: textOf(row.analysis),
      plan: textOf(row.plan),
      notes: null,
      triage_status: null,
      author: authorOf(row.prescriber),
    })
  }
  for (const row of records.triages) {
    const at = isoOf(row.consulted_at)
    const text = textOf(row.notes)
    if (row.deleted_at || at === null || text === null || !inPeriod(at, period)) continue
    notes.push({
      source: 'triage',
      id: row.id,
      at,
      type: null,
      diagnoses: [],
      subjective: null,
      objective: null,
      analysis: null,
      plan: null,
      notes: text,
      triage_status: textOf(row.status),
      author: authorOf(row.author),
    })
  }
  return notes.sort((a, b) => byTime(b, a, b.id, a.id))
}
