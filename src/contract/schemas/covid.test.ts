import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  CreateTriageConsultationRequest,
  ReclassificationRequest,
  TriageFilterQuery,
  triageOf,
} from './covid'

const consultation = {
  id: '0193a3b0-0000-7000-8000-000000000001',
  consulted_at: '2026-11-20T16:00:00.000Z',
  status: 'observation',
  respiratory_rate: 16,
  oximetry: 98,
  supplemental_oxygen: 'room-air',
  temperature_c: 36.8,
  systolic: 120,
  heart_rate: 72,
  consciousness: 'alert',
  proposed_classification: 'low',
  classification: 'low',
}

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

describe('a triage consultation', () => {
  it('takes the fields with their defaults', () => {
    const parsed = v.parse(CreateTriageConsultationRequest, consultation)
    expect([parsed.symptoms, parsed.pregnancy, parsed.notes, parsed.override_reason]).toEqual([
      [],
      null,
      null,
      null,
    ])
  })

  it('refuses an override without its reason, on override_reason', () => {
    expect(issuesOf(CreateTriageConsultationRequest, { ...consultation, classification: 'high' })).toEqual([
      ['override_reason', 'covid.overrideReasonRequired'],
    ])
    expect(
      issuesOf(CreateTriageConsultationRequest, {
        ...consultation,
        classification: 'high',
        override_reason: 'Disnea',
      }),
    ).toEqual([])
  })

  it('refuses a quarantine that ends before it starts, on its end', () => {
    expect(
      issuesOf(CreateTriageConsultationRequest, {
        ...consultation,
        quarantine_start_date: '2026-11-20',
        quarantine_end_date: '2026-11-19',
      }),
    ).toEqual([['quarantine_end_date', 'covid.quarantineEndBeforeStart']])
  })

  it('refuses vital signs out of their SPEC §5 ranges and unknown picklist values', () => {
    const paths = issuesOf(CreateTriageConsultationRequest, {
      ...consultation,
      oximetry: 48,
      respiratory_rate: 31,
      temperature_c: 42.5,
      status: 'unknown',
    }).map(([path]) => path)
    expect(paths).toEqual(['status', 'temperature_c', 'oximetry', 'respiratory_rate'])
  })

  it('counts the age on the consultation day: 60 on the birthday raises the proposal', () => {
    const fields = v.parse(CreateTriageConsultationRequest, consultation)
    expect(triageOf(fields, '1966-11-21').classification).toBe('low')
    expect(triageOf(fields, '1966-11-20').classification).toBe('low-medium')
    expect(triageOf(fields, null).risk_factors).toEqual([])
  })
})

describe('a reclassification and the triage filters', () => {
  it('a reclassification needs its reason', () => {
    expect(
      issuesOf(ReclassificationRequest, {
        id: consultation.id,
        reclassified_at: consultation.consulted_at,
        classification: 'high',
        reason: ' ',
      }),
    ).toEqual([['reason', 'field.required']])
  })

  it('filters take comma-separated codes and refuse a range that ends before it starts', () => {
    expect(v.parse(TriageFilterQuery, { statuses: 'observation,recovered' }).statuses).toEqual([
      'observation',
      'recovered',
    ])
    expect(issuesOf(TriageFilterQuery, { statuses: 'observation,nope' })[0]?.[1]).toBe('field.picklist')
    expect(issuesOf(TriageFilterQuery, { from: '2026-11-20', to: '2026-11-19' })).toEqual([
      ['to', 'covid.rangeEndBeforeStart'],
    ])
  })
})
