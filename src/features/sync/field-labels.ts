import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { RISK_LABELS } from '../../i18n/occupational-risks'

/** What people call the synced kinds' fields (SPEC §3 Patient, §7 readings), by API name. */
const LABELS: Record<string, MessageDescriptor> = {
  payroll_number: msg`Número de nómina`,
  key: msg`Clave`,
  administrative_status: msg`Estatus administrativo`,
  name: msg`Nombre`,
  last_name: msg`Apellido paterno`,
  second_last_name: msg`Apellido materno`,
  birth_date: msg`Fecha de nacimiento`,
  nationality_code: msg`Nacionalidad`,
  birth_state_code: msg`Entidad de nacimiento`,
  marital_status: msg`Estado civil`,
  phone: msg`Teléfono`,
  curp: msg`CURP`,
  nss: msg`NSS`,
  gender: msg`Género`,
  biological_sex: msg`Sexo biológico`,
  hire_date: msg`Fecha de ingreso`,
  exam_frequency: msg`Frecuencia de examen periódico`,
  address_state_code: msg`Estado`,
  address_municipality_code: msg`Municipio`,
  address_locality_code: msg`Localidad`,
  address_other: msg`Domicilio`,
  emergency_contact_name: msg`Contacto de emergencia`,
  emergency_contact_relationship: msg`Parentesco del contacto`,
  emergency_contact_phone: msg`Teléfono del contacto`,
  subgroups: msg`Subgrupos`,
  occupational_risks: msg`Riesgos laborales`,
  supervisor: msg`Supervisor`,
  email: msg`Correo electrónico`,
  password: msg`Contraseña`,
  covid_status: msg`Estatus COVID`,
  covid_case: msg`Caso`,
  covid_advancement: msg`Avance del colaborador`,
  covid_ruled_out_reason: msg`Motivo de descarte`,
  underlying_conditions: msg`Condiciones subyacentes`,
  initial_symptoms: msg`Síntomas iniciales`,
  weight: msg`Peso (kg)`,
  height: msg`Estatura (m)`,
  blood_type: msg`Tipo de sangre`,
  temperature: msg`Temperatura (°C)`,
  oximetry: msg`Oximetría (%)`,
  pregnancy: msg`Embarazo`,
  shortness_of_breath: msg`Dificultad para respirar`,
  cough_severity: msg`Intensidad de la tos`,
  quarantine_start_date: msg`Inicio de cuarentena`,
  first_symptom_date: msg`Fecha de primeros síntomas`,
  recontagion: msg`Recontagio`,
  vaccinated: msg`Vacunado`,
  covid_tests: msg`Pruebas COVID`,
  taken_at: msg`Fecha y hora de la toma`,
  note: msg`Nota`,
  systolic: msg`Sistólica (mmHg)`,
  diastolic: msg`Diastólica (mmHg)`,
  heart_rate: msg`Frecuencia cardiaca`,
  glucose: msg`Glucosa (mg/dL)`,
  moment: msg`Momento`,
  weight_kg: msg`Peso (kg)`,
  height_m: msg`Estatura (m)`,
  waist_cm: msg`Cintura (cm)`,
  hip_cm: msg`Cadera (cm)`,
  temperature_c: msg`Temperatura (°C)`,
  respiratory_rate: msg`Frecuencia respiratoria`,
  meals: msg`Comidas`,
  water_ml: msg`Agua (ml)`,
  frequency: msg`Frecuencia`,
  quantity: msg`Cantidad`,
  medical_condition_id: msg`Condición médica`,
  medicine: msg`Medicamento`,
  medicine_id: msg`Clave del medicamento`,
  title: msg`Título`,
  year: msg`Año`,
  habit: msg`Hábito`,
  description: msg`Descripción`,
  covid_status_id: msg`Estatus COVID`,
}

/** The label of a field; a field this list does not know yet shows its API name. */
export function fieldLabel(field: string, i18n: I18n): string {
  const label = LABELS[field]
  return label ? i18n._(label) : field
}

/** A field's value as people read it: empty for no value, JSON for anything structured. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/**
 * A field's value in a conflict row: a patient's subgroups are ids of the tenant's subgroup items
 * (decision 0018), shown by the names the device's catalogue gives them (an id it does not hold
 * shows as itself, so nothing is hidden); their occupational risks by the risks' names.
 */
export function conflictValue(
  field: string,
  value: unknown,
  subgroupItems: ReadonlyMap<string, string>,
  i18n: I18n,
): string {
  if (field === 'subgroups' && Array.isArray(value)) {
    return value.map((id) => subgroupItems.get(String(id)) ?? String(id)).join(', ')
  }
  if (field === 'occupational_risks' && Array.isArray(value)) {
    const labels: Partial<Record<string, MessageDescriptor>> = RISK_LABELS
    return value
      .map((code) => {
        const label = labels[String(code)]
        return label ? i18n._(label) : String(code)
      })
      .join(', ')
  }
  return displayValue(value)
}
