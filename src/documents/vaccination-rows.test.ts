import { describe, expect, it } from 'vitest'
import { dueCatalogueOf, type VaccinationCatalogueEntry } from './vaccination-due-inputs'
import {
  type IndexPatient,
  matchesVaccinationFilters,
  vaccinationIndexRowOf,
  vaccinationSheet,
} from './vaccination-rows'

const TD = '01937a4e-0000-7000-8000-0000000000d1'
const HEPATITIS_B = '01937a4e-0000-7000-8000-0000000000d2'
const HEALTH = '01937a4e-0000-7000-8000-0000000000a1'

const vaccine = (
  id: string,
  name: string,
  doses: number,
  booster: number | null,
): VaccinationCatalogueEntry => ({
  id,
  name,
  active: true,
  parent_id: null,
  details: {
    disease: name,
    doses,
    interval_days: 28,
    booster_interval_days: booster,
    route: 'intramuscular',
  },
})
const entry = (parent: string, details: Record<string, unknown>): VaccinationCatalogueEntry => ({
  id: `${parent.slice(0, -2)}e${parent.slice(-1)}`,
  name: 'entrada',
  active: true,
  parent_id: parent,
  details: { doses: null, age_from: null, age_to: null, sex: null, subgroups: [], risks: [], ...details },
})
const catalogue = dueCatalogueOf(
  [vaccine(TD, 'Td', 3, 3650), vaccine(HEPATITIS_B, 'Hepatitis B', 3, null)],
  [entry(TD, { age_from: 20 }), entry(HEPATITIS_B, { subgroups: [HEALTH] })],
)
const names = new Map([
  [TD, 'Td'],
  [HEPATITIS_B, 'Hepatitis B'],
])

const nurse: IndexPatient = {
  id: '01937a4e-0000-7000-8000-0000000000b1',
  name: 'Ana',
  last_name: 'Núñez',
  second_last_name: 'Ríos',
  payroll_number: 'N000101',
  curp: 'NURA900101MQTXXX01',
  birth_date: '1990-01-01',
  biological_sex: 'female',
  subgroups: [HEALTH],
  occupational_risks: ['biological'],
}
const welder: IndexPatient = {
  ...nurse,
  id: '01937a4e-0000-7000-8000-0000000000b2',
  name: 'Luis',
  last_name: 'Vega',
  second_last_name: null,
  payroll_number: 'N000102',
  subgroups: [],
  occupational_risks: ['physical'],
}
const td = (dose: number, applied_on: string) => ({
  vaccine_id: TD,
  dose_number: dose,
  applied_on,
  booster: false,
})
const TODAY = '2026-11-24'

describe("the vaccinations index's rows", () => {
  it('give each patient the status, the soonest next dose and the overdue count', () => {
    const row = vaccinationIndexRowOf(catalogue, nurse, [td(1, '2026-10-01')], TODAY)
    expect(row).toEqual({
      patient_id: nurse.id,
      payroll_number: 'N000101',
      patient_name: 'Ana Núñez Ríos',
      curp: 'NURA900101MQTXXX01',
      status: 'incomplete',
      vaccine_ids: [TD, HEPATITIS_B],
      // Hepatitis B never started: due since she turned eligible (her birth), the soonest.
      next_vaccine_id: HEPATITIS_B,
      next_due_date: '1990-01-01',
      overdue_count: 2,
    })
  })

  it('filter by status, vaccine, overdue, subgroup, risk and search, accents aside', () => {
    const done = [td(1, '2026-01-01'), td(2, '2026-02-01'), td(3, '2026-08-01')]
    const nurseRow = vaccinationIndexRowOf(catalogue, nurse, [], TODAY)
    const welderRow = vaccinationIndexRowOf(catalogue, welder, done, TODAY)
    expect(welderRow).toMatchObject({ status: 'complete', overdue_count: 0, next_due_date: '2036-07-29' })
    const pass = (filters: Parameters<typeof matchesVaccinationFilters>[2]) =>
      [
        [nurseRow, nurse],
        [welderRow, welder],
      ]
        .filter(([row, patient]) =>
          matchesVaccinationFilters(row as typeof nurseRow, patient as IndexPatient, filters),
        )
        .map(([row]) => (row as typeof nurseRow).patient_name)
    expect(pass({})).toEqual(['Ana Núñez Ríos', 'Luis Vega'])
    expect(pass({ statuses: ['complete'] })).toEqual(['Luis Vega'])
    expect(pass({ vaccines: [HEPATITIS_B] })).toEqual(['Ana Núñez Ríos'])
    expect(pass({ overdue: 'yes' })).toEqual(['Ana Núñez Ríos'])
    expect(pass({ overdue: 'no' })).toEqual(['Luis Vega'])
    expect(pass({ subgroups: [HEALTH] })).toEqual(['Ana Núñez Ríos'])
    expect(pass({ risks: ['physical', 'chemical'] })).toEqual(['Luis Vega'])
    expect(pass({ search: 'nunez' })).toEqual(['Ana Núñez Ríos'])
    expect(pass({ search: 'N000102' })).toEqual(['Luis Vega'])
  })

  it('lay out the spreadsheet, most overdue first, in either language', () => {
    const rows = [
      vaccinationIndexRowOf(catalogue, welder, [td(1, '2026-01-01')], TODAY),
      vaccinationIndexRowOf(catalogue, nurse, [], TODAY),
    ]
    const es = vaccinationSheet(rows, names, 'es', TODAY)
    expect(es.fileName).toBe('vacunacion_24_11_2026.xlsx')
    expect(es.header).toEqual([
      'Número de nómina',
      'Paciente',
      'CURP',
      'Esquema',
      'Vacunas que aplican',
      'Siguiente vacuna',
      'Fecha de la siguiente dosis',
      'Dosis vencidas',
    ])
    expect(es.cells).toEqual([
      [
        'N000101',
        'Ana Núñez Ríos',
        'NURA900101MQTXXX01',
        'Incompleto',
        'Td, Hepatitis B',
        'Hepatitis B',
        '1990/01/01',
        2,
      ],
      ['N000102', 'Luis Vega', 'NURA900101MQTXXX01', 'Incompleto', 'Td', 'Td', '2026/01/29', 1],
    ])
    const en = vaccinationSheet(rows, names, 'en', TODAY)
    expect(en.fileName).toBe('vaccinations_24_11_2026.xlsx')
    expect(en.cells[0]?.[3]).toBe('Incomplete')
  })
})
