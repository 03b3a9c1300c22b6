import { describe, expect, it } from 'vitest'
import type { LastTriage } from './covid'
import { DISABILITY_ENDING_DAYS, dashboardTasks } from './tasks'

const today = '2026-06-15'
const triage = (patient: string, status: string, day: string): LastTriage => ({
  patient_id: patient,
  consultation_id: `t-${patient}`,
  status,
  pregnancy: null,
  day,
})
const disability = (id: string, end: string) => ({
  id,
  type_id: 'sick',
  start_date: '2026-06-01',
  end_date: end,
})

describe('the professional’s tasks', () => {
  const scope = new Set(['a', 'b', 'c', 'd'])
  const tasks = dashboardTasks({
    examStates: new Map([
      ['c', 'expired'],
      ['a', 'due_soon'],
      ['b', 'applied'],
      ['d', 'never_examined'],
      ['z', 'expired'],
    ]),
    vaccinationStates: [
      { patient_id: 'b', status: 'incomplete', overdueCount: 1 },
      { patient_id: 'a', status: 'incomplete', overdueCount: 0 },
      { patient_id: 'z', status: 'incomplete', overdueCount: 2 },
    ],
    lastTriage: [
      triage('a', 'observation', '2026-06-14'),
      triage('b', 'observation', today), // seen today already
      triage('c', 'recovered', '2026-06-01'),
      triage('d', 'out_of_tracking', '2026-06-01'),
    ],
    // Each patient with their live disabilities, as the rules take them.
    patients: [
      { id: 'a', disabilities: [disability('x1', '2026-06-14'), disability('x2', today)] }, // x1 ended yesterday
      { id: 'b', disabilities: [disability('x3', '2026-06-22')] }, // the seventh day ahead
      { id: 'c', disabilities: [disability('x4', '2026-06-23')] }, // the eighth
      { id: 'z', disabilities: [disability('x5', '2026-06-16')] }, // out of scope
    ],
    scope,
    today,
  })

  it('lists exams expired or due within the window, in id order', () => {
    expect(tasks.periodic_exams_due).toEqual(['a', 'c'])
  })

  it('lists patients with an overdue dose', () => {
    expect(tasks.vaccinations_overdue).toEqual(['b'])
  })

  it('lists open follow-ups not yet seen today', () => {
    expect(tasks.covid_follow_ups).toEqual(['a'])
  })

  it('lists disabilities ending from today to the seventh day ahead, soonest first', () => {
    expect(DISABILITY_ENDING_DAYS).toBe(7)
    expect(tasks.disabilities_ending.map((d) => d.id)).toEqual(['x2', 'x3'])
  })
})
