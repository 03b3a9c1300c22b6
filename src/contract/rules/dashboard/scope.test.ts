import { describe, expect, it } from 'vitest'
import {
  codeUnitOrder,
  type DashboardFilter,
  dashboardFilterOf,
  dayInPeriod,
  NO_FILTER,
  patientsInScope,
} from './scope'

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

describe('dashboardFilterOf', () => {
  const labels = [{ id: 'L', sublabels: [{ id: 's1' }, { id: 's2' }] }]
  const zone = 'UTC'

  it('resolves a label to its live sublabels, and a sublabel narrows it', () => {
    expect(dashboardFilterOf({ special_label: 'L' }, labels, zone).sublabels).toEqual(['s1', 's2'])
    expect(dashboardFilterOf({ special_label: 'L', sublabel: 's2' }, labels, zone).sublabels).toEqual(['s2'])
    expect(dashboardFilterOf({ sublabel: 's9' }, labels, zone).sublabels).toEqual(['s9'])
  })

  it('matches nobody for an unknown label or a sublabel of another label', () => {
    expect(dashboardFilterOf({ special_label: 'X' }, labels, zone).sublabels).toEqual([])
    expect(dashboardFilterOf({ special_label: 'L', sublabel: 's9' }, labels, zone).sublabels).toEqual([])
  })

  it('leaves the period open and the filters off when the query has none', () => {
    expect(dashboardFilterOf({}, labels, zone)).toEqual({ ...NO_FILTER, timeZone: zone })
  })
})
