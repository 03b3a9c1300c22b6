import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
  News2Parameter,
  RiskFactor,
  TriageClassification,
} from '../../contract/rules/triage-classification'
import type { COUGH_SEVERITIES, DeclineKind, TriageStatus } from '../../contract/schemas/covid'

/**
 * The names of the triage's fixed codes (the contract's), named on the device so the screens open
 * offline, as the consultation's modalities are. The lists the tenant may grow (symptoms, chronic
 * diseases…) come from the cached reference lists instead.
 */

export const CLASSIFICATION_NAMES: Record<TriageClassification, MessageDescriptor> = {
  low: msg`Riesgo bajo`,
  'low-medium': msg`Riesgo bajo-medio`,
  medium: msg`Riesgo medio`,
  high: msg`Riesgo alto`,
}

/** SPEC §4's statuses, as the seeded `covid-statuses` list names them. */
export const STATUS_NAMES: Record<TriageStatus, MessageDescriptor> = {
  observation: msg`En observación`,
  patient_contact: msg`Contacto de paciente`,
  suspicious: msg`Sospechoso`,
  hospitalized: msg`Hospitalizado`,
  post_hospitalization: msg`Posthospitalización`,
  recovered: msg`Recuperado`,
  deceased: msg`Defunción`,
  out_of_tracking: msg`Fuera de seguimiento`,
}

/** A status code in words; a code this build does not know, as itself. */
export const statusName = (i18n: I18n, status: string) =>
  status in STATUS_NAMES ? i18n._(STATUS_NAMES[status as TriageStatus]) : status

export const COUGH_NAMES: Record<(typeof COUGH_SEVERITIES)[number], MessageDescriptor> = {
  none: msg`Sin tos`,
  mild: msg`Leve`,
  moderate: msg`Moderada`,
  severe: msg`Severa`,
}

export const DECLINE_NAMES: Record<DeclineKind, MessageDescriptor> = {
  unreachable: msg`No se pudo contactar`,
  declined: msg`Rechazó el seguimiento`,
}

export const RISK_FACTOR_NAMES: Record<RiskFactor, MessageDescriptor> = {
  age: msg`60 años o más`,
  'chronic-degenerative-disease': msg`Enfermedad crónico-degenerativa`,
  immunocompromise: msg`Inmunocompromiso`,
  pregnancy: msg`Embarazo`,
}

export const PARAMETER_NAMES: Record<News2Parameter, MessageDescriptor> = {
  respiratory_rate: msg`Frecuencia respiratoria`,
  oximetry: msg`Oximetría`,
  supplemental_oxygen: msg`Oxígeno suplementario`,
  temperature_c: msg`Temperatura`,
  systolic: msg`Presión sistólica`,
  heart_rate: msg`Frecuencia cardiaca`,
  consciousness: msg`Estado de conciencia`,
}
