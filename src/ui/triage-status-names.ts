import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TriageStatus } from '../contract/schemas/covid'

/**
 * SPEC §4's COVID triage statuses, as the seeded `covid-statuses` list names them, named on the
 * device so the screens open offline: the triage screens and a patient's evolution notes.
 */
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
