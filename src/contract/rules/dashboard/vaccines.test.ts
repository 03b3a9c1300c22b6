import { describe, expect, it } from 'vitest'
import { vaccinationDue } from '../vaccination-due'
import { vaccinationStateOf, vaccinationStates, vaccineFigures } from './vaccines'

const today = '2026-06-15'
const vaccines = [
  { id: 'td', doses: 2, intervalDays: 30, boosterIntervalDays: 3650 },
  { id: 'flu', doses: 1, intervalDays: 0, boosterIntervalDays: 365 },
]
const scheme = [
  { vaccineId: 'td', doses: null, ageFrom: 18, ageTo: null, sex: null, subgroups: [], risks: [] },
  { vaccineId: 'flu', doses: null, ageFrom: 60, ageTo: null, sex: null, subgroups: [], risks: [] },
]
const person = (id: string, birth: string) => ({
  id,
  birth_date: birth,
  biological_sex: 'F',
  subgroups: [],
  occupational_risks: [],
})
const dose = (
  patient: string,
  vaccine: string,
  n: number,
  on: string,
  over: { booster?: boolean; deleted_at?: string } = {},
) => ({
  patient_id: patient,
  vaccine_id: vaccine,
  dose_number: n,
  applied_on: on,
  booster: false,
  ...over,
})

describe('the vaccinations item', () => {
  const people = [
    person('done', '1990-01-01'),
    person('late', '1990-01-01'),
    person('old', '1950-01-01'),
    person('kid', '2015-01-01'),
  ]
  const doses = [
    dose('done', 'td', 1, '2026-01-01'),
    dose('done', 'td', 2, '2026-02-01'),
    dose('late', 'td', 1, '2026-01-01'), // second dose due 31 January: overdue
    dose('old', 'td', 1, '2026-03-01', { deleted_at: '2026-03-02T00:00:00Z' }),
  ]
  const liveDoses = (patient: string) =>
    doses
      .filter((d) => d.patient_id === patient && !d.deleted_at)
      .map((d) => ({
        vaccineId: d.vaccine_id,
        doseNumber: d.dose_number,
        applicationDate: d.applied_on,
        booster: d.booster,
      }))
  // Each patient with their live doses, as the rules take them.
  const patients = people.map((p) => ({ ...p, doses: liveDoses(p.id) }))
  const scope = new Set(patients.map((p) => p.id))

  it('works each patient’s state out as the vaccination rule does', () => {
    const states = vaccinationStates(vaccinationStateOf(vaccines, scheme), patients, scope, today)
    for (const state of states) {
      const patient = patients.find((p) => p.id === state.patient_id)
      if (!patient) throw new Error('unknown patient')
      const given = liveDoses(patient.id)
      const due = vaccinationDue(
        vaccines,
        scheme,
        { birthDate: patient.birth_date, sex: patient.biological_sex, subgroups: [], risks: [] },
        given,
        today,
      )
      expect([state.status, state.overdueCount]).toEqual([due.status, due.overdueCount])
    }
  })

  it('counts doses in the period by vaccine and the patients by state today', () => {
    const states = vaccinationStates(vaccinationStateOf(vaccines, scheme), patients, scope, today)
    expect(vaccineFigures(patients, states, scope, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      vaccines: [{ vaccine_id: 'td', doses: 2, patients: 2 }],
      // The child has nothing applicable: complete. The 76-year-old owes both vaccines.
      complete: 2,
      incomplete: 2,
      overdue: 2,
    })
  })
})
