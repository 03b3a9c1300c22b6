import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OccupationalRisk } from '../contract/schemas/catalogue-definitions'

/**
 * Each occupational risk's name (NOM-030's kinds of agent): where a vaccination scheme entry says
 * whom it applies to, and where the patient form says what the patient's work exposes them to.
 */
export const RISK_LABELS: Record<OccupationalRisk, MessageDescriptor> = {
  biological: msg`Biológico`,
  chemical: msg`Químico`,
  physical: msg`Físico`,
  ergonomic: msg`Ergonómico`,
  psychosocial: msg`Psicosocial`,
  mechanical: msg`Mecánico`,
}
