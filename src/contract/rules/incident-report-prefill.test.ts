import { describe, expect, it } from 'vitest'
import { employerAddress, incidentReportPrefillOf } from './incident-report-prefill'

const settings = {
  business_name: 'Manufacturas del Bajío S.A. de C.V.',
  employer_registration: 'Y5412345104',
  address: {
    street: ' Av. 5 de Febrero 100 ',
    city: 'Querétaro',
    state: 'Querétaro',
    postal_code: '76120',
    phone: '442 215 3000',
  },
}

const patient = {
  name: 'María Fernanda',
  last_name: 'López',
  second_last_name: null,
  nss: '12345678903',
  curp: 'LOHM900315MQTPRR08',
  hire_date: '2020-01-15',
}

const report = (id: string, occurred_on: string, occupation: string, deleted_at: string | null = null) => ({
  id,
  occurred_on,
  deleted_at,
  worker: { occupation, shift: 'Matutino' },
})

describe('the prefill of a new ST-7', () => {
  it('copies the employer from the tenant’s settings, its address without the phone', () => {
    expect(incidentReportPrefillOf({ settings, patient, reports: [], disabilities: [] }).employer).toEqual({
      business_name: 'Manufacturas del Bajío S.A. de C.V.',
      employer_registration: 'Y5412345104',
      address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
    })
  })

  it('leaves out the address parts the tenant has not given, and an unknown registration empty', () => {
    const bare = { street: null, city: '  ', state: 'Querétaro', postal_code: null, phone: null }
    expect(employerAddress(bare)).toBe('Querétaro')
    const prefill = incidentReportPrefillOf({
      settings: { ...settings, employer_registration: null, address: bare },
      patient,
      reports: [],
      disabilities: [],
    })
    expect(prefill.employer.employer_registration).toBe('')
  })

  it('copies the worker from the patient, occupation and shift from their latest live report', () => {
    const prefill = incidentReportPrefillOf({
      settings,
      patient,
      reports: [
        report('01900000-0000-7000-8000-000000000001', '2026-02-01', 'Almacenista'),
        report('01900000-0000-7000-8000-000000000002', '2026-05-01', 'Soldador', '2026-05-02T10:00:00Z'),
        report('01900000-0000-7000-8000-000000000003', '2026-03-01', 'Montacarguista'),
      ],
      disabilities: [],
    })
    expect(prefill.worker).toEqual({
      name: 'María Fernanda López',
      nss: '12345678903',
      curp: 'LOHM900315MQTPRR08',
      occupation: 'Montacarguista',
      shift: 'Matutino',
      hire_date: '2020-01-15',
    })
  })

  it('takes the later written of two reports of one day (by id), and nothing without any', () => {
    const sameDay = incidentReportPrefillOf({
      settings,
      patient,
      reports: [
        report('01900000-0000-7000-8000-00000000000a', '2026-03-01', 'Soldador'),
        report('01900000-0000-7000-8000-00000000000b', '2026-03-01', 'Pintor'),
      ],
      disabilities: [],
    })
    expect(sameDay.worker.occupation).toBe('Pintor')
    const none = incidentReportPrefillOf({
      settings,
      patient: { name: 'Juan' },
      reports: [],
      disabilities: [],
    })
    expect(none.worker).toEqual({
      name: 'Juan',
      nss: null,
      curp: null,
      occupation: null,
      shift: null,
      hire_date: null,
    })
  })

  it('offers the patient’s live disabilities, newest first, with what the form shows of each', () => {
    const prefill = incidentReportPrefillOf({
      settings,
      patient,
      reports: [],
      disabilities: [
        { id: 'a', start_date: '2026-01-10', end_date: '2026-01-12', assigned_number: 'LM0590011' },
        { id: 'b', start_date: '2026-03-03', end_date: '2026-03-09', assigned_number: null },
        {
          id: 'c',
          start_date: '2026-04-01',
          end_date: '2026-04-02',
          assigned_number: null,
          deleted_at: '2026-04-03T09:00:00Z',
        },
      ],
    })
    expect(prefill.disabilities).toEqual([
      { id: 'b', start_date: '2026-03-03', end_date: '2026-03-09', assigned_number: null },
      { id: 'a', start_date: '2026-01-10', end_date: '2026-01-12', assigned_number: 'LM0590011' },
    ])
  })
})
