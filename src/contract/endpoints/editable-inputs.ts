import * as v from 'valibot'
import {
  EditableInput,
  EditableInputChange,
  EditableInputParams,
  EditableInputQuery,
} from '../schemas/editable-inputs'
import { endpoint } from './define'

/**
 * The editable inputs (SPEC §2 /editable-inputs, §7 `editable-fields`; decision 0018): which
 * optional inputs of its forms a tenant shows. The inputs are declared by the forms
 * (`EDITABLE_INPUTS`), so a tenant switches them on and off (`POST /catalog/editable-fields/{id}`)
 * and never creates or deletes one. What the forms honour is `GET /inputs/inputs-disabled`
 * (configuration service, `inputsDisabled`), which the device caches.
 */

/** The screen's list: every switchable input with its state. */
export const editableInputsList = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/editable-fields/list',
  access: 'editable-inputs-index',
  response: v.array(EditableInput),
})

/** The same list for any signed-in user of the tenant (a form may ask what it should show). */
export const editableInputsGetList = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/editable-fields/get-list',
  access: 'authenticated',
  response: v.array(EditableInput),
})

/** Whether a new record's form offers one input (`?input=patient.supervisor`). */
export const editableInputIsEnabled = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/editable-fields/is-enable-add',
  access: 'authenticated',
  query: EditableInputQuery,
  response: v.boolean(),
})

/** One switchable input with its state (SPEC's `show/{id}`; the id is the input's key). */
export const showEditableInput = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/editable-fields/show/:id',
  access: 'editable-inputs-index',
  params: EditableInputParams,
  response: EditableInput,
})

/** Shows or hides one input in the tenant's forms. */
export const setEditableInput = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/editable-fields/:id',
  access: 'editable-inputs-edit',
  params: EditableInputParams,
  body: EditableInputChange,
  response: EditableInput,
})
