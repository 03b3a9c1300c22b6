import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CertificateResult } from '../../contract/rules/health-certificate'
import type { CertificateField } from '../../contract/schemas/health-certificates'
import type { ShortHistoryField, ShortHistoryType } from '../../contract/schemas/short-histories'
import { VITAL_SIGN_NAMES } from '../../ui/vital-signs/vital-signs'

/**
 * The medical reports' words on screen (issue 23): the short history's types and the
 * certificate's results (the contract keeps codes, so lists filter by them in any language), and
 * each report's fields as its form labels them, which its history of changes uses too.
 */

export const SHORT_HISTORY_TYPE_NAMES: Record<ShortHistoryType, MessageDescriptor> = {
  general: msg`General`,
  occupational: msg`Laboral`,
  return_to_work: msg`Reincorporación laboral`,
  contractor: msg`Contratista`,
}

export const CERTIFICATE_RESULT_NAMES: Record<CertificateResult, MessageDescriptor> = {
  fit: msg`Apto`,
  fit_with_restrictions: msg`Apto con restricciones`,
  not_fit: msg`No apto`,
}

export const SHORT_HISTORY_FIELD_NAMES: Record<ShortHistoryField, MessageDescriptor> = {
  type: msg`Tipo de historia`,
  recorded_on: msg`Fecha`,
  reason: msg`Motivo`,
  family_history: msg`Antecedentes heredofamiliares`,
  personal_history: msg`Antecedentes personales`,
  occupational_history: msg`Antecedentes laborales`,
  current_condition: msg`Padecimiento actual`,
  physical_exploration: msg`Exploración física`,
  ...VITAL_SIGN_NAMES,
  impression: msg`Impresión diagnóstica`,
  plan: msg`Plan`,
}

export const CERTIFICATE_FIELD_NAMES: Record<CertificateField, MessageDescriptor> = {
  issued_on: msg`Fecha de expedición`,
  result: msg`Resultado`,
  valid_from: msg`Vigente desde`,
  valid_to: msg`Vigente hasta`,
  restrictions: msg`Restricciones`,
  purpose: msg`Dirigido a`,
  observations: msg`Observaciones`,
  ...VITAL_SIGN_NAMES,
  encounter_id: msg`Consulta de referencia`,
}
