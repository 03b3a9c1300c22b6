import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { VaccinationRecordField } from '../../contract/schemas/vaccination-records'

/** A record's fields as the form labels them: the amendment history names them so too. */
export const FIELD_NAMES: Record<VaccinationRecordField, MessageDescriptor> = {
  vaccine_id: msg`Vacuna`,
  dose_number: msg`Número de dosis`,
  folio: msg`Folio`,
  applied_on: msg`Fecha de aplicación`,
  lot: msg`Lote`,
  booster: msg`Refuerzo`,
  vaccinated_abroad: msg`Vacunado en el extranjero`,
  country_code: msg`País`,
  adverse_reactions: msg`Reacciones adversas`,
  early_dose_confirmed: msg`Dosis anticipada confirmada`,
}

/** SPEC §4: a patient's vaccination scheme is complete or incomplete. */
export const SCHEME_STATUS_NAMES: Record<'complete' | 'incomplete', MessageDescriptor> = {
  complete: msg`Esquema completo`,
  incomplete: msg`Esquema incompleto`,
}
