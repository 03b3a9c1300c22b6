import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { SI_UNITS, type UnitChoice } from '../../contract/rules/units'
import type { LocalReading } from '../../db/local-db'
import { activateLanguage } from '../../i18n/language'
import type { ReadingFormValues } from './reading-fields'
import { initialValues, parseReadingForm } from './reading-form'

const IMPERIAL: UnitChoice = { weight: 'lb', height: 'ft', temperature: 'f' }
const NOW = new Date(2026, 10, 23, 9, 30)

const somatometry = (numbers: ReadingFormValues['numbers']): ReadingFormValues => ({
  ...initialValues('somatometry', IMPERIAL, undefined, NOW),
  numbers,
})

describe('a reading form’s text as the contract’s SI fields', () => {
  beforeAll(() => activateLanguage('es'))

  it('refuses a weight beyond the range in lb, naming the range in lb', () => {
    const parsed = parseReadingForm('somatometry', somatometry({ weight: '661.4' }), IMPERIAL, i18n)
    expect(parsed.errors).toEqual({ 'numbers.weight': 'El peso debe estar entre 2.2 y 661.3 lb' })
  })

  it('takes the edges in lb and ft and stores them inside the SI ranges', () => {
    const parsed = parseReadingForm(
      'somatometry',
      somatometry({ weight: '661.3', height: '1.96', temperature: '107.6' }),
      IMPERIAL,
      i18n,
    )
    expect(parsed.errors).toBeUndefined()
    expect(parsed.fields).toMatchObject({ height_m: 0.6, temperature_c: 42 })
    expect(parsed.fields?.weight_kg).toBeCloseTo(299.96, 2)
    expect(parsed.fields?.taken_at).toBe(NOW.toISOString())
  })

  it('names the other ranges in their own units, and asks for what is required', () => {
    const parsed = parseReadingForm(
      'somatometry',
      somatometry({ weight: '', height: '10', temperature: '94', oximetry: '98.5', waist_cm: '151' }),
      IMPERIAL,
      i18n,
    )
    expect(parsed.errors).toEqual({
      'numbers.weight': 'Este campo es obligatorio.',
      'numbers.height': 'La estatura debe estar entre 1.96 y 9.84 ft',
      'numbers.temperature': 'La temperatura debe estar entre 95 y 107.6 °F',
      'numbers.oximetry': 'Debe ser un número entero.',
      'numbers.waist_cm': 'La cintura debe estar entre 10 y 150 cm',
    })
  })

  it('takes a comma as the decimal point', () => {
    const parsed = parseReadingForm(
      'glucose',
      {
        ...initialValues('glucose', SI_UNITS, undefined, NOW),
        numbers: { glucose: '98,5' },
        moment: 'fasting',
      },
      SI_UNITS,
      i18n,
    )
    expect(parsed.fields).toMatchObject({ glucose: 98.5, moment: 'fasting', note: null })
  })

  it('keeps a stored measure left as shown, so an untouched lb weight is no amendment', () => {
    const reading: LocalReading = {
      id: '0193a7f2-5b1e-7c3d-8e4f-0000000000a1',
      patient_id: '0193a7f2-5b1e-7c3d-8e4f-000000000001',
      kind: 'somatometry',
      taken_at: '2026-11-20T15:04:05.678Z',
      weight_kg: 70.04,
      height_m: 1.75,
      version: 3,
      syncState: 'synced',
    }
    const start = initialValues('somatometry', IMPERIAL, reading, NOW)
    expect(start.numbers).toMatchObject({ weight: '154.4', height: '5.74' })
    const untouched = parseReadingForm('somatometry', start, IMPERIAL, i18n, { reading, values: start })
    expect(untouched.fields).toMatchObject({ weight_kg: 70.04, height_m: 1.75, taken_at: reading.taken_at })
    const edited = parseReadingForm(
      'somatometry',
      { ...start, numbers: { ...start.numbers, weight: '150' } },
      IMPERIAL,
      i18n,
      { reading, values: start },
    )
    expect(edited.fields?.weight_kg).toBeCloseTo(68.039, 3)
    expect(edited.fields?.height_m).toBe(1.75)
  })

  it('checks meals and habits with the contract', () => {
    const meals = parseReadingForm(
      'nutrition',
      {
        ...initialValues('nutrition', SI_UNITS, undefined, NOW),
        meals: [
          { time: '08:00', description: 'Avena' },
          { time: '', description: ' ' },
        ],
        numbers: { water_ml: '10001' },
      },
      SI_UNITS,
      i18n,
    )
    expect(meals.errors).toMatchObject({
      'meals.1.time': 'Escribe la hora como HH:MM.',
      'meals.1.description': 'Este campo es obligatorio.',
      'numbers.water_ml': 'El agua debe estar entre 0 y 10000 ml',
    })
    const habit = parseReadingForm('habit', initialValues('habit', SI_UNITS, undefined, NOW), SI_UNITS, i18n)
    expect(habit.errors).toEqual({
      habit: 'Este campo es obligatorio.',
      frequency: 'Este campo es obligatorio.',
    })
  })

  it('refuses a reading dated in the future', () => {
    const later = new Date(Date.now() + 3_600_000)
    const parsed = parseReadingForm(
      'blood-pressure',
      {
        ...initialValues('blood-pressure', SI_UNITS, undefined, later),
        numbers: { systolic: '120', diastolic: '80' },
      },
      SI_UNITS,
      i18n,
    )
    expect(parsed.errors).toEqual({ taken_at: 'La fecha no puede ser futura.' })
  })
})
