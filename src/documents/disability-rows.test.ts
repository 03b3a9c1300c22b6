import { describe, expect, it } from 'vitest'
import {
  type DisabilityListPatient,
  type DisabilityListRecord,
  disabilityGraph,
  disabilityRows,
  disabilitySheet,
  monthsBetween,
} from './disability-rows'

const INITIAL = '0193a7f2-0000-7000-8000-0000000000a1'
const RELAPSE = '0193a7f2-0000-7000-8000-0000000000a2'
const OPEN = '0193a7f2-0000-7000-8000-0000000000b1'
const CLOSED = '0193a7f2-0000-7000-8000-0000000000b2'

const names = {
  types: new Map([
    [INITIAL, 'Inicial'],
    [RELAPSE, 'Recaída'],
  ]),
  statuses: new Map([
    [OPEN, 'Vigente'],
    [CLOSED, 'Concluida'],
  ]),
}

const patients = new Map<string, DisabilityListPatient>([
  [
    'p1',
    {
      id: 'p1',
      name: 'José',
      last_name: 'Núñez',
      second_last_name: 'Ibarra',
      payroll_number: 'N-100',
      curp: 'NUIJ800101HJCXBS09',
    },
  ],
  ['p2', { id: 'p2', name: 'Ana', last_name: 'López', payroll_number: 'N-200', curp: null }],
])

const aDisability = (overrides: Partial<DisabilityListRecord>): DisabilityListRecord => ({
  id: 'd1',
  patient_id: 'p1',
  cause: 'Esguince de tobillo',
  start_date: '2026-03-03',
  end_date: '2026-03-09',
  type_id: INITIAL,
  status_id: OPEN,
  issuer: 'imss',
  assigned_number: 'AB123456',
  assigned_days: 7,
  ...overrides,
})

const records = [
  aDisability({ id: 'd1' }),
  aDisability({
    id: 'd2',
    patient_id: 'p2',
    start_date: '2026-03-08',
    end_date: '2026-03-10',
    assigned_days: 3,
    issuer: 'company',
    assigned_number: null,
    status_id: CLOSED,
  }),
  aDisability({
    id: 'd3',
    start_date: '2026-01-30',
    end_date: '2026-02-02',
    assigned_days: 4,
    type_id: RELAPSE,
  }),
  aDisability({ id: 'gone', deleted_at: '2026-03-04T10:00:00Z' }),
  aDisability({ id: 'stranger', patient_id: 'not-cached' }),
]

describe('the disabilities’ index rows', () => {
  it('lists the live disabilities of the patients given, newest first, with the catalogue names', () => {
    const rows = disabilityRows(records, patients, names)
    expect(rows.map((row) => row.id)).toEqual(['d2', 'd1', 'd3'])
    expect(rows[1]).toMatchObject({
      name: 'José Núñez Ibarra',
      payroll_number: 'N-100',
      type_name: 'Inicial',
      status_name: 'Vigente',
    })
  })

  it('keeps a disability touching the period at either end, and drops one outside it', () => {
    const ids = (filters: Parameters<typeof disabilityRows>[3]) =>
      disabilityRows(records, patients, names, filters).map((row) => row.id)
    expect(ids({ from: '2026-03-09', to: '2026-03-31' })).toEqual(['d2', 'd1'])
    expect(ids({ from: '2026-02-02', to: '2026-02-28' })).toEqual(['d3'])
    expect(ids({ from: '2026-02-03', to: '2026-03-02' })).toEqual([])
  })

  it('filters by modality, status and issuer, and searches names, payroll and CURP accent-blind', () => {
    const ids = (filters: Parameters<typeof disabilityRows>[3]) =>
      disabilityRows(records, patients, names, filters).map((row) => row.id)
    expect(ids({ type_id: RELAPSE })).toEqual(['d3'])
    expect(ids({ status_id: CLOSED })).toEqual(['d2'])
    expect(ids({ issuer: 'company' })).toEqual(['d2'])
    expect(ids({ search: 'jose NUNEZ' })).toEqual(['d1', 'd3'])
    expect(ids({ search: 'n-200' })).toEqual(['d2'])
    expect(ids({ search: 'nuij800101' })).toEqual(['d1', 'd3'])
    expect(ids({ search: 'ana nunez' })).toEqual([])
  })

  it('lays the spreadsheet out in the language asked, dates as YYYY/MM/DD', () => {
    const rows = disabilityRows(records, patients, names, { issuer: 'company' })
    expect(disabilitySheet(rows, 'es')).toEqual({
      header: [
        'Número de nómina',
        'Paciente',
        'Causa',
        'Fecha de inicio',
        'Fecha de término',
        'Días asignados',
        'Modalidad',
        'Estatus',
        'Expedida por',
        'Folio IMSS',
      ],
      cells: [
        [
          'N-200',
          'Ana López',
          'Esguince de tobillo',
          '2026/03/08',
          '2026/03/10',
          3,
          'Inicial',
          'Concluida',
          'Servicio médico de la empresa',
          null,
        ],
      ],
    })
    expect(disabilitySheet(rows, 'en').header[0]).toBe('Payroll number')
    expect(disabilitySheet(rows, 'en').cells[0]?.[8]).toBe('Company medical service')
  })
})

describe('the data graph', () => {
  it('counts the lost days by modality and month, a disability crossing months split', () => {
    const rows = disabilityRows(records, patients, names)
    expect(disabilityGraph(rows, { from: '2026-01-01', to: '2026-03-31' })).toEqual({
      months: ['2026-01', '2026-02', '2026-03'],
      series: [
        { type_id: INITIAL, type_name: 'Inicial', days: [0, 0, 10] },
        { type_id: RELAPSE, type_name: 'Recaída', days: [2, 2, 0] },
      ],
      total_days: 14,
    })
  })

  it('counts one patient’s overlapping days once, under the disability that started first', () => {
    const overlapping = [
      aDisability({ id: 'a', start_date: '2026-01-30', end_date: '2026-02-02', assigned_days: 4 }),
      aDisability({
        id: 'b',
        start_date: '2026-02-01',
        end_date: '2026-02-03',
        assigned_days: 3,
        type_id: RELAPSE,
      }),
    ]
    const graph = disabilityGraph(disabilityRows(overlapping, patients, names), {
      from: '2026-01-01',
      to: '2026-02-28',
    })
    expect(graph.series.map((line) => line.days)).toEqual([
      [2, 2],
      [0, 1],
    ])
    expect(graph.total_days).toBe(5)
  })

  it('runs from the first start to the last end without a period, and is empty without rows', () => {
    const graph = disabilityGraph(disabilityRows(records, patients, names, { type_id: RELAPSE }))
    expect(graph.months).toEqual(['2026-01', '2026-02'])
    expect(disabilityGraph([])).toEqual({ months: [], series: [], total_days: 0 })
    expect(disabilityGraph([], { from: '2026-01-01', to: '2026-02-15' })).toEqual({
      months: ['2026-01', '2026-02'],
      series: [],
      total_days: 0,
    })
  })

  it('bounds the months of an absurd period', () => {
    expect(monthsBetween('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02'])
    expect(monthsBetween('0001-01-01', '9999-12-31').length).toBeLessThanOrEqual(601)
  })
})
