import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { OCCUPATIONAL_RISKS } from './catalogue-definitions'
import { CreatePatientRequest, UpdatePatientRequest } from './patient'

const patient = {
  id: '0193a3b0-0000-7000-8000-0000000000a1',
  administrative_status: 'active',
  name: 'José Luis',
  last_name: 'Romero',
  birth_date: '1994-06-14',
  curp: 'ROGL940614HCMMNS59',
}

const pathsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

describe("a patient's occupational risks", () => {
  it('are none unless given', () => {
    expect(v.parse(CreatePatientRequest, patient).occupational_risks).toEqual([])
  })

  it('take the codes the vaccination scheme applies by', () => {
    const parsed = v.parse(CreatePatientRequest, {
      ...patient,
      occupational_risks: ['biological', 'chemical'],
    })
    expect(parsed.occupational_risks).toEqual(['biological', 'chemical'])
  })

  it('refuse a code the scheme does not know, naming its place', () => {
    expect(pathsOf(CreatePatientRequest, { ...patient, occupational_risks: ['radioactive'] })).toEqual([
      ['occupational_risks.0', 'field.picklist'],
    ])
  })

  it('refuse more risks than there are', () => {
    const tooMany = [...OCCUPATIONAL_RISKS, 'biological']
    expect(pathsOf(CreatePatientRequest, { ...patient, occupational_risks: tooMany })).toEqual([
      ['occupational_risks', 'field.maxItems'],
    ])
  })

  it('are an update of their own', () => {
    expect(v.parse(UpdatePatientRequest, { occupational_risks: ['mechanical'] })).toEqual({
      occupational_risks: ['mechanical'],
    })
  })
})
