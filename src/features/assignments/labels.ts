import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RequestState } from '../../contract/schemas/assignments'

const STATES = {
  waiting: msg`En espera`,
  authorized: msg`Autorizada`,
  refused: msg`Rechazada`,
}

/** SPEC §4: an assignment request is waiting, authorized or refused. */
export const requestStateLabel = (state: RequestState, i18n: I18n) => i18n._(STATES[state])

const ACTIONS = {
  assigned: msg`Asignado`,
  unassigned: msg`Desasignado`,
  requested: msg`Solicitado`,
  authorized: msg`Solicitud autorizada`,
  refused: msg`Solicitud rechazada`,
  cancelled: msg`Solicitud cancelada`,
}

/** A step of the assignment history. */
export const historyActionLabel = (action: keyof typeof ACTIONS, i18n: I18n) => i18n._(ACTIONS[action])

/** SPEC §9: dates as YYYY/MM/DD, times as HH:MM, in the device's time zone. */
export function dateTime(iso: string): string {
  const at = new Date(iso)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}/${two(at.getMonth() + 1)}/${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`
}
