import { describe, expect, it } from 'vitest'
import { EVOLUTION_MEASURES } from '../contract/schemas/patient-evolution'
import {
  type EvolutionConsultation,
  type EvolutionReading,
  type EvolutionTriage,
  evolutionChartData,
  evolutionNotes,
} from './patient-evolution'

const MEXICO = 'America/Mexico_City'
const doctor = { id: '0193a3b0-0000-7000-8000-00000000d0c1', name: 'Rosa Elena Quintero', title: 'Dra.' }

const consultation = (overrides: Partial<EvolutionConsultation> = {}): EvolutionConsultation => ({
  id: '0193a3b0-0000-7000-8000-000000000c01',
  started_at: '2026-11-10T16:00:00.000Z',
  type: 'follow_up',
  systolic: 146,
  diastolic: 92,
  heart_rate: 78,
  weight_kg: 80,
  height_m: 1.7,
  diagnoses: [{ code: 'I10', name: 'Hipertensión esencial' }],
  subjective: 'Acude a control.',
  objective: null,
  analysis: 'Descontrol leve.',
  plan: '',
  prescriber: doctor,
  ...overrides,
})

const reading = (overrides: Partial<EvolutionReading> = {}): EvolutionReading => ({
  id: '0193a3b0-0000-7000-8000-000000000a01',
  kind: 'blood-pressure',
  taken_at: '2026-11-12T14:00:00.000Z',
  systolic: 130,
  diastolic: 85,
  heart_rate: null,
  ...overrides,
})

const triage = (overrides: Partial<EvolutionTriage> = {}): EvolutionTriage => ({
  id: '0193a3b0-0000-7000-8000-000000000b01',
  consulted_at: '2026-11-11T15:00:00.000Z',
  temperature_c: 38.2,
  oximetry: 93,
  status: 'observation',
  notes: 'Febril, sin disnea.',
  author: { id: doctor.id, name: doctor.name, title: null },
  ...overrides,
})

const november = { from: '2026-11-01', to: '2026-11-30', timeZone: MEXICO }

describe('the evolution chart data', () => {
  it('gives every measure a series, empty for a period with nothing in it', () => {
    const data = evolutionChartData({ consultations: [], triages: [], readings: [] }, november)
    expect(Object.keys(data.series)).toEqual([...EVOLUTION_MEASURES])
    expect(Object.values(data.series).every((points) => points.length === 0)).toBe(true)
    expect(data.consultations).toEqual([])
    expect(data).toMatchObject({ from: '2026-11-01', to: '2026-11-30', time_zone: MEXICO })
  })

  it('puts each value on its measure, oldest first, saying where it comes from', () => {
    const data = evolutionChartData(
      { consultations: [consultation()], triages: [triage()], readings: [reading()] },
      november,
    )
    expect(data.series.systolic).toEqual([
      { at: '2026-11-10T16:00:00.000Z', value: 146, source: 'consultation', record_id: consultation().id },
      { at: '2026-11-12T14:00:00.000Z', value: 130, source: 'reading', record_id: reading().id },
    ])
    expect(data.series.temperature_c).toEqual([
      { at: '2026-11-11T15:00:00.000Z', value: 38.2, source: 'triage', record_id: triage().id },
    ])
    // A missing value (the reading's heart rate) is no point, not a zero.
    expect(data.series.heart_rate.map((point) => point.value)).toEqual([78])
  })

  it('marks the medical consultations with their type and the triages, not the readings', () => {
    const data = evolutionChartData(
      { consultations: [consultation()], triages: [triage()], readings: [reading()] },
      november,
    )
    expect(data.consultations).toEqual([
      { id: consultation().id, at: '2026-11-10T16:00:00.000Z', source: 'consultation', type: 'follow_up' },
      { id: triage().id, at: '2026-11-11T15:00:00.000Z', source: 'triage', type: null },
    ])
  })

  it('works the BMI out from weight and height, and leaves it out without a height', () => {
    const data = evolutionChartData(
      {
        consultations: [consultation()],
        triages: [],
        readings: [
          reading({ kind: 'somatometry', taken_at: '2026-11-13T14:00:00Z', weight_kg: 79, height_m: null }),
        ],
      },
      november,
    )
    expect(data.series.bmi.map((point) => point.value)).toEqual([27.7])
    expect(data.series.weight_kg.map((point) => point.value)).toEqual([80, 79])
  })

  it('reads the days in the time zone given, both ends included', () => {
    // 05:59 UTC on 1 December is still 30 November, 23:59, in central Mexico; 06:00 is December.
    const lastMinute = reading({ id: 'a', taken_at: '2026-12-01T05:59:00Z' })
    const nextDay = reading({ id: 'b', taken_at: '2026-12-01T06:00:00Z' })
    // 06:00 UTC on 1 November is 00:00 there: the first minute of the period. Read in UTC, the
    // period starts and ends six hours earlier.
    const firstMinute = reading({ id: 'c', taken_at: '2026-11-01T06:00:00Z' })
    const before = reading({ id: 'd', taken_at: '2026-11-01T05:59:59Z' })
    const records = { consultations: [], triages: [], readings: [lastMinute, nextDay, firstMinute, before] }
    expect(evolutionChartData(records, november).series.systolic.map((p) => p.record_id)).toEqual(['c', 'a'])
    expect(
      evolutionChartData(records, { ...november, timeZone: 'UTC' }).series.systolic.map((p) => p.record_id),
    ).toEqual(['d', 'c'])
  })

  it("takes PostgreSQL's text form of an instant and answers ISO in UTC", () => {
    const data = evolutionChartData(
      { consultations: [], triages: [], readings: [reading({ taken_at: '2026-11-12 14:00:00+00' })] },
      november,
    )
    expect(data.series.systolic[0]?.at).toBe('2026-11-12T14:00:00.000Z')
  })

  it('leaves out deleted records, instants that name nothing, kinds with no measure and non-numbers', () => {
    const data = evolutionChartData(
      {
        consultations: [consultation({ deleted_at: '2026-11-20T00:00:00Z' })],
        triages: [triage({ consulted_at: 'ayer' })],
        readings: [
          reading({ kind: 'nutrition', water_ml: 2000 } as Partial<EvolutionReading>),
          reading({ kind: 'glucose', glucose: '120' }),
        ],
      },
      november,
    )
    expect(Object.values(data.series).flat()).toEqual([])
    expect(data.consultations).toEqual([])
  })

  it('orders records of the same instant consultation, triage, reading, then by id', () => {
    const at = '2026-11-15T15:00:00.000Z'
    const data = evolutionChartData(
      {
        consultations: [consultation({ id: 'z', started_at: at })],
        triages: [triage({ id: 'y', consulted_at: at, systolic: 120 })],
        readings: [reading({ id: 'b', taken_at: at }), reading({ id: 'a', taken_at: at })],
      },
      november,
    )
    expect(data.series.systolic.map((point) => point.record_id)).toEqual(['z', 'y', 'a', 'b'])
  })
})

describe('the evolution notes', () => {
  it("lists each consultation's SOAP and each triage's note, newest first", () => {
    const notes = evolutionNotes({
      consultations: [consultation(), consultation({ id: 'older', started_at: '2026-10-01T16:00:00Z' })],
      triages: [triage()],
    })
    expect(notes.map((note) => note.id)).toEqual([triage().id, consultation().id, 'older'])
    expect(notes[1]).toEqual({
      source: 'consultation',
      id: consultation().id,
      at: '2026-11-10T16:00:00.000Z',
      type: 'follow_up',
      diagnoses: [{ code: 'I10', name: 'Hipertensión esencial' }],
      subjective: 'Acude a control.',
      objective: null,
      analysis: 'Descontrol leve.',
      // An empty part is no part.
      plan: null,
      notes: null,
      triage_status: null,
      author: doctor,
    })
    expect(notes[0]).toMatchObject({
      source: 'triage',
      notes: 'Febril, sin disnea.',
      triage_status: 'observation',
    })
  })

  it('leaves out a triage without a note and deleted consultations', () => {
    const notes = evolutionNotes({
      consultations: [consultation({ deleted_at: '2026-11-20T00:00:00Z' })],
      triages: [triage({ notes: '  ' }), triage({ id: 'none', notes: null })],
    })
    expect(notes).toEqual([])
  })

  it('keeps to the period when one is given', () => {
    const notes = evolutionNotes(
      {
        consultations: [consultation(), consultation({ id: 'older', started_at: '2026-10-31T16:00:00Z' })],
        triages: [],
      },
      november,
    )
    expect(notes.map((note) => note.id)).toEqual([consultation().id])
  })
})
