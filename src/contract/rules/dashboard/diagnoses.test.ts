import { describe, expect, it } from 'vitest'
import { consultationsInPeriod, type DashboardConsultation } from './consultations'
import { topDiagnoses } from './diagnoses'
import { NO_FILTER } from './scope'
import { TOP_LIST_SIZE, topFive } from './top-five'

const zone = 'America/Mexico_City'
let serial = 0
const consultation = (
  patient: string,
  startedAt: string,
  diagnoses: Array<[string, string]>,
  over: Partial<DashboardConsultation> = {},
): DashboardConsultation => ({
  id: `c${String(++serial).padStart(3, '0')}`,
  patient_id: patient,
  started_at: startedAt,
  diagnoses: diagnoses.map(([code, name]) => ({ code, name, affected_system_id: 'sys' })),
  ...over,
})
const all = (rows: DashboardConsultation[], scope = new Set(['p1', 'p2', 'p3'])) =>
  consultationsInPeriod(rows, scope, { ...NO_FILTER, timeZone: zone })

describe('topFive', () => {
  it('keeps 5, highest count first, ties by key in code-unit order', () => {
    const entries = ['f', 'e', 'd', 'c', 'b', 'a'].map((key) => ({ key, count: 1 }))
    expect(topFive([...entries, { key: 'z', count: 2 }]).map((e) => e.key)).toEqual(['z', 'a', 'b', 'c', 'd'])
    expect(TOP_LIST_SIZE).toBe(5)
  })

  it('gives a shorter list when fewer keys exist', () => {
    expect(topFive([{ key: 'a', count: 3 }])).toHaveLength(1)
  })
})

describe('topDiagnoses', () => {
  it('counts consultations per code and the distinct patients', () => {
    const rows = [
      consultation('p1', '2026-03-01T10:00:00Z', [
        ['J00', 'Rinofaringitis'],
        ['M54.5', 'Lumbago'],
      ]),
      consultation('p1', '2026-03-02T10:00:00Z', [['J00', 'Rinofaringitis']]),
      consultation('p2', '2026-03-03T10:00:00Z', [['J00', 'Rinofaringitis']]),
    ]
    expect(topDiagnoses(all(rows))).toEqual([
      { code: 'J00', name: 'Rinofaringitis', consultations: 3, patients: 2 },
      { code: 'M54.5', name: 'Lumbago', consultations: 1, patients: 1 },
    ])
  })

  it('breaks a tie at the fifth place by the lower code', () => {
    const codes = ['K29', 'J00', 'I10', 'E11', 'A09', 'B34']
    const rows = codes.map((code) => consultation('p1', '2026-03-01T10:00:00Z', [[code, code]]))
    expect(topDiagnoses(all(rows)).map((d) => d.code)).toEqual(['A09', 'B34', 'E11', 'I10', 'J00'])
  })

  it('names a code as its latest consultation did (then the higher id on the same instant)', () => {
    const rows = [
      consultation('p1', '2026-03-05T10:00:00Z', [['J00', 'Nuevo nombre']], { id: 'c-a' }),
      consultation('p1', '2026-03-01T10:00:00Z', [['J00', 'Viejo']], { id: 'c-z' }),
      consultation('p2', '2026-03-05T10:00:00Z', [['J00', 'Empate mayor']], { id: 'c-b' }),
    ]
    expect(topDiagnoses(all(rows))[0]?.name).toBe('Empate mayor')
  })

  it('leaves out deleted consultations, patients out of scope and days outside the period', () => {
    const rows = [
      consultation('p1', '2026-03-01T10:00:00Z', [['J00', 'x']], { deleted_at: '2026-03-02T00:00:00Z' }),
      consultation('p9', '2026-03-01T10:00:00Z', [['J00', 'x']]),
      // 23:30 on 31 March in Mexico City is already 1 April in UTC: still March for the dashboard.
      consultation('p1', '2026-04-01T05:30:00Z', [['I10', 'y']]),
      consultation('p1', '2026-04-01T06:00:00Z', [['E11', 'z']]),
    ]
    const march = consultationsInPeriod(rows, new Set(['p1']), {
      ...NO_FILTER,
      period: { from: '2026-03-01', to: '2026-03-31' },
      timeZone: zone,
    })
    expect(topDiagnoses(march).map((d) => d.code)).toEqual(['I10'])
  })
})
