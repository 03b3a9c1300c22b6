import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EditableForm, EditableInputKey } from '../../contract/schemas/editable-inputs'

/** Each form's name on the screen. */
export const FORM_LABELS: Record<EditableForm, MessageDescriptor> = {
  patient: msg`Formulario de pacientes`,
}

/**
 * Each switchable input's label, as its form words it. Typed by the contract's keys, so an input
 * declared there without a label here fails the typecheck.
 */
export const INPUT_LABELS: Record<EditableInputKey, MessageDescriptor> = {
  'patient.second_last_name': msg`Apellido materno`,
  'patient.nss': msg`Número de seguridad social (IMSS)`,
  'patient.key': msg`Clave`,
  'patient.blood_type': msg`Tipo de sangre`,
  'patient.gender': msg`Género`,
  'patient.biological_sex': msg`Sexo biológico`,
  'patient.marital_status': msg`Estado civil`,
  'patient.nationality_code': msg`Nacionalidad`,
  'patient.birth_state_code': msg`Estado de nacimiento`,
  'patient.phone': msg`Teléfono`,
  'patient.emergency_contact_name': msg`Nombre del contacto`,
  'patient.emergency_contact_relationship': msg`Parentesco`,
  'patient.emergency_contact_phone': msg`Teléfono del contacto`,
  'patient.payroll_number': msg`Número de nómina`,
  'patient.hire_date': msg`Fecha de ingreso`,
  'patient.supervisor': msg`Supervisor`,
  'patient.exam_frequency': msg`Frecuencia del examen periódico`,
  'patient.subgroups': msg`Subgrupos`,
}
