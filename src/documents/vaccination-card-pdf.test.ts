import { describe, expect, it } from 'vitest'
import { pdfText } from './pdf-text'
import { type CardRecord, type VaccinationCardContext, vaccinationCardOf } from './vaccination-card'
import { buildVaccinationCardPdf } from './vaccination-card-pdf'
import type { VaccinationCatalogueEntry } from './vaccination-due-inputs'

const TD = '01937a4e-0000-7000-8000-0000000000d1'
const HEPATITIS_B = '01937a4e-0000-7000-8000-0000000000d2'
const INFLUENZA = '01937a4e-0000-7000-8000-0000000000d3'
const RETIRED = '01937a4e-0000-7000-8000-0000000000d4'

const vaccine = (
  id: string,
  name: string,
  disease: string,
  doses: number,
  interval: number,
  booster: number | null,
  active = true,
): VaccinationCatalogueEntry => ({
  id,
  name,
  active,
  parent_id: null,
  details: {
    disease,
    doses,
    interval_days: interval,
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

const catalogue = {
  vaccines: [
    vaccine(TD, 'Td', 'Tétanos y difteria', 3, 28, 3650),
    vaccine(HEPATITIS_B, 'Hepatitis B', 'Hepatitis B', 3, 28, null),
    vaccine(INFLUENZA, 'Influenza estacional', 'Influenza', 1, 0, 365),
    vaccine(RETIRED, 'Fiebre amarilla', 'Fiebre amarilla', 1, 0, null, false),
  ],
  scheme: [entry(TD, { age_from: 20 }), entry(HEPATITIS_B, { risks: ['biological'] }), entry(INFLUENZA, {})],
}

const patient = {
  birth_date: '1985-03-12',
  biological_sex: 'female',
  subgroups: [],
  occupational_risks: ['biological'],
}

const dose = (
  vaccine_id: string,
  dose_number: number,
  applied_on: string,
  more: Partial<CardRecord> = {},
): CardRecord => ({
  vaccine_id,
  dose_number,
  applied_on,
  folio: `F-${applied_on.slice(0, 4)}-${dose_number}`,
  lot: `L${dose_number}${applied_on.slice(5, 7)}`,
  booster: false,
  vaccinated_abroad: false,
  country_code: null,
  adverse_reactions: [],
  ...more,
})

const records: CardRecord[] = [
  dose(TD, 3, '2016-08-10'),
  dose(TD, 1, '2016-01-10'),
  dose(TD, 2, '2016-02-10'),
  dose(HEPATITIS_B, 1, '2026-09-01', {
    vaccinated_abroad: true,
    country_code: 'USA',
    adverse_reactions: [
      { date: '2026-09-02', time: '08:30', symptoms: 'Fiebre y dolor local', comments: null },
    ],
  }),
  dose(INFLUENZA, 1, '2025-12-01'),
  dose(RETIRED, 1, '2010-05-05'),
  dose(INFLUENZA, 2, '2024-11-01', { deleted_at: '2025-01-01T00:00:00.000Z' }),
]

const context = (language: 'es' | 'en' = 'es'): VaccinationCardContext => ({
  language,
  timeZone: 'America/Mexico_City',
  generatedAt: new Date('2026-11-24T18:00:00.000Z'),
  tenant: { name: 'Industrias Acme del Bajío', logo: null, address: null },
  patient: {
    name: 'María Guadalupe Hernández Núñez',
    birth_date: '1985-03-12',
    sex: language === 'es' ? 'Mujer' : 'Female',
    curp: 'HENG850312MGTRXD04',
    payroll_number: 'N010023',
  },
  countries: new Map([['USA', language === 'es' ? 'Estados Unidos' : 'United States']]),
})

describe("the patient's vaccination card", () => {
  it('works out the scheme, the next due dose of each vaccine and the overdue ones', () => {
    const card = vaccinationCardOf(catalogue, patient, records, context())
    expect(card.today).toBe('2026-11-24')
    expect(card.status).toBe('incomplete')
    expect(card.overdue_count).toBe(2)
    expect(card.vaccines.map((v) => [v.name, v.applies, v.next, v.overdue])).toEqual([
      ['Td', true, { dose_number: 4, booster: true, due_date: '2026-08-08' }, true],
      ['Hepatitis B', true, { dose_number: 2, booster: false, due_date: '2026-09-29' }, true],
      ['Influenza estacional', true, { dose_number: 2, booster: true, due_date: '2026-12-01' }, false],
      ['Fiebre amarilla', false, null, false],
    ])
    // Oldest dose first; the deleted dose is not on the card.
    expect(card.vaccines[0]?.doses.map((d) => d.applied_on)).toEqual([
      '2016-01-10',
      '2016-02-10',
      '2016-08-10',
    ])
    expect(card.vaccines[2]?.doses).toHaveLength(1)
  })

  it('is complete when every applicable series is given and nothing is overdue', () => {
    const done = [
      dose(TD, 1, '2024-01-10'),
      dose(TD, 2, '2024-02-10'),
      dose(TD, 3, '2024-08-10'),
      dose(HEPATITIS_B, 1, '2024-01-10'),
      dose(HEPATITIS_B, 2, '2024-02-10'),
      dose(HEPATITIS_B, 3, '2024-08-10'),
      dose(INFLUENZA, 1, '2026-10-15'),
    ]
    const card = vaccinationCardOf(catalogue, patient, done, context())
    expect(card).toMatchObject({ status: 'complete', overdue_count: 0 })
  })

  it('prints the letterhead, the patient, the status, each dose with folio and lot, abroad, reactions and the overdue dose', () => {
    const { bytes, fileName } = buildVaccinationCardPdf(
      vaccinationCardOf(catalogue, patient, records, context()),
    )
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(fileName).toBe('cartilla_vacunacion_24_11_2026.pdf')
    expect(pdfText(bytes)).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Cartilla de vacunación',
        'Paciente: María Guadalupe Hernández Núñez',
        'Edad: 41 años',
        'Sexo: Mujer',
        'CURP: HENG850312MGTRXD04',
        'Número de nómina: N010023',
        'Esquema: Incompleto · Estado al 2026/11/24',
        'Vencida: 2',
        'Td (Tétanos y difteria)',
        'Observaciones',
        'Dosis del esquema: 3 de 3',
        'Siguiente dosis: Refuerzo (dosis 4), el 2026/08/08',
        'VENCIDA desde el 2026/08/08',
        '1 de 3',
        '2016/01/10',
        'F-2016-1',
        'L101',
        'Siguiente dosis: 2 de 3, el 2026/09/29',
        'En el extranjero: Estados Unidos',
        '1 de 3 · 2026/09/02 08:30: Fiebre y dolor local.',
        'Siguiente dosis: Refuerzo (dosis 2), el 2026/12/01',
        'Fiebre amarilla (Fiebre amarilla)',
        'No forma parte del esquema que aplica al paciente.',
      ]),
    )
  })

  it('prints in English too', () => {
    const text = pdfText(
      buildVaccinationCardPdf(vaccinationCardOf(catalogue, patient, records, context('en'))).bytes,
    )
    expect(text).toEqual(
      expect.arrayContaining([
        'Vaccination card',
        'Scheme: Incomplete · Status on 2026/11/24',
        'Next dose: Booster (dose 4), on 2026/08/08',
        'OVERDUE since 2026/08/08',
        'Abroad: United States',
      ]),
    )
  })

  it('says so when no vaccine of the scheme applies', () => {
    const young = { ...patient, birth_date: '2010-01-01', occupational_risks: [] }
    const onlyTd = { vaccines: catalogue.vaccines, scheme: [entry(TD, { age_from: 20 })] }
    const card = vaccinationCardOf(onlyTd, young, [], context())
    expect(card).toMatchObject({ status: 'complete', vaccines: [] })
    expect(pdfText(buildVaccinationCardPdf(card).bytes)).toContain(
      'Ninguna vacuna del esquema aplica al paciente.',
    )
  })

  it('is the same file for the same data and moment', () => {
    const first = buildVaccinationCardPdf(vaccinationCardOf(catalogue, patient, records, context()))
    const second = buildVaccinationCardPdf(vaccinationCardOf(catalogue, patient, records, context()))
    expect(first.bytes).toEqual(second.bytes)
  })

  it('is built within the device budget (DESIGN §7: 300 ms)', () => {
    const many = Array.from({ length: 40 }, (_, index) =>
      dose(INFLUENZA, index + 1, `20${String(10 + (index % 16)).padStart(2, '0')}-10-0${1 + (index % 9)}`),
    )
    const input = vaccinationCardOf(catalogue, patient, [...records, ...many], context())
    buildVaccinationCardPdf(input)
    const started = performance.now()
    buildVaccinationCardPdf(input)
    expect(performance.now() - started).toBeLessThan(300)
  })
})
