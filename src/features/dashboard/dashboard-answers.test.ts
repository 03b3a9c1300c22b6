import { describe, expect, it } from 'vitest'
import { type DashboardPatient, dashboardFigures } from '../../contract/rules/dashboard/figures'
import { NO_FILTER } from '../../contract/rules/dashboard/scope'
import { answersOf, type DashboardNames, NAME_TO_COME, nameIn } from './dashboard-answers'

const RESPIRATORY = 'system-respiratory'
const TD = 'vaccine-td'
const WORK_RISK = 'type-work-risk'
const TODAY = '2026-11-27'

const patient: DashboardPatient = {
  id: 'p1',
  subgroups: [],
  special_sublabel_ids: [],
  birth_date: '1990-05-10',
  biological_sex: 'female',
  occupational_risks: [],
  exam_due_day: null,
  examined: false,
  doses: [{ vaccineId: TD, doseNumber: 1, applicationDate: '2026-11-02', booster: false }],
  triage: [],
  disabilities: [{ id: 'd1', type_id: WORK_RISK, start_date: '2026-11-03', end_date: '2026-11-04' }],
}

const figures = dashboardFigures(
  {
    patients: [patient],
    consultations: [
      {
        id: 'c1',
        patient_id: 'p1',
        started_at: '2026-11-05T16:00:00Z',
        diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }],
      },
    ],
    labels: [],
    vaccines: [],
    scheme: [],
  },
  { ...NO_FILTER, period: { from: '2026-11-01', to: TODAY }, timeZone: 'America/Mexico_City' },
  TODAY,
)

const names = (
  entries: Partial<Record<'affectedSystems' | 'vaccines' | 'disabilityTypes', [string, string][]>>,
) =>
  ({
    affectedSystems: new Map(entries.affectedSystems),
    vaccines: new Map(entries.vaccines),
    disabilityTypes: new Map(entries.disabilityTypes),
    labels: [],
  }) satisfies DashboardNames

/** The names the answers show for the system, the vaccine and the disability type. */
const shown = (of: DashboardNames) => {
  const answers = answersOf(figures, of)
  return [
    answers.topAffectedSystems[0]?.name,
    answers.affectedSystems.systems[0]?.name,
    answers.vaccines.vaccines[0]?.name,
    answers.closedDays.types[0]?.name,
  ]
}

describe('the names of the device’s dashboard', () => {
  it('names each entry from its catalogue', () => {
    const all = names({
      affectedSystems: [[RESPIRATORY, 'Respiratorio']],
      vaccines: [[TD, 'Td']],
      disabilityTypes: [[WORK_RISK, 'Riesgo de trabajo']],
    })
    expect(shown(all)).toEqual(['Respiratorio', 'Respiratorio', 'Td', 'Riesgo de trabajo'])
  })

  it('shows a name to come, never an id, while the device holds none of a catalogue (a first sign-in)', () => {
    expect(shown(names({}))).toEqual([NAME_TO_COME, NAME_TO_COME, NAME_TO_COME, NAME_TO_COME])
  })

  it('shows the id of an entry its catalogue no longer has, as the server answers', () => {
    const others = names({
      affectedSystems: [['another', 'Nervioso']],
      vaccines: [['another', 'Influenza']],
      disabilityTypes: [['another', 'Enfermedad general']],
    })
    expect(shown(others)).toEqual([RESPIRATORY, RESPIRATORY, TD, WORK_RISK])
    expect(nameIn(new Map([['suspicious', 'Sospechoso']]), 'recovered')).toBe('recovered')
    expect(nameIn(new Map(), 'recovered')).toBe(NAME_TO_COME)
  })
})
