import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
  News2Parameter,
  RiskFactor,
  TriageClassification,
} from '../../contract/rules/triage-classification'
import type { COUGH_SEVERITIES, DeclineKind } from '../../contract/schemas/covid'

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

export { STATUS_NAMES, statusName } from '../../ui/triage-status-names'

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
