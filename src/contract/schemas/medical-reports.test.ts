import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CreateDisabilityRequest } from './disabilities'
import { CreateCertificateRequest } from './health-certificates'
import { CreateIncidentReportRequest } from './incident-reports'

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

const disability = {
  id: '019a0000-0000-7000-8000-000000000001',
  patient_id: '019a0000-0000-7000-8000-000000000002',
  cause: 'Esguince de tobillo derecho',
  reason: 'Riesgo de trabajo',
  start_date: '2026-03-03',
  end_date: '2026-03-09',
  type_id: '019a0000-0000-7000-8000-000000000003',
  issuer: 'imss',
  status_id: '019a0000-0000-7000-8000-000000000004',
  assigned_number: 'ab123456',
  assigned_days: 7,
}

describe('a disability’s request', () => {
  it('takes dates and days that agree, the folio upper-cased', () => {
    const result = v.parse(CreateDisabilityRequest, disability)
    expect(result.assigned_number).toBe('AB123456')
    expect(result.control_measures).toBeNull()
  })

  it('refuses an end before the start on end_date', () => {
    expect(issuesOf(CreateDisabilityRequest, { ...disability, end_date: '2026-03-02' })).toEqual([
      ['end_date', 'disability.endBeforeStart'],
    ])
  })

  it('refuses assigned days the dates do not give on assigned_days', () => {
    expect(issuesOf(CreateDisabilityRequest, { ...disability, assigned_days: 6 })).toEqual([
      ['assigned_days', 'disability.assignedDaysMismatch'],
    ])
  })
})

describe('a health status certificate’s request', () => {
  const certificate = {
    id: disability.id,
    patient_id: disability.patient_id,
    issued_on: '2026-03-03',
    result: 'fit_with_restrictions',
    valid_from: '2026-03-03',
    valid_to: '2026-06-03',
    restrictions: 'No cargar más de 10 kg',
  }

  it('takes a certificate fit with restrictions that names them', () => {
    expect(issuesOf(CreateCertificateRequest, certificate)).toEqual([])
  })

  it('refuses one fit with restrictions without them, and a validity ending before it starts', () => {
    expect(
      issuesOf(CreateCertificateRequest, { ...certificate, restrictions: null, valid_to: '2026-03-02' }),
    ).toEqual([
      ['valid_to', 'certificate.validToBeforeFrom'],
      ['restrictions', 'certificate.restrictionsRequired'],
    ])
  })
})

describe('an ST-7’s request', () => {
  const report = {
    id: disability.id,
    patient_id: disability.patient_id,
    employer: {
      business_name: 'Aceros del Bajío',
      employer_registration: 'Y5412345104',
      address: 'Av. 5 de Febrero 100',
    },
    worker: { name: 'Juan Pérez', nss: '12345678901', curp: null, hire_date: '2020-01-15' },
    accident_kind: 'at_work',
    occurred_on: '2026-03-03',
    occurred_at: '08:40',
    place: 'Almacén',
    activity: 'Descargaba material',
    description: 'Resbaló en el piso mojado',
    attended_on: '2026-03-03',
    attended_at: '09:10',
    diagnosis_code: 's93.4',
    diagnosis_name: 'Esguince de tobillo',
    injuries: 'Esguince',
    body_part: 'Tobillo derecho',
    treatment: 'Inmovilización',
    probable_qualification: 'work_related',
  }

  it('takes the form’s parts, the CIE-10 code without its dot', () => {
    expect(issuesOf(CreateIncidentReportRequest, { ...report, diagnosis_code: 'S934' })).toEqual([])
  })

  it('refuses a first attention before the accident on attended_on', () => {
    expect(
      issuesOf(CreateIncidentReportRequest, { ...report, diagnosis_code: 'S934', attended_on: '2026-03-02' }),
    ).toEqual([['attended_on', 'incidentReport.attentionBeforeAccident']])
  })
})
