import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLanguage } from '../../i18n/language'
import {
  changedFields,
  errorsOfStep,
  formOfIncidentReport,
  type IncidentReportFormValues,
  newIncidentReportForm,
  parseIncidentReportForm,
  stepOfField,
} from './incident-report-form-values'

const DISABILITY = '0193a3b0-0000-7000-8000-0000000000d1'

const prefill = {
  employer: {
    business_name: 'Manufacturas del Bajío S.A. de C.V.',
    employer_registration: 'Y5412345104',
    address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
  },
  worker: {
    name: 'María Fernanda López Hernández',
    nss: '12345678903',
    curp: 'LOHM900315MQTPRR08',
    occupation: 'Almacenista',
    shift: null,
    hire_date: '2020-01-15',
  },
}

/** A whole form, as a professional fills it. */
const filled = (change: (values: IncidentReportFormValues) => void = () => {}) => {
  const values = newIncidentReportForm(prefill, '2026-03-03', '09:40')
  Object.assign(values, {
    accident_kind: 'at_work',
    occurred_on: '2026/03/03',
    occurred_at: '08:15',
    place: 'Almacén de producto terminado, pasillo 4',
    activity: 'Acomodaba cajas en el rack con el montacargas',
    description: 'Una caja cayó del segundo nivel y le golpeó el pie derecho',
    witnesses: '',
    diagnosis_code: 'S934',
    diagnosis_name: 'Esguince y torcedura del tobillo',
    injuries: 'Contusión y edema en el tobillo derecho',
    body_part: 'Tobillo derecho',
    treatment: 'Vendaje, hielo local y paracetamol 500 mg cada 8 horas',
    disability_id: DISABILITY,
    probable_qualification: 'work_related',
  } satisfies Partial<IncidentReportFormValues>)
  change(values)
  return values
}

describe('the ST-7 form’s values', () => {
  beforeAll(() => activateLanguage('es'))

  it('starts a new report from the prefill, the first attention now and the accident blank', () => {
    const values = newIncidentReportForm(prefill, '2026-03-03', '09:40')
    expect(values.employer).toEqual(prefill.employer)
    expect(values.worker).toEqual({
      ...prefill.worker,
      shift: '',
      hire_date: '2020/01/15',
    })
    expect(values).toMatchObject({ attended_on: '2026/03/03', attended_at: '09:40', occurred_on: '' })
  })

  it('reads a whole form as the contract’s fields (dates ISO, empty texts null)', () => {
    const parsed = parseIncidentReportForm(filled(), i18n)
    expect(parsed.errors).toBeUndefined()
    expect(parsed.fields).toMatchObject({
      worker: { shift: null, hire_date: '2020-01-15' },
      occurred_on: '2026-03-03',
      attended_on: '2026-03-03',
      witnesses: null,
      disability_id: DISABILITY,
      probable_qualification: 'work_related',
    })
    expect(
      parseIncidentReportForm(
        filled((v) => (v.disability_id = '')),
        i18n,
      ).fields?.disability_id,
    ).toBe(null)
  })

  it('says which required fields are empty, each on its step, a missing diagnosis on its search', () => {
    const parsed = parseIncidentReportForm(
      filled((values) => {
        values.employer.employer_registration = ''
        values.accident_kind = ''
        values.occurred_at = ''
        values.diagnosis_code = ''
        values.diagnosis_name = ''
        values.probable_qualification = ''
      }),
      i18n,
    )
    const required = 'Este campo es obligatorio.'
    expect(parsed.errors).toEqual({
      'employer.employer_registration': required,
      accident_kind: required,
      occurred_at: required,
      diagnosis_code: required,
      probable_qualification: required,
    })
    expect(Object.keys(errorsOfStep(parsed.errors ?? {}, 'accident'))).toEqual([
      'accident_kind',
      'occurred_at',
    ])
    expect(stepOfField('employer.employer_registration')).toBe('employer')
    expect(stepOfField('disability_id')).toBe('attention')
  })

  it('refuses a date not written YYYY/MM/DD, a bad time, and an attention before the accident', () => {
    const badly = parseIncidentReportForm(
      filled((values) => {
        values.worker.hire_date = '15/01/2020'
        values.occurred_at = '25:10'
      }),
      i18n,
    )
    expect(badly.errors).toEqual({
      'worker.hire_date': 'Escribe la fecha como AAAA/MM/DD.',
      occurred_at: 'Escribe la hora como HH:MM.',
    })
    const early = parseIncidentReportForm(
      filled((values) => (values.attended_on = '2026/03/02')),
      i18n,
    )
    expect(early.errors).toEqual({ attended_on: 'La atención médica no puede ser anterior al accidente.' })
  })

  it('amends only the fields that changed, a part whole when one of its fields did', () => {
    const parsed = parseIncidentReportForm(filled(), i18n)
    if (!parsed.fields) throw new Error('the form is whole')
    const report = { ...parsed.fields }
    const values = formOfIncidentReport(report)
    expect(changedFields(report, parseIncidentReportForm(values, i18n).fields ?? report)).toEqual({})
    values.worker.shift = 'Matutino'
    values.treatment = 'Vendaje, hielo local e inmovilización'
    const changes = changedFields(report, parseIncidentReportForm(values, i18n).fields ?? report)
    expect(changes).toEqual({
      worker: { ...report.worker, shift: 'Matutino' },
      treatment: 'Vendaje, hielo local e inmovilización',
    })
  })
})
