import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { SI_UNITS } from '../../contract/rules/units'
import { activateLanguage } from '../../i18n/language'
import { consultationFormValues, parseConsultationForm } from './consultation-form-values'
import { REASON_ID, RESPIRATORY_ID } from './test-data'

const PATIENT = '0193b2a0-0000-7000-8000-000000000001'

/** A form filled in completely, on site, with no vital sign yet. */
const filled = (overrides: Partial<ReturnType<typeof consultationFormValues>> = {}) => ({
  ...consultationFormValues(undefined, SI_UNITS, new Date(2026, 10, 20, 10, 30)),
  reason_id: REASON_ID,
  diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY_ID }],
  ...overrides,
})
const withVital = (sign: string, typed: string) => {
  const values = filled()
  return { ...values, vitals: { ...values.vitals, [sign]: typed } }
}
const parse = (values: ReturnType<typeof filled>, units = SI_UNITS) =>
  parseConsultationForm(PATIENT, values, units, i18n)

describe('the consultation form’s values', () => {
  beforeAll(() => activateLanguage('es'))

  it('gives the contract’s fields: the date and time as an instant, empty notes and vital signs as null', () => {
    const parsed = parse(filled())
    expect(parsed.errors).toBeUndefined()
    expect(parsed.fields).toMatchObject({
      patient_id: PATIENT,
      type: 'initial',
      modality: 'on_site',
      call_duration: null,
      started_at: new Date(2026, 10, 20, 10, 30).toISOString(),
      weight_kg: null,
      subjective: null,
    })
  })

  it.each([
    ['weight_kg', '0.9', 'Debe estar entre 1 y 300.'],
    ['weight_kg', '300.1', 'Debe estar entre 1 y 300.'],
    ['temperature_c', '34.9', 'Debe estar entre 35 y 42.'],
    ['oximetry', '48', 'Debe ser al menos 49.'],
    ['oximetry', '101', 'Debe ser como máximo 100.'],
    ['systolic', '59', 'Debe ser al menos 60.'],
    ['heart_rate', '161', 'Debe ser como máximo 160.'],
    ['respiratory_rate', '31', 'Debe ser como máximo 30.'],
    ['glucose', '39', 'Debe ser al menos 40.'],
    ['diastolic', '80.5', 'Debe ser un número entero.'],
    ['heart_rate', 'setenta', 'Escribe un número.'],
  ])('refuses %s = %s just past its SPEC §5 range with its message', (sign, typed, message) => {
    expect(parse(withVital(sign, typed)).errors).toEqual({ [`vitals.${sign}`]: message })
  })

  it.each([
    ['weight_kg', '1', 1],
    ['weight_kg', '300', 300],
    ['height_m', '0.6', 0.6],
    ['temperature_c', '42', 42],
    ['oximetry', '49', 49],
    ['oximetry', '100', 100],
    ['respiratory_rate', '0', 0],
    ['glucose', '850', 850],
  ])('takes %s = %s at the edge of its range', (sign, typed, stored) => {
    expect(parse(withVital(sign, typed)).fields?.[sign as 'weight_kg']).toBe(stored)
  })

  it('takes a weight in pounds within the pounds’ range and stores it in kilograms', () => {
    const units = { ...SI_UNITS, weight: 'lb' as const }
    expect(parse(withVital('weight_kg', '2.1'), units).errors).toEqual({
      'vitals.weight_kg': 'Debe estar entre 2.2 y 661.3.',
    })
    expect(parse(withVital('weight_kg', '154.3'), units).fields?.weight_kg).toBeCloseTo(69.989, 3)
  })

  it('asks a remote consultation for its call duration, in a valid time, and drops it on site', () => {
    expect(parse(filled({ modality: 'remote' })).errors).toEqual({
      call_duration: 'Una consulta a distancia necesita la duración de la llamada.',
    })
    expect(parse(filled({ modality: 'remote', call_duration: '25:00' })).errors).toEqual({
      call_duration: 'Escribe la duración de la llamada como HH:MM o HH:MM:SS.',
    })
    expect(parse(filled({ modality: 'remote', call_duration: '00:25' })).fields?.call_duration).toBe('00:25')
    expect(parse(filled({ modality: 'on_site', call_duration: '00:25' })).fields?.call_duration).toBeNull()
  })

  it('wants the date as YYYY/MM/DD, the time as HH:MM, a reason and a diagnosis', () => {
    expect(parse(filled({ date: '20/11/2026', time: '9:5', reason_id: '', diagnoses: [] })).errors).toEqual({
      date: 'Escribe la fecha como AAAA/MM/DD.',
      time: 'Escribe la hora como HH:MM.',
      reason_id: 'Este campo es obligatorio.',
      diagnoses: 'La consulta necesita al menos un diagnóstico.',
    })
  })

  it('wants each diagnosis filed under an affected system', () => {
    const diagnoses = [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: '' }]
    expect(parse(filled({ diagnoses })).errors).toEqual({
      'diagnoses.0.affected_system_id': 'Este campo es obligatorio.',
    })
  })
})
