import { Trans } from '@lingui/react/macro'
import { Alert } from '../../ui/Alert'

/** SPEC §8: the recovery took too long (or was never started here); it starts over. */
export function RecoveryExpired() {
  return (
    <div className="login__form">
      <Alert>
        <Trans>El tiempo para recuperar contraseña ha expirado, inténtalo nuevamente</Trans>
      </Alert>
      <a className="button" data-variant="primary" data-block="true" href="/password-recovery">
        <Trans>Recuperar contraseña</Trans>
      </a>
    </div>
  )
}
