import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError, NetworkError } from '../../api/errors'
import { isQuotaExceeded } from '../../db/storage'

/**
 * What to tell the user about a failed call or device write: the server's own message, SPEC §8's
 * texts, or that the device is full (the write was one transaction, so nothing of it was kept).
 */
export function errorMessage(error: unknown, i18n: I18n): string {
  if (isQuotaExceeded(error))
    return i18n._(
      msg`No hay espacio en este dispositivo y no se guardó nada. Libera espacio y vuelve a intentarlo.`,
    )
  if (error instanceof NetworkError)
    return i18n._(msg`No hemos podido procesar tu solicitud, inténtalo nuevamente.`)
  if (error instanceof ApiError && error.message) return error.message
  return i18n._(msg`Algo ha ocurrido, por favor intente nuevamente`)
}
