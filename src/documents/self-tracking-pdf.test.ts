import { describe, expect, it } from 'vitest'
import type { BloodPressureRange } from '../contract/schemas/catalogs'
import { pdfText } from './pdf-text'
import { buildReadingsPdf, type ReadingsPdfInput } from './self-tracking-pdf'
import { parseInstant } from './zoned-time'

/** A 4×1 PNG (blue and white stripes): a logo small enough to write here. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAABCAIAAAB2XpiaAAAAEUlEQVR4nGNgiNvx//9/CAkALd8IJ966XVoAAAAASUVORK5CYII='

const ranges: BloodPressureRange[] = [
  {
    code: 'normal',
    name: 'Normal',
    systolic_min: null,
    systolic_max: 119,
    diastolic_min: null,
    diastolic_max: 79,
    color: '#2e7d32',
    sort: 1,
  },
  {
    code: 'elevated',
    name: 'Elevada',
    systolic_min: 120,
    systolic_max: 129,
    diastolic_min: null,
    diastolic_max: null,
    color: '#f9a825',
    sort: 2,
  },
  {
    code: 'stage-1',
    name: 'Hipertensión etapa 1',
    systolic_min: 130,
    systolic_max: 139,
    diastolic_min: 80,
    diastolic_max: 89,
    color: '#ef6c00',
    sort: 3,
  },
  {
    code: 'stage-2',
    name: 'Hipertensión etapa 2',
    systolic_min: 140,
    systolic_max: 180,
    diastolic_min: 90,
    diastolic_max: 120,
    color: '#c62828',
    sort: 4,
  },
]

const PATIENT = '01937a4e-0000-7000-8000-000000000001'
const common = {
  from: '2026-11-01',
  to: '2026-11-23',
  tenant: { name: 'Industrias Acme del Bajío', logo: LOGO },
  patient: { name: 'María Guadalupe Hernández Núñez', curp: 'HENG850312MGTRXD04' },
  language: 'es',
  bloodPressureRanges: ranges,
  generatedAt: new Date('2026-11-23T18:05:00Z'),
  timeZone: 'America/Mexico_City',
} as const

const reading = (n: number, takenAt: string) => ({
  id: `01937a4e-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  patient_id: PATIENT,
  taken_at: takenAt,
  note: null,
})

const bloodPressure: ReadingsPdfInput = {
  ...common,
  kind: 'blood-pressure',
  rows: [
    {
      ...reading(1, '2026-11-20T14:30:00.000Z'),
      systolic: 134,
      diastolic: 82,
      heart_rate: 76,
      note: 'Después de correr',
    },
    { ...reading(2, '2026-11-10T13:00:00.000Z'), systolic: 115, diastolic: 75, heart_rate: null },
  ],
}

const textOf = (input: ReadingsPdfInput) => pdfText(buildReadingsPdf(input).bytes)

describe('the self-tracking log as a PDF', () => {
  it('is a PDF with the tenant, the patient, the period and each entry with its category', () => {
    const { bytes } = buildReadingsPdf(bloodPressure)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Registro de presión arterial',
        'Paciente: María Guadalupe Hernández Núñez',
        'CURP: HENG850312MGTRXD04',
        'Periodo: del 01/11/2026 al 23/11/2026',
        '134/82',
        '76',
        'Hipertensión etapa 1',
        'Después de correr',
        '115/75',
        'Normal',
        'Generado el 23/11/2026 12:05',
        'Página 1 de 1',
      ]),
    )
    // Oldest first, at the patient's local time.
    expect(text.indexOf('10/11/2026 07:00')).toBeLessThan(text.indexOf('20/11/2026 08:30'))
    expect(new TextDecoder('latin1').decode(bytes)).toContain('/Subtype /Image')
  })

  it('names the file by the kind and the day it was made (DD_MM_YYYY)', () => {
    const local = new Date(2026, 10, 23, 12, 0)
    expect(buildReadingsPdf({ ...bloodPressure, generatedAt: local }).fileName).toBe(
      'presion_arterial_23_11_2026.pdf',
    )
    expect(buildReadingsPdf({ ...common, generatedAt: local, kind: 'glucose', rows: [] }).fileName).toBe(
      'glucosa_23_11_2026.pdf',
    )
    expect(
      buildReadingsPdf({ ...common, generatedAt: local, language: 'en', kind: 'habit', rows: [] }).fileName,
    ).toBe('habits_23_11_2026.pdf')
  })

  it('gives the same bytes for the same input', () => {
    const first = buildReadingsPdf(bloodPressure).bytes
    const second = buildReadingsPdf(structuredClone(bloodPressure)).bytes
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
    const later = buildReadingsPdf({ ...bloodPressure, generatedAt: new Date('2026-11-24T18:05:00Z') }).bytes
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false)
  })

  it('says there are no entries when none falls in the period', () => {
    const outside = { ...bloodPressure, from: '2026-11-21', to: '2026-11-23' }
    const { bytes } = buildReadingsPdf(outside)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(new TextDecoder('latin1').decode(bytes).trimEnd().endsWith('%%EOF')).toBe(true)
    expect(pdfText(bytes)).toEqual(
      expect.arrayContaining(['No hay registros en este periodo.', 'Página 1 de 1']),
    )
    expect(pdfText(bytes)).not.toContain('134/82')
  })

  it('keeps a reading in the local day it was taken and leaves deleted ones out', () => {
    const text = textOf({
      ...common,
      from: '2026-11-22',
      to: '2026-11-22',
      kind: 'glucose',
      // 05:30 UTC on the 23rd is 23:30 of the 22nd in central Mexico.
      rows: [
        { ...reading(1, '2026-11-23T05:30:00.000Z'), glucose: 98, moment: 'fasting' },
        {
          ...reading(2, '2026-11-22T15:00:00.000Z'),
          glucose: 180,
          moment: 'after-meal',
          deleted_at: '2026-11-22T16:00:00Z',
        },
        { ...reading(3, '2026-11-23T07:00:00.000Z'), glucose: 101.5, moment: null },
      ],
    })
    expect(text).toEqual(expect.arrayContaining(['22/11/2026 23:30', '98', 'En ayunas']))
    expect(text).not.toContain('180')
    expect(text).not.toContain('101.5')
  })

  it('computes BMI and waist-to-hip ratio in the somatometry log', () => {
    const text = textOf({
      ...common,
      kind: 'somatometry',
      rows: [
        {
          ...reading(1, '2026-11-05T15:00:00.000Z'),
          weight_kg: 70,
          height_m: 1.75,
          waist_cm: 94,
          hip_cm: 102,
          temperature_c: 36.6,
          oximetry: 97,
          heart_rate: 72,
          respiratory_rate: 16,
        },
      ],
    })
    expect(text).toEqual(
      expect.arrayContaining(['70', '1.75', '22.9', '94', '102', '0.92', 'Temp. 36.6 °C', 'SpO2 97 %']),
    )
  })

  it('lists meals with water, and habits with frequency and quantity, in English when asked', () => {
    const nutrition = textOf({
      ...common,
      language: 'en',
      kind: 'nutrition',
      rows: [
        {
          ...reading(1, '2026-11-05T15:00:00.000Z'),
          meals: [
            { time: '08:00', description: 'Huevos a la mexicana' },
            { time: '14:30', description: 'Caldo de res' },
          ],
          water_ml: 1500,
        },
      ],
    })
    expect(nutrition).toEqual(
      expect.arrayContaining([
        'Nutrition log',
        'Patient: María Guadalupe Hernández Núñez',
        '08:00 Huevos a la mexicana',
        '14:30 Caldo de res',
        '1500',
      ]),
    )
    const habits = textOf({
      ...common,
      language: 'en',
      kind: 'habit',
      rows: [
        {
          ...reading(1, '2026-11-05T15:00:00.000Z'),
          habit: 'exercise',
          frequency: 'several-per-week',
          quantity: 45,
        },
      ],
    })
    expect(habits).toEqual(
      expect.arrayContaining(['Habits log', 'Exercise', 'Several times a week', '45 min', 'Page 1 of 1']),
    )
  })

  it('numbers every page of a long log', () => {
    const rows = Array.from({ length: 60 }, (_, n) => ({
      ...reading(n, `2026-11-${String(1 + (n % 20)).padStart(2, '0')}T15:00:00.000Z`),
      glucose: 90 + n,
      moment: 'random' as const,
    }))
    const text = textOf({ ...common, kind: 'glucose', rows })
    expect(text).toEqual(expect.arrayContaining(['Página 1 de 2', 'Página 2 de 2', '149']))
  })
})

describe('the instants of the readings', () => {
  it('reads PostgreSQL’s text form as the same instant as ISO', () => {
    expect(parseInstant('2026-11-23 08:40:00+00').toISOString()).toBe('2026-11-23T08:40:00.000Z')
    expect(parseInstant('2026-11-23 08:40:00.25-06').toISOString()).toBe('2026-11-23T14:40:00.250Z')
    expect(parseInstant('2026-11-23T08:40:00.000Z').toISOString()).toBe('2026-11-23T08:40:00.000Z')
  })
})
