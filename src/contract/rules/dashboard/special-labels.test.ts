import { describe, expect, it } from 'vitest'
import { pregnancyCount } from './pregnancy'
import { specialLabelCounts } from './special-labels'

const labels = [
  { id: 'preg', icon: 'pregnancy', sublabels: [{ id: 't1' }, { id: 't2' }] },
  { id: 'chronic', icon: 'heart', sublabels: [{ id: 'dm' }, { id: 'hta' }] },
  { id: 'empty', icon: 'flag', sublabels: [{ id: 'nobody' }] },
]
const patients = [
  { id: 'a', special_sublabel_ids: ['t1'] },
  { id: 'b', special_sublabel_ids: ['dm', 'hta', 'gone'] },
  { id: 'c', special_sublabel_ids: ['dm', 'dm'] },
  { id: 'out', special_sublabel_ids: ['t2', 'dm'] },
]
const scope = new Set(['a', 'b', 'c', 'd'])

describe('specialLabelCounts', () => {
  it('counts patients per sublabel and per label (a patient once per label), in catalogue order', () => {
    expect(specialLabelCounts(labels, patients, scope)).toEqual([
      {
        label_id: 'preg',
        patients: 1,
        sublabels: [
          { sublabel_id: 't1', patients: 1 },
          { sublabel_id: 't2', patients: 0 },
        ],
      },
      {
        label_id: 'chronic',
        patients: 2,
        sublabels: [
          { sublabel_id: 'dm', patients: 2 },
          { sublabel_id: 'hta', patients: 1 },
        ],
      },
      { label_id: 'empty', patients: 0, sublabels: [{ sublabel_id: 'nobody', patients: 0 }] },
    ])
  })
})

describe('pregnancyCount', () => {
  const today = '2026-06-30'
  it('counts the pregnancy labels and a recent "yes" at triage, each patient once', () => {
    const triage = [
      { patient_id: 'a', day: '2026-06-01', pregnancy: true }, // also labelled
      { patient_id: 'b', day: '2026-06-30', pregnancy: true },
      { patient_id: 'c', day: '2026-06-30', pregnancy: false },
      { patient_id: 'out', day: '2026-06-30', pregnancy: true },
    ]
    expect(pregnancyCount(labels, patients, triage, scope, today)).toEqual({
      total: 2,
      labelled: 1,
      reported_at_triage: 2,
      sublabels: [
        { sublabel_id: 't1', patients: 1 },
        { sublabel_id: 't2', patients: 0 },
      ],
    })
  })

  it('lets a triage answer count for 280 days, the 280th day after no longer', () => {
    const at = (day: string) =>
      pregnancyCount([], [], [{ patient_id: 'd', day, pregnancy: true }], scope, today)
    expect(at('2025-09-24').reported_at_triage).toBe(1) // 279 days before
    expect(at('2025-09-23').reported_at_triage).toBe(0) // 280 days before
  })
})
