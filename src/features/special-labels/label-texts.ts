import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SpecialLabelColor, SpecialLabelIcon } from '../../contract/schemas/special-labels'

const COLOR_NAMES = {
  red: msg`Rojo`,
  orange: msg`Naranja`,
  yellow: msg`Amarillo`,
  green: msg`Verde`,
  teal: msg`Verde azulado`,
  blue: msg`Azul`,
  purple: msg`Morado`,
  gray: msg`Gris`,
} as const satisfies Record<SpecialLabelColor, unknown>

const ICON_NAMES = {
  star: msg`Estrella`,
  heart: msg`Corazón`,
  alert: msg`Alerta`,
  accessibility: msg`Accesibilidad`,
  medical: msg`Cruz médica`,
  flag: msg`Bandera`,
  pregnancy: msg`Embarazo`,
  shield: msg`Escudo`,
} as const satisfies Record<SpecialLabelIcon, unknown>

/** A colour's name in the app's language (the code itself for one this build does not know). */
export const colorName = (code: string, i18n: I18n) =>
  code in COLOR_NAMES ? i18n._(COLOR_NAMES[code as SpecialLabelColor]) : code // checked just before

export const iconName = (code: string, i18n: I18n) =>
  code in ICON_NAMES ? i18n._(ICON_NAMES[code as SpecialLabelIcon]) : code // checked just before
