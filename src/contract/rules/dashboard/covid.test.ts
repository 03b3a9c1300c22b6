import { describe, expect, it } from 'vitest'
import { covidCounts, type DashboardTriageConsultation, lastTriageConsultations } from './covid'
import { NO_FILTER } from './scope'

const zone = 'America/Mexico_City'
type Row = DashboardTriageConsultation & { patient_id: string; deleted_at?: string }
const row = (id: string, patient: string, at: string, status: string): Row => ({
  id,
  patient_id: patient,
  consulted_at: at,
  status,
  pregnancy: null,
})

describe('the COVID item', () => {
  const rows = [
    row('t1', 'a', '2026-03-01T16:00:00Z', 'suspicious'),
    row('t2', 'a', '2026-03-05T16:00:00Z', 'recovered'),
    // Same instant: the higher id is the latest.
    row('t3', 'b', '2026-03-05T16:00:00Z', 'observation'),
    row('t4', 'b', '2026-03-05T16:00:00Z', 'hospitalized'),
    { ...row('t5', 'c', '2026-03-09T16:00:00Z', 'deceased'), deleted_at: '2026-03-10T00:00:00Z' },
    row('t6', 'c', '2026-02-28T16:00:00Z', 'observation'),
    row('t7', 'z', '2026-03-05T16:00:00Z', 'observation'),
  ]
  const scope = new Set(['a', 'b', 'c'])
  // Each patient with their live consultations, as the rules take them.
  const patients = ['a', 'b', 'c', 'z'].map((id) => ({
    id,
    triage: rows.filter((r) => r.patient_id === id && !r.deleted_at),
  }))

  it('takes each patient’s latest live consultation in scope', () => {
    const last = lastTriageConsultations(patients, scope, zone)
    expect(last.map((r) => [r.patient_id, r.consultation_id, r.status])).toEqual([
      ['a', 't2', 'recovered'],
      ['b', 't4', 'hospitalized'],
      ['c', 't6', 'observation'],
    ])
  })

  it('counts by status when the latest consultation is in the period', () => {
    const last = lastTriageConsultations(patients, scope, zone)
    const march = covidCounts(last, {
      ...NO_FILTER,
      period: { from: '2026-03-01', to: '2026-03-31' },
      timeZone: zone,
    })
    expect(march).toMatchObject({ recovered: 1, hospitalized: 1, observation: 0, total: 2 })
    expect(covidCounts(last, { ...NO_FILTER, timeZone: zone })).toMatchObject({ observation: 1, total: 3 })
  })
})
