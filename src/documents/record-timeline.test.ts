import { describe, expect, it } from 'vitest'
import { DIGITAL_RECORD_KINDS } from '../contract/schemas/digital-record'
import { exampleDigitalRecord, exampleRecordContext } from './digital-record-example'
import {
  filterTimeline,
  NO_TIMELINE_FILTER,
  TIMELINE_KINDS,
  type TimelineEntry,
  timelineOf,
} from './record-timeline'
import { latestPregnancy, latestVitalSigns } from './record-vital-signs'

const words = (language: 'es' | 'en' = 'es') => {
  const { timeZone, names } = exampleRecordContext(language)
  return { language, timeZone, names }
}

describe('the timeline’s registry', () => {
  it('has one entry for every kind the contract names, each with its own table and entities', () => {
    expect(TIMELINE_KINDS.map((kind) => kind.kind)).toEqual([...DIGITAL_RECORD_KINDS])
    expect(new Set(TIMELINE_KINDS.map((kind) => kind.table)).size).toBe(TIMELINE_KINDS.length)
    const entities = TIMELINE_KINDS.flatMap((kind) => kind.entities)
    expect(new Set(entities).size).toBe(entities.length)
  })

  it('opens each record on a screen of the app with its own parameters', () => {
    const record = exampleDigitalRecord(10)
    for (const kind of TIMELINE_KINDS) {
      for (const row of record.records[kind.kind]) {
        const view = kind.view(row)
        const names = [...view.to.matchAll(/\$(\w+)/g)].map((match) => match[1])
        expect(Object.keys(view.params).sort(), kind.kind).toEqual([...names].sort())
        expect(
          Object.values(view.params).every((value) => value.length > 0),
          kind.kind,
        ).toBe(true)
      }
    }
  })
})

describe('a patient’s timeline', () => {
  it('puts every live record newest first, each dated in the zone (days without a time)', () => {
    const timeline = timelineOf(exampleDigitalRecord(12).records, words())
    expect(timeline).toHaveLength(12)
    const keys = timeline.map((entry) => `${entry.day} ${entry.time ?? ''}`)
    expect(keys).toEqual([...keys].sort().reverse())
    const triage = timeline.find((entry) => entry.kind === 'triage') as TimelineEntry
    // 15:10 UTC is 09:10 in central Mexico.
    expect(triage.time).toBe('09:10')
    const dose = timeline.find((entry) => entry.kind === 'vaccination') as TimelineEntry
    expect(dose.time).toBeNull()
    expect(dose.title).toMatch(/^Td \(tétanos y difteria\) · /)
  })

  it('leaves deleted records out', () => {
    const record = exampleDigitalRecord(10)
    const [first] = record.records.consultation
    record.records.consultation = [{ ...first, deleted_at: '2026-11-20 10:00:00+00' }]
    expect(timelineOf(record.records, words()).some((entry) => entry.kind === 'consultation')).toBe(false)
  })

  it('words each record in the language asked for', () => {
    const record = exampleDigitalRecord(10)
    const es = timelineOf(record.records, words('es'))
    const en = timelineOf(record.records, words('en'))
    const consultation = (entries: TimelineEntry[]) =>
      entries.find((entry) => entry.kind === 'consultation') as TimelineEntry
    expect(consultation(es).title).toBe('Enfermedad general · Subsecuente, presencial')
    expect(consultation(en).title).toBe('Enfermedad general · Follow-up, on-site')
    expect(consultation(es).lines[0]).toBe(
      'Diagnósticos: M545 Lumbago no especificado; J00 Rinofaringitis aguda [resfriado común]',
    )
    expect(consultation(es).lines.at(-1)).toBe('Médico: Dra. Ana Sofía López Ruiz')
  })
})

describe('the timeline’s filter', () => {
  const timeline = timelineOf(exampleDigitalRecord(20).records, words())

  it('shows everything with no filter', () => {
    expect(filterTimeline(timeline, NO_TIMELINE_FILTER)).toEqual(timeline)
  })

  it('keeps only the chosen kinds', () => {
    const shown = filterTimeline(timeline, { ...NO_TIMELINE_FILTER, kinds: ['consultation', 'triage'] })
    expect(shown.length).toBeGreaterThan(0)
    expect(new Set(shown.map((entry) => entry.kind))).toEqual(new Set(['consultation', 'triage']))
    expect(shown).toEqual(timeline.filter((entry) => ['consultation', 'triage'].includes(entry.kind)))
  })

  it('keeps a period’s days, both ends included', () => {
    // One record every four days back from 2026-11-23: the 19th, 15th, 11th, 7th…
    const shown = filterTimeline(timeline, { kinds: [], from: '2026-11-07', to: '2026-11-15' })
    expect(shown.map((entry) => entry.day)).toEqual(['2026-11-15', '2026-11-11', '2026-11-07'])
    expect(filterTimeline(timeline, { kinds: [], from: '2026-11-16', to: '2026-11-18' })).toEqual([])
    expect(
      filterTimeline(timeline, { kinds: [], from: null, to: '2026-10-01' }).every(
        (e) => e.day <= '2026-10-01',
      ),
    ).toBe(true)
  })

  it('combines the kinds and the period', () => {
    const shown = filterTimeline(timeline, { kinds: ['vaccination'], from: '2026-10-01', to: null })
    expect(shown.every((entry) => entry.kind === 'vaccination' && entry.day >= '2026-10-01')).toBe(true)
    expect(shown.length).toBeGreaterThan(0)
  })
})

describe('the rules over the timeline', () => {
  it('takes each vital sign’s latest value, whichever record took it', () => {
    const timeline = timelineOf(exampleDigitalRecord(10).records, words())
    const latest = new Map(latestVitalSigns(timeline).map((sign) => [sign.sign, sign]))
    // The triage of the 19th took the temperature; only consultations take the glucose.
    expect(latest.get('temperature_c')).toMatchObject({ value: 37.4, kind: 'triage', day: '2026-11-19' })
    expect(latest.get('glucose')).toMatchObject({ value: 98, kind: 'consultation' })
    expect([...latest.keys()][0]).toBe('weight_kg')
  })

  it('gives the latest answer about a pregnancy, if any record gave one', () => {
    const record = exampleDigitalRecord(10)
    expect(latestPregnancy(timelineOf(record.records, words()))).toEqual({
      pregnant: false,
      day: '2026-11-19',
    })
    record.records.triage = record.records.triage.map((row, index) => ({ ...row, pregnancy: index === 0 }))
    expect(latestPregnancy(timelineOf(record.records, words()))).toEqual({
      pregnant: true,
      day: '2026-11-19',
    })
    record.records.triage = []
    expect(latestPregnancy(timelineOf(record.records, words()))).toBeNull()
  })
})
