import { describe, expect, it } from 'vitest'
import { lostDaysFigures } from './lost-days'

const span = (
  id: string,
  patient: string,
  type: string,
  start: string,
  end: string,
  deleted_at: string | null = null,
) => ({
  id,
  patient_id: patient,
  type_id: type,
  start_date: start,
  end_date: end,
  deleted_at,
})

describe('lostDaysFigures', () => {
  const disabilities = [
    span('d1', 'a', 'sick', '2026-01-30', '2026-02-02'), // 2 days in January, 2 in February
    span('d2', 'a', 'risk', '2026-02-01', '2026-02-05'), // overlaps d1 on 1–2 Feb: 3 days of its own
    span('d3', 'b', 'sick', '2026-02-10', '2026-02-10'),
    span('d4', 'b', 'sick', '2026-02-11', '2026-02-20', '2026-02-12T00:00:00Z'),
    span('d5', 'out', 'sick', '2026-02-10', '2026-02-20'),
  ]
  const scope = new Set(['a', 'b'])
  // Each patient with their live disabilities, as the rules take them.
  const patients = ['a', 'b', 'out'].map((id) => ({
    id,
    disabilities: disabilities.filter((d) => d.patient_id === id && !d.deleted_at),
  }))

  it('counts overlaps once, splits by month and by type', () => {
    expect(lostDaysFigures(patients, scope, { from: null, to: null })).toEqual({
      total_days: 8,
      patients: 2,
      types: [
        { type_id: 'sick', days: 5 },
        { type_id: 'risk', days: 3 },
      ],
      months: [
        { month: '2026-01', type_id: 'sick', days: 2 },
        { month: '2026-02', type_id: 'risk', days: 3 },
        { month: '2026-02', type_id: 'sick', days: 3 },
      ],
    })
  })

  it('counts only the days within the period, both ends included', () => {
    const february = lostDaysFigures(patients, scope, { from: '2026-02-01', to: '2026-02-03' })
    expect(february.total_days).toBe(3)
    expect(february.types).toEqual([
      { type_id: 'sick', days: 2 },
      { type_id: 'risk', days: 1 },
    ])
    expect(lostDaysFigures(patients, scope, { from: '2026-02-10', to: null }).total_days).toBe(1)
  })
})
