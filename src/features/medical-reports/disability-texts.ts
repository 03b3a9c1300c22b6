import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DisabilityField, DisabilityIssuer } from '../../contract/schemas/disabilities'

/** Who issued a disability (decision 0028), as the form, the lists and the filters name them. */
export const ISSUER_NAMES: Record<DisabilityIssuer, MessageDescriptor> = {
  imss: msg`IMSS`,
  company: msg`Servicio médico de la empresa`,
  private: msg`Médico particular`,
}

/** A disability's fields (SPEC §3) as the form labels them: the amendment history names them so too. */
export const DISABILITY_FIELD_NAMES: Record<DisabilityField, MessageDescriptor> = {
  cause: msg`Causa`,
  control_measures: msg`Medidas de control`,
  reason: msg`Motivo`,
  start_date: msg`Fecha de inicio`,
  end_date: msg`Fecha de término`,
  type_id: msg`Modalidad`,
  issuer: msg`Expedida por`,
  status_id: msg`Estatus`,
  assigned_number: msg`Folio IMSS`,
  assigned_days: msg`Días asignados`,
  comments: msg`Comentarios`,
}
