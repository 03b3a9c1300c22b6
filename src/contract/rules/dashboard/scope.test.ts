import { describe, expect, it } from 'vitest'
import { codeUnitOrder, type DashboardFilter, dayInPeriod, NO_FILTER, patientsInScope } from './scope'

const filter = (over: Partial<DashboardFilter> = {}): DashboardFilter => ({
  ...NO_FILTER,
  timeZone: 'America/Mexico_City',
  ...over,
})
const patient = (
  id: string,
  subgroups: string[] = [],
  labels: string[] = [],
  deleted_at: string | null = null,
) => ({
  id,
  subgroups,
  special_sublabel_ids: labels,
  deleted_at,
})

describe('the dashboard scope', () => {
  const patients = [
    patient('a', ['s1'], ['l1']),
    patient('b', ['s2'], ['l2', 'l1']),
    patient('c', [], [], '2026-01-01'),
  ]

  it('keeps every live patient without filters, never a deleted one', () => {
    expect([...patientsInScope(patients, filter())]).toEqual(['a', 'b'])
  })

  it('narrows by a subgroup item and by any of the sublabels', () => {
    expect([...patientsInScope(patients, filter({ subgroup: 's2' }))]).toEqual(['b'])
    expect([...patientsInScope(patients, filter({ sublabels: ['l2', 'x'] }))]).toEqual(['b'])
    expect([...patientsInScope(patients, filter({ sublabels: ['l1'], subgroup: 's1' }))]).toEqual(['a'])
  })

  it('matches nobody for a label without live sublabels', () => {
    expect(patientsInScope(patients, filter({ sublabels: [] })).size).toBe(0)
  })

  it('includes both ends of the period, and open ends', () => {
    const period = { from: '2026-03-01', to: '2026-03-31' }
    expect(dayInPeriod('2026-03-01', period)).toBe(true)
    expect(dayInPeriod('2026-03-31', period)).toBe(true)
    expect(dayInPeriod('2026-02-28', period)).toBe(false)
    expect(dayInPeriod('2026-04-01', period)).toBe(false)
    expect(dayInPeriod('1990-01-01', { from: null, to: '2026-01-01' })).toBe(true)
  })

  it('orders by code units, as collate "C" does (upper case before lower, digits first)', () => {
    expect(['b', 'B', 'a', '1'].sort(codeUnitOrder)).toEqual(['1', 'B', 'a', 'b'])
  })
})
