import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EncounterModality, EncounterType } from '../contract/schemas/encounters'

/**
 * The names of a consultation's type and modality (SPEC §1), shared by the consultation screens
 * and the record's consultation history. The server names the modalities too
 * (`GET /patients/encounter/modalities`), but the screens must open offline, so the device names
 * the contract's codes itself.
 */
export const TYPE_NAMES: Record<EncounterType, MessageDescriptor> = {
  initial: msg`Primera vez`,
  follow_up: msg`Subsecuente`,
}

export const MODALITY_NAMES: Record<EncounterModality, MessageDescriptor> = {
  on_site: msg`Presencial`,
  remote: msg`A distancia`,
}
