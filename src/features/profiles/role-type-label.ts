import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** SPEC §6: a profile is of the administrator (non-medical) or health-professional type. */
export const roleTypeLabel = (type: string, i18n: I18n) =>
  type === 'health_professional'
    ? i18n._(msg`Profesional de la salud`)
    : i18n._(msg`Administrador (no médico)`)
