import { describe, expect, it } from 'vitest'
import type { LocalDashboardSummary } from './dashboard-summary'
import { dashboardSummaryCodec } from './dashboard-summary-pack'

const present: LocalDashboardSummary = {
  patient_id: 'p1',
  patient: {
    id: 'p1',
    name: 'Rosa López',
    subgroups: ['shift-a'],
    special_sublabel_ids: ['t1', 'chronic'],
    hire_date: '2020-01-15',
    exam_frequency: '1-year',
    birth_date: '1985-03-17',
    biological_sex: 'F',
    occupational_risks: ['biological'],
  },
  doses: [
    { vaccineId: 'td', doseNumber: 1, applicationDate: '2026-01-01', booster: false },
    { vaccineId: 'td', doseNumber: 2, applicationDate: '2026-02-01', booster: true },
  ],
  last_exam_on: '2026-01-01',
  exam_due_day: 20_819,
  triage: [
    { id: 't-1', consulted_at: '2026-03-01T16:00:00.000Z', status: 'observation', pregnancy: true },
    { id: 't-2', consulted_at: '2026-03-05T16:00:00.000Z', status: 'recovered', pregnancy: null },
    { id: 't-3', consulted_at: '2026-03-06T16:00:00.000Z', status: 'recovered', pregnancy: false },
  ],
  disabilities: [{ id: 'd-1', type_id: 'sick', start_date: '2026-01-01', end_date: '2026-01-05' }],
}

/** Records that came before their patient, and a patient without any of the optional fields. */
const absent: LocalDashboardSummary = {
  patient_id: 'p2',
  patient: null,
  doses: [{ vaccineId: 'flu', doseNumber: 1, applicationDate: '2026-01-01', booster: false }],
  last_exam_on: null,
  exam_due_day: null,
  triage: [],
  disabilities: [],
}
const bare: LocalDashboardSummary = {
  patient_id: 'p3',
  patient: {
    id: 'p3',
    name: 'José Pérez',
    subgroups: [],
    special_sublabel_ids: [],
    hire_date: null,
    exam_frequency: null,
    birth_date: '',
    biological_sex: null,
    occupational_risks: [],
  },
  doses: [],
  last_exam_on: null,
  exam_due_day: null,
  triage: [],
  disabilities: [],
}

describe('the dashboard’s packs', () => {
  it('give back the rows they were written with', () => {
    const rows = [present, absent, bare]
    expect(dashboardSummaryCodec.unpack(dashboardSummaryCodec.pack(rows))).toEqual(rows)
    expect(dashboardSummaryCodec.unpack(dashboardSummaryCodec.pack([]))).toEqual([])
  })

  it('write each repeated text once', () => {
    const text = dashboardSummaryCodec.pack([present, { ...present, patient_id: 'p4' }])
    expect(text.split('2026-01-01').length - 1).toBe(1)
    expect(text.split('shift-a').length - 1).toBe(1)
    expect(text.length).toBeLessThan(JSON.stringify([present, present]).length / 2)
  })
})
