import { describe, expect, it } from 'vitest'
import { affectedSystemsByPeriod, firstFiveSystems, topAffectedSystems } from './affected-systems'
import { consultationsInPeriod, type DashboardConsultation } from './consultations'
import { NO_FILTER } from './scope'

const zone = 'America/Mexico_City'
const consultation = (
  id: string,
  patient: string,
  startedAt: string,
  systems: string[],
): DashboardConsultation => ({
  id,
  patient_id: patient,
  started_at: startedAt,
  diagnoses: systems.map((system, i) => ({ code: `X${i}${system}`, name: 'n', affected_system_id: system })),
})
const counted = (rows: DashboardConsultation[]) =>
  consultationsInPeriod(rows, new Set(['p1', 'p2']), { ...NO_FILTER, timeZone: zone })

describe('affected systems', () => {
  const rows = [
    // Two diagnoses of one system: the consultation counts once for it.
    consultation('c1', 'p1', '2026-01-10T16:00:00Z', ['resp', 'resp']),
    consultation('c2', 'p2', '2026-01-20T16:00:00Z', ['resp', 'musc']),
    consultation('c3', 'p1', '2026-02-01T05:00:00Z', ['musc']), // 31 January in Mexico City
    consultation('c4', 'p2', '2026-02-10T16:00:00Z', ['card']),
  ]

  it('counts consultations per system once each, with distinct patients, most first then by id', () => {
    expect(affectedSystemsByPeriod(counted(rows)).systems).toEqual([
      { affected_system_id: 'musc', consultations: 2, patients: 2 },
      { affected_system_id: 'resp', consultations: 2, patients: 2 },
      { affected_system_id: 'card', consultations: 1, patients: 1 },
    ])
  })

  it('puts each consultation in the month of its day in the zone', () => {
    expect(affectedSystemsByPeriod(counted(rows)).months).toEqual([
      { affected_system_id: 'musc', month: '2026-01', consultations: 2 },
      { affected_system_id: 'resp', month: '2026-01', consultations: 2 },
      { affected_system_id: 'card', month: '2026-02', consultations: 1 },
    ])
  })

  it('keeps the top five with the same tie-break', () => {
    const many = ['f', 'e', 'd', 'c', 'b', 'a'].map((system, i) =>
      consultation(`k${i}`, 'p1', '2026-01-10T16:00:00Z', [system]),
    )
    expect(topAffectedSystems(counted(many)).map((s) => s.affected_system_id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ])
  })

  it('gives as the whole list’s first five the top five, ties and all', () => {
    // Counts that tie across the fifth place, systems named so that their order is not the rows'.
    const systems = ['g', 'B', 'a', 'f', 'c', 'e', 'd', 'b']
    const rows = systems.flatMap((system, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, n) =>
        consultation(`t${i}-${n}`, n % 2 ? 'p2' : 'p1', `2026-01-${10 + n}T16:00:00Z`, [system, 'a']),
      ),
    )
    const whole = affectedSystemsByPeriod(counted(rows)).systems
    expect(whole.length).toBeGreaterThan(5)
    expect(firstFiveSystems(whole)).toEqual(topAffectedSystems(counted(rows)))
  })

  it('answers empty lists when nothing was recorded', () => {
    expect(affectedSystemsByPeriod([])).toEqual({ systems: [], months: [] })
    expect(topAffectedSystems([])).toEqual([])
  })
})
