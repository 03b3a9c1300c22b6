import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLanguage } from '../../i18n/language'
import {
  type DisabilityFormValues,
  daysOfDates,
  emptyDisabilityForm,
  liveDaysProblem,
  parseDisabilityForm,
} from './disability-form-values'

const TYPE = '0193a7f2-0000-7000-8000-00000000d001'
const STATUS = '0193a7f2-0000-7000-8000-00000000d101'

const filled = (over: Partial<DisabilityFormValues> = {}): DisabilityFormValues => ({
  ...emptyDisabilityForm(new Date(2026, 10, 2)),
  cause: 'Esguince de tobillo derecho',
  reason: 'Caída en el andén',
  type_id: TYPE,
  status_id: STATUS,
  issuer: 'imss',
  start_date: '2026/11/02',
  end_date: '2026/11/15',
  assigned_days: '14',
  ...over,
})

describe('the disability form’s values', () => {
  beforeAll(async () => {
    await activateLanguage('es')
  })

  it('starts today, and counts both ends of the period', () => {
    expect(emptyDisabilityForm(new Date(2026, 10, 2)).start_date).toBe('2026/11/02')
    expect(daysOfDates({ start_date: '2026/11/02', end_date: '2026/11/02' })).toBe(1)
    expect(daysOfDates({ start_date: '2026/02/27', end_date: '2026/03/02' })).toBe(4)
    expect(daysOfDates({ start_date: '2026/11/02', end_date: '2026/11/0' })).toBeNull()
    expect(daysOfDates({ start_date: '2026/11/02', end_date: '2026/11/01' })).toBeNull()
  })

  it('gives the contract’s fields, the folio in capitals and empty texts as null', () => {
    const parsed = parseDisabilityForm(filled({ assigned_number: ' lm-0482310 ', comments: '  ' }), i18n)
    expect(parsed.errors).toBeUndefined()
    expect(parsed.fields).toMatchObject({
      start_date: '2026-11-02',
      end_date: '2026-11-15',
      assigned_days: 14,
      assigned_number: 'LM-0482310',
      comments: null,
      control_measures: null,
    })
  })

  it('puts an end before the start on the end date only, and days against the dates on the days', () => {
    const backwards = filled({ end_date: '2026/11/01', assigned_days: '' })
    expect(parseDisabilityForm(backwards, i18n).errors).toEqual({
      end_date: 'La fecha de término no puede ser anterior a la de inicio.',
    })
    expect(liveDaysProblem(backwards, i18n)).toEqual({
      end_date: 'La fecha de término no puede ser anterior a la de inicio.',
    })
    const mismatch = filled({ assigned_days: '10' })
    expect(parseDisabilityForm(mismatch, i18n).errors).toEqual({
      assigned_days: 'Los días asignados no coinciden con las fechas de inicio y término.',
    })
    expect(liveDaysProblem(mismatch, i18n)).toEqual({
      assigned_days: 'Los días asignados no coinciden con las fechas de inicio y término.',
    })
    expect(liveDaysProblem(filled({ end_date: '2026/11' }), i18n)).toEqual({})
  })

  it('names every missing field and a folio with other characters', () => {
    const errors = parseDisabilityForm(
      { ...emptyDisabilityForm(new Date(2026, 10, 2)), assigned_number: 'LM 04/82' },
      i18n,
    ).errors
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      'assigned_days',
      'assigned_number',
      'cause',
      'end_date',
      'issuer',
      'reason',
      'status_id',
      'type_id',
    ])
    expect(errors?.assigned_number).toBe('El folio solo lleva letras, números y guiones.')
    expect(errors?.cause).toBe('Este campo es obligatorio.')
  })
})
