import { generatePerson, randomSource } from '../../server/seed/people'
import type { NewPatient } from '../../src/sync/mutators'
import type { NewBloodPressure, NewGlucose } from '../../src/sync/reading-mutators'

/**
 * What a nurse types on the tablet, built from the seed's realistic people (DESIGN §8: valid
 * CURPs and NSS, real state and municipality codes). The same number gives the same person, so
 * a failing randomized run can be replayed; different numbers give different CURPs.
 */
export function newPatient(number: number, overrides: Partial<NewPatient> = {}): NewPatient {
  const person = generatePerson(randomSource(number), number)
  return {
    payroll_number: person.payrollNumber,
    administrative_status: 'active',
    name: person.name,
    last_name: person.lastName,
    second_last_name: person.secondLastName,
    birth_date: person.birthDate,
    birth_state_code: person.birthStateCode,
    curp: person.curp,
    nss: person.nss,
    phone: person.phone,
    marital_status: person.maritalStatus,
    address_state_code: person.addressStateCode,
    address_municipality_code: person.addressMunicipalityCode,
    address_other: person.addressOther,
    supervisor: person.supervisor,
    ...overrides,
  }
}

export const bloodPressure = (
  patientId: string,
  overrides: Partial<NewBloodPressure> = {},
): NewBloodPressure => ({
  patient_id: patientId,
  taken_at: '2026-11-23T08:40:00.000Z',
  systolic: 132,
  diastolic: 86,
  heart_rate: 78,
  ...overrides,
})

export const glucose = (patientId: string, overrides: Partial<NewGlucose> = {}): NewGlucose => ({
  patient_id: patientId,
  taken_at: '2026-11-23T07:05:00.000Z',
  glucose: 112,
  moment: 'fasting',
  ...overrides,
})
