import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError, NetworkError } from '../../api/errors'

/** What to tell the user about a failed call: the server's own message, or SPEC §8's texts. */
export function errorMessage(error: unknown, i18n: I18n): string {
  if (error instanceof NetworkError)
    return i18n._(msg`No hemos podido procesar tu solicitud, inténtalo nuevamente.`)
  if (error instanceof ApiError && error.message) return error.message
  return i18n._(msg`Algo ha ocurrido, por favor intente nuevamente`)
}
