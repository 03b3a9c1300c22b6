import { describe, expect, it } from 'vitest'
import type { EncounterWithAmendments } from '../contract/schemas/encounters'
import { consultationDocumentOf } from './consultation-document'

const consultation: EncounterWithAmendments = {
  id: '0193a7f2-5b1e-7c3d-8e4f-0000000000e1',
  patient_id: '0193a7f2-5b1e-7c3d-8e4f-0000000000p1',
  type: 'follow_up',
  started_at: '2026-11-20T15:30:00.000Z',
  modality: 'remote',
  call_duration: '00:20',
  reason_id: 'reason-1',
  weight_kg: 70,
  height_m: 1.6,
  bmi: 27.3,
  temperature_c: 37,
  oximetry: 97,
  systolic: 120,
  diastolic: 80,
  heart_rate: 72,
  respiratory_rate: 16,
  glucose: null,
  diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: 'system-1' }],
  subjective: 'Tos.',
  objective: null,
  analysis: null,
  plan: 'Reposo.',
  prescription: [
    {
      id: 'line-1',
      medicine_id: 'm1',
      presentation_id: 'p1',
      medicine_name: 'Paracetamol',
      presentation_name: 'Tableta',
      dose: '500 mg',
      quantity: 1,
      unit: 'tablet',
      via: 'oral',
      every_hours: 8,
      for_days: 5,
      indications: null,
    },
  ],
  prescriber: { id: 'u1', name: 'Lucía Mendoza', title: 'Médica cirujana', professional_license: '12345678' },
  version: 3,
  created_at: '2026-11-20T15:40:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  deleted_at: null,
  amendments: [
    {
      id: 'a1',
      version: 2,
      amended_at: '2026-11-20T16:00:00.000Z',
      amended_by: { id: 'u1', name: 'Lucía Mendoza' },
      changes: {
        plan: { before: null, after: 'Reposo.' },
        systolic: { before: 130, after: 120 },
        call_duration: { before: '00:15', after: '00:20' },
      },
    },
    {
      id: 'a2',
      version: 3,
      amended_at: '2026-11-21T09:00:00.000Z',
      amended_by: null,
      changes: { prescription: { before: [], after: [] } },
    },
  ],
}

describe('a stored consultation as its documents read it', () => {
  const input = consultationDocumentOf(consultation, {
    language: 'es',
    timeZone: 'America/Mexico_City',
    tenant: { name: 'Clínica Demo', logo: null, address: null },
    patient: {
      name: 'Rosa Elena Quintero',
      birth_date: '1984-05-14',
      sex: 'Mujer',
      curp: 'QURR840514MQTNSS09',
    },
    reason: 'Enfermedad general',
    systems: new Map([['system-1', 'Aparato respiratorio']]),
  })

  it('dates the document by the last change, never the clock, and names what the catalogues name', () => {
    expect(input.generatedAt.toISOString()).toBe('2026-11-21T09:00:00.000Z')
    expect(input.consultation).toMatchObject({
      type: 'follow-up',
      modality: 'remote',
      reason: 'Enfermedad general',
      diagnoses: [{ code: 'J00', affected_system: 'Aparato respiratorio' }],
    })
    expect(input.prescriber).toEqual({
      name: 'Lucía Mendoza',
      title: 'Médica cirujana',
      professional_license: '12345678',
    })
    expect(input.consultation.prescription[0]).toMatchObject({
      medicine: 'Paracetamol',
      every_hours: 8,
      for_days: 5,
    })
  })

  it('names the parts each amendment changed, in the note’s order, once each', () => {
    expect(input.consultation.amendments).toEqual([
      { at: '2026-11-20T16:00:00.000Z', by: 'Lucía Mendoza', changed: ['modality', 'vital-signs', 'plan'] },
      { at: '2026-11-21T09:00:00.000Z', by: '', changed: ['prescription'] },
    ])
  })
})
