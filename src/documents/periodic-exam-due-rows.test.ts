import { describe, expect, it } from 'vitest'
import { type DueListPatient, periodicExamDueRows, periodicExamDueSheet } from './periodic-exam-due-rows'

const today = '2026-11-26'
const patient = (id: string, over: Partial<DueListPatient> = {}): DueListPatient => ({
  id,
  name: 'Ana',
  last_name: 'Pérez',
  second_last_name: null,
  payroll_number: `N-${id}`,
  curp: null,
  administrative_status: 'active',
  exam_frequency: '1-year',
  hire_date: null,
  ...over,
})

describe('periodicExamDueRows', () => {
  const patients = [
    patient('applied', { name: 'Beatriz' }),
    patient('soon', { name: 'Carlos' }),
    patient('expired', { name: 'Diana' }),
    patient('never', { name: 'Ernesto' }),
    patient('long-expired', { name: 'Fabiola' }),
  ]
  const latest = new Map([
    ['applied', { examined_on: '2026-06-01', condition: 'compliant' as const }],
    ['soon', { examined_on: '2025-12-01', condition: 'compliant' as const }],
    ['expired', { examined_on: '2025-11-01', condition: 'fails' as const }],
    ['long-expired', { examined_on: '2024-01-01', condition: 'compliant' as const }],
  ])

  it('gives every patient a state, the most urgent first', () => {
    const rows = periodicExamDueRows(patients, latest, today)
    expect(rows.map((row) => [row.patient_id, row.state, row.days_left])).toEqual([
      ['long-expired', 'expired', -694],
      ['expired', 'expired', -25],
      ['soon', 'due_soon', 5],
      ['never', 'never_examined', null],
      ['applied', 'applied', 187],
    ])
    expect(rows[1]).toMatchObject({ name: 'Diana Pérez', last_condition: 'fails', due_on: '2026-11-01' })
  })

  it('narrows by state and by name, payroll number or CURP, without accents', () => {
    expect(periodicExamDueRows(patients, latest, today, { states: ['due_soon', 'applied'] })).toHaveLength(2)
    expect(
      periodicExamDueRows(patients, latest, today, { search: 'perez diana' }).map((r) => r.patient_id),
    ).toEqual(['expired'])
    expect(
      periodicExamDueRows(patients, latest, today, { search: 'N-never' }).map((r) => r.patient_id),
    ).toEqual(['never'])
  })

  it('lays the rows out as the spreadsheet, in either language', () => {
    const rows = periodicExamDueRows([patients[2] as DueListPatient], latest, today)
    const names = {
      statuses: new Map([['active', 'Activo']]),
      frequencies: new Map([['1-year', 'Cada año']]),
    }
    const sheet = periodicExamDueSheet(rows, 'es', names)
    expect(sheet.header[8]).toBe('Estado')
    expect(sheet.cells).toEqual([
      [
        'N-expired',
        'Diana Pérez',
        null,
        'Activo',
        'Cada año',
        null,
        '2025/11/01',
        'No apto',
        'Vencido',
        '2026/11/01',
        -25,
      ],
    ])
    expect(periodicExamDueSheet(rows, 'en', names).cells[0]?.[8]).toBe('Expired')
  })
})
