import { describe, expect, it } from 'vitest'
import type { DashboardConsultation } from '../contract/rules/dashboard/consultations'
import {
  type AffectedSystemsFilter,
  affectedSystemsIndex,
  affectedSystemsSheet,
  diagnosisKey,
  type IndexPatient,
} from './affected-systems-rows'

const RESPIRATORY = '0193a3b0-0000-7000-8000-0000000000a1'
const CARDIO = '0193a3b0-0000-7000-8000-0000000000a2'
const NAMES = new Map([
  [RESPIRATORY, 'Aparato respiratorio'],
  [CARDIO, 'Aparato cardiovascular'],
])
const PLANT = '0193a3b0-0000-7000-8000-0000000000b1'

const patient = (id: string, name: string, overrides: Partial<IndexPatient> = {}): IndexPatient => ({
  id,
  name,
  last_name: 'Quintero',
  second_last_name: null,
  payroll_number: `E-${id}`,
  curp: null,
  subgroups: [],
  special_sublabel_ids: [],
  ...overrides,
})

const J00 = { code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }
const I10 = { code: 'I10', name: 'Hipertensión esencial', affected_system_id: CARDIO }
const J02 = { code: 'J029', name: 'Faringitis aguda', affected_system_id: RESPIRATORY }

let seq = 0
const consultation = (
  patientId: string,
  started_at: string,
  diagnoses: DashboardConsultation['diagnoses'],
  overrides: Partial<DashboardConsultation> = {},
): DashboardConsultation => ({ id: `c-${++seq}`, patient_id: patientId, started_at, diagnoses, ...overrides })

const november = (overrides: Partial<AffectedSystemsFilter> = {}): AffectedSystemsFilter => ({
  period: { from: '2026-11-01', to: '2026-11-30' },
  subgroup: null,
  sublabels: null,
  timeZone: 'America/Mexico_City',
  affectedSystem: null,
  diagnosis: null,
  ...overrides,
})

const ana = patient('p1', 'Ána')
const bruno = patient('p2', 'Bruno', { subgroups: [PLANT] })
const carla = patient('p3', 'Carla', { deleted_at: '2026-11-15T00:00:00Z' })

describe('the affected systems index', () => {
  it('gives a row per patient, system and diagnosis, counting the period’s consultations', () => {
    const { rows, systems } = affectedSystemsIndex(
      [ana, bruno],
      [
        consultation('p1', '2026-11-05T16:00:00Z', [J00]),
        consultation('p1', '2026-11-20T16:00:00Z', [J00, I10]),
        consultation('p2', '2026-11-07T16:00:00Z', [J02]),
      ],
      november(),
      NAMES,
    )
    expect(
      rows.map((row) => [row.affected_system_name, row.code, row.patient_name, row.consultations]),
    ).toEqual([
      // The respiratory system had three consultations, the cardiovascular one: it comes first.
      ['Aparato respiratorio', 'J00', 'Ána Quintero', 2],
      ['Aparato respiratorio', 'J029', 'Bruno Quintero', 1],
      ['Aparato cardiovascular', 'I10', 'Ána Quintero', 1],
    ])
    expect(rows[0]).toMatchObject({
      last_consultation_at: '2026-11-20T16:00:00.000Z',
      last_consultation_day: '2026-11-20',
      payroll_number: 'E-p1',
    })
    expect(systems).toEqual([
      { affected_system_id: RESPIRATORY, name: 'Aparato respiratorio', consultations: 3, patients: 2 },
      { affected_system_id: CARDIO, name: 'Aparato cardiovascular', consultations: 1, patients: 1 },
    ])
  })

  it('reads the period’s days in the zone given, both ends included', () => {
    const records = [
      // 30 November 23:59 in central Mexico; 1 December 00:00 there; 1 November 00:00 there.
      consultation('p1', '2026-12-01T05:59:00Z', [J00]),
      consultation('p1', '2026-12-01T06:00:00Z', [J00]),
      consultation('p2', '2026-11-01T06:00:00Z', [J00]),
      consultation('p2', '2026-11-01T05:59:00Z', [J00]),
    ]
    const { rows } = affectedSystemsIndex([ana, bruno], records, november(), NAMES)
    expect(rows.map((row) => [row.patient_id, row.consultations, row.last_consultation_day])).toEqual([
      ['p1', 1, '2026-11-30'],
      ['p2', 1, '2026-11-01'],
    ])
  })

  it('narrows to one system, one diagnosis (typed with a dot or in lower case) or one subgroup', () => {
    const records = [
      consultation('p1', '2026-11-05T16:00:00Z', [J00, I10]),
      consultation('p2', '2026-11-07T16:00:00Z', [J02, I10]),
    ]
    const codes = (filter: Partial<AffectedSystemsFilter>) =>
      affectedSystemsIndex([ana, bruno], records, november(filter), NAMES).rows.map(
        (row) => `${row.code}:${row.patient_id}`,
      )
    expect(codes({ affectedSystem: CARDIO })).toEqual(['I10:p1', 'I10:p2'])
    expect(codes({ diagnosis: 'j02.9' })).toEqual(['J029:p2'])
    expect(codes({ subgroup: PLANT })).toEqual(['J029:p2', 'I10:p2'])
    expect(codes({ affectedSystem: CARDIO, diagnosis: 'J00' })).toEqual([])
    const { systems } = affectedSystemsIndex(
      [ana, bruno],
      records,
      november({ affectedSystem: CARDIO }),
      NAMES,
    )
    expect(systems.map((system) => system.affected_system_id)).toEqual([CARDIO])
  })

  it('leaves out deleted patients and consultations, and patients it was not given', () => {
    const { rows } = affectedSystemsIndex(
      [ana, carla],
      [
        consultation('p1', '2026-11-05T16:00:00Z', [J00], { deleted_at: '2026-11-06T00:00:00Z' }),
        consultation('p3', '2026-11-05T16:00:00Z', [J00]),
        consultation('p9', '2026-11-05T16:00:00Z', [J00]),
      ],
      november(),
      NAMES,
    )
    expect(rows).toEqual([])
  })

  it('answers the same whatever order the consultations come in, named by the latest', () => {
    const same = '2026-11-10T16:00:00Z'
    const records = [
      consultation('p1', same, [{ ...J00, name: 'Resfriado común' }], { id: 'c-a' }),
      consultation('p1', same, [J00], { id: 'c-b' }),
      consultation('p2', '2026-11-11T16:00:00Z', [J00]),
    ]
    const forward = affectedSystemsIndex([ana, bruno], records, november(), NAMES)
    const backward = affectedSystemsIndex([bruno, ana], [...records].reverse(), november(), NAMES)
    expect(backward).toEqual(forward)
    expect(forward.rows[0]?.diagnosis).toBe('Rinofaringitis aguda')
  })

  it('gives a system the catalogue does not name no name (never its id), and an empty period nothing', () => {
    const other = { code: 'Z00', name: 'Examen general', affected_system_id: 'sin-catalogo' }
    const { rows } = affectedSystemsIndex(
      [ana],
      [consultation('p1', '2026-11-05T16:00:00Z', [other])],
      november(),
      NAMES,
    )
    expect(rows[0]?.affected_system_name).toBeNull()
    expect(affectedSystemsSheet(rows, 'es').cells[0]?.[0]).toBe('Sin nombre en el catálogo')
    expect(affectedSystemsSheet(rows, 'en').cells[0]?.[0]).toBe('Not named in the catalogue')
    expect(affectedSystemsIndex([ana], [], november(), NAMES)).toEqual({ rows: [], systems: [] })
  })

  it('keys a typed code as CIE-10 stores it', () => {
    expect(diagnosisKey(' e11.9 ')).toBe('E119')
  })
})

describe('the affected systems spreadsheet', () => {
  it('has a header in the language asked and a line per row, days as YYYY/MM/DD', () => {
    const { rows } = affectedSystemsIndex(
      [ana],
      [consultation('p1', '2026-11-05T16:00:00Z', [J00])],
      november(),
      NAMES,
    )
    expect(affectedSystemsSheet(rows, 'es')).toEqual({
      header: [
        'Aparato o sistema afectado',
        'Código CIE-10',
        'Diagnóstico',
        'Paciente',
        'Número de nómina',
        'CURP',
        'Consultas',
        'Última consulta',
      ],
      cells: [
        [
          'Aparato respiratorio',
          'J00',
          'Rinofaringitis aguda',
          'Ána Quintero',
          'E-p1',
          null,
          1,
          '2026/11/05',
        ],
      ],
    })
    expect(affectedSystemsSheet(rows, 'en').header[0]).toBe('Affected system')
  })
})
