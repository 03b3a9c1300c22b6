import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '../../ui/Alert'
import { AuthCard } from './AuthCard'

/** What a sign-on provider sends back in the path: base64url JSON with a message or an error. */
export function ssoResult(response: string): { error: boolean; message: string | null } {
  try {
    const json = JSON.parse(atob(response.replace(/-/g, '+').replace(/_/g, '/')))
    const message = typeof json.message === 'string' ? json.message : null
    return {
      error: json.error === true || typeof json.error === 'string',
      message: message ?? (typeof json.error === 'string' ? json.error : null),
    }
  } catch {
    return { error: true, message: null }
  }
}

/**
 * SPEC §2 /sso/{response}: the result of single sign-on. No provider is configured yet (they come
 * with the SSO issue), so every result here is shown as the provider's message or an error.
 */
export function SsoResponsePage({ response }: { response: string }) {
  const { t } = useLingui()
  const result = ssoResult(response)
  return (
    <AuthCard title={t`Inicio de sesión único`}>
      <div className="login__form">
        <Alert>{result.message ?? t`No fue posible iniciar sesión con tu cuenta empresarial.`}</Alert>
        <a className="button" data-variant="primary" data-block="true" href="/">
          <Trans>Volver a iniciar sesión</Trans>
        </a>
      </div>
    </AuthCard>
  )
}
