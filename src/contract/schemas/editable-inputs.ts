import * as v from 'valibot'
import type { PatientFields } from './patient'

/**
 * The optional inputs of the forms that a tenant may switch off (SPEC §2 /editable-inputs,
 * §7 `editable-fields`, issue 18; docs/decisions/0018-catalogues.md). This list is the only place
 * they are declared: the server refuses any other key (a required input is never here, so it can
 * never be switched off), the screen lists these, and each form hides the ones the tenant
 * switched off. A key is `<form>.<input>`, the input named as the form's field is.
 */
export const EDITABLE_INPUTS = [
  { form: 'patient', input: 'second_last_name' },
  { form: 'patient', input: 'nss' },
  { form: 'patient', input: 'key' },
  { form: 'patient', input: 'blood_type' },
  { form: 'patient', input: 'gender' },
  { form: 'patient', input: 'biological_sex' },
  { form: 'patient', input: 'marital_status' },
  { form: 'patient', input: 'nationality_code' },
  { form: 'patient', input: 'birth_state_code' },
  { form: 'patient', input: 'phone' },
  { form: 'patient', input: 'emergency_contact_name' },
  { form: 'patient', input: 'emergency_contact_relationship' },
  { form: 'patient', input: 'emergency_contact_phone' },
  { form: 'patient', input: 'payroll_number' },
  { form: 'patient', input: 'hire_date' },
  { form: 'patient', input: 'supervisor' },
  { form: 'patient', input: 'exam_frequency' },
  { form: 'patient', input: 'subgroups' },
] as const satisfies readonly { form: 'patient'; input: keyof PatientFields }[]

export type EditableInputDeclaration = (typeof EDITABLE_INPUTS)[number]
export type EditableForm = EditableInputDeclaration['form']
export type EditableInputKey = `${EditableInputDeclaration['form']}.${EditableInputDeclaration['input']}`
/** The inputs of the patient form a tenant may switch off. */
export type PatientEditableInput = Extract<EditableInputDeclaration, { form: 'patient' }>['input']

export const inputKeyOf = (declaration: EditableInputDeclaration): EditableInputKey =>
  `${declaration.form}.${declaration.input}`

export const EDITABLE_INPUT_KEYS: readonly EditableInputKey[] = EDITABLE_INPUTS.map(inputKeyOf)

export const isEditableInputKey = (key: string): key is EditableInputKey =>
  (EDITABLE_INPUT_KEYS as readonly string[]).includes(key)

/** `POST /catalog/editable-fields/{id}`: the input is its key; an unknown or required one is a 422. */
// valibot's picklist takes a mutable array; the list itself is never changed.
const KEYS = EDITABLE_INPUT_KEYS as EditableInputKey[]

export const EditableInputParams = v.object({
  id: v.picklist(KEYS, 'editableInput.unknown'),
})

/** Whether the tenant's forms show the input (and let it be filled). */
export const EditableInputChange = v.object({ enabled: v.boolean('field.type') })
export type EditableInputChange = v.InferOutput<typeof EditableInputChange>

/** `GET /catalog/editable-fields/is-enable-add?input=…`: whether a new record's form offers the input. */
export const EditableInputQuery = v.object({
  input: v.picklist(KEYS, 'editableInput.unknown'),
})

/** A switchable input and whether the tenant's forms show it. */
export const EditableInput = v.object({
  id: v.picklist(KEYS),
  form: v.string(),
  input: v.string(),
  enabled: v.boolean(),
})
export type EditableInput = v.InferOutput<typeof EditableInput>

/** Every declared input with its state, given the keys the tenant switched off (others ignored). */
export function editableInputsOf(disabled: readonly string[]): EditableInput[] {
  const off = new Set(disabled)
  return EDITABLE_INPUTS.map((declaration) => ({
    id: inputKeyOf(declaration),
    form: declaration.form,
    input: declaration.input,
    enabled: !off.has(inputKeyOf(declaration)),
  }))
}

/** The inputs of one form that the tenant switched off, by their field name. */
export function disabledInputsOf(form: EditableForm, disabled: readonly string[]): ReadonlySet<string> {
  return new Set(
    EDITABLE_INPUTS.filter(
      (declaration) => declaration.form === form && disabled.includes(inputKeyOf(declaration)),
    ).map((declaration) => declaration.input),
  )
}
