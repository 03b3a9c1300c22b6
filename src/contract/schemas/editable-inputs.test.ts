import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  disabledInputsOf,
  EDITABLE_INPUT_KEYS,
  EDITABLE_INPUTS,
  EditableInputParams,
  editableInputsOf,
} from './editable-inputs'
import { patientFieldEntries } from './patient'

describe('the switchable inputs', () => {
  it('are all optional in their form: a required input can never be switched off', () => {
    for (const { input } of EDITABLE_INPUTS.filter((declaration) => declaration.form === 'patient')) {
      const alone = v.object({ [input]: patientFieldEntries[input] })
      expect(v.safeParse(alone, {}).success, input).toBe(true)
    }
  })

  it('each have one key', () => {
    expect(new Set(EDITABLE_INPUT_KEYS).size).toBe(EDITABLE_INPUTS.length)
  })

  it('refuse the key of a required or unknown input', () => {
    expect(v.safeParse(EditableInputParams, { id: 'patient.supervisor' }).success).toBe(true)
    for (const id of ['patient.curp', 'patient.name', 'patient.birth_date', 'patient.area', 'supervisor']) {
      expect(v.safeParse(EditableInputParams, { id }).success, id).toBe(false)
    }
  })

  it('give each declared input its state, ignoring a stored key no longer declared', () => {
    const states = editableInputsOf(['patient.phone', 'patient.area'])
    expect(states).toHaveLength(EDITABLE_INPUTS.length)
    expect(states.filter((input) => !input.enabled).map((input) => input.id)).toEqual(['patient.phone'])
    expect([...disabledInputsOf('patient', ['patient.phone', 'patient.area'])]).toEqual(['phone'])
  })
})
