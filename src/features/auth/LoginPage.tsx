import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { call } from '../../api/client'
import { login, validateUsername } from '../../contract/endpoints/authentication'
import { LoginForm } from '../../contract/schemas/login'
import { requestPersistentStorage } from '../../db/storage'
import { takeExpiryNotice } from '../../session/end-session'
import { saveSession, sessionFromLogin } from '../../session/session-store'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { errorMessage } from '../../ui/form/error-message'
import { LanguageSwitch } from '../../ui/LanguageSwitch'
import { PasswordField } from '../../ui/PasswordField'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import './login.css'
import { rememberedUser, rememberUser } from './remembered-user'
import { useTenantConfiguration } from './use-tenant-configuration'

/**
 * SPEC §2 auth-login: the tenant's identity, username and password, remember me, recovery, SSO.
 * The username is checked first (SPEC §4): the server may ask for the business name.
 */
export function LoginPage({ onSignedIn }: { onSignedIn: (routeRedirect: string) => void }) {
  const { t, i18n } = useLingui()
  const tenant = useTenantConfiguration()
  const [expiredNotice] = useState(takeExpiryNotice)
  const [failure, setFailure] = useState<string | null>(null)
  const [needsBusiness, setNeedsBusiness] = useState(false)
  const initialUser = rememberedUser()
  const form = useForm({
    resolver: valibotResolver(LoginForm),
    defaultValues: { username: initialUser, password: '', business: '', rememberUser: initialUser !== '' },
  })
  const fieldError = (message: string | undefined) =>
    message === 'field.required' ? t`Este campo es obligatorio.` : message

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    rememberUser(values.rememberUser ? values.username : null)
    try {
      if (!needsBusiness) {
        const check = await call(validateUsername, {
          body: { username: values.username, email: values.username },
        })
        if (check.ask_business_name && !values.business) {
          setNeedsBusiness(true)
          return
        }
      }
      const answer = await call(login, {
        body: {
          username: values.username,
          email: values.username,
          password: values.password,
          business: values.business || null,
          is_need_business: needsBusiness,
        },
      })
      saveSession(sessionFromLogin(answer))
      // Unsent work lives on this device: ask the browser not to evict it (DESIGN §4).
      void requestPersistentStorage()
      onSignedIn(answer.route_redirect)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })

  const configuration = tenant.status === 'loaded' ? tenant.configuration : null
  return (
    <main className="login">
      <div className="login__language">
        <LanguageSwitch />
      </div>
      <section className="login__card" aria-labelledby="login-title">
        <header className="login__brand">
          {configuration?.tenant.logoUrl ? (
            <img className="login__logo" src={configuration.tenant.logoUrl} alt="" />
          ) : (
            <img className="login__logo" src="/icons/favicon.svg" alt="" />
          )}
          {tenant.status === 'loading' && <Spinner />}
          {configuration && <p className="login__tenant">{configuration.tenant.name}</p>}
          <h1 id="login-title" className="login__title">
            <Trans>Iniciar sesión</Trans>
          </h1>
        </header>
        {tenant.status === 'error' && <Alert>{errorMessage(tenant.error, i18n)}</Alert>}
        {expiredNotice && (
          <Alert>
            <Trans>La sesión ha expirado. Inicia sesión de nuevo para continuar.</Trans>
          </Alert>
        )}
        <form className="login__form" onSubmit={submit} noValidate>
          <TextField
            label={t`Usuario`}
            placeholder={t`Correo electrónico o número de empleado`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={fieldError(form.formState.errors.username?.message)}
            {...form.register('username')}
          />
          {needsBusiness && (
            <TextField
              label={t`Empresa`}
              placeholder={t`Nombre de tu empresa`}
              error={fieldError(form.formState.errors.business?.message)}
              {...form.register('business')}
            />
          )}
          <PasswordField
            label={t`Contraseña`}
            autoComplete="current-password"
            error={fieldError(form.formState.errors.password?.message)}
            {...form.register('password')}
          />
          <div className="login__row">
            <Controller
              control={form.control}
              name="rememberUser"
              render={({ field }) => (
                <Checkbox
                  label={t`Recordarme`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  name={field.name}
                />
              )}
            />
            <a href="/password-recovery">
              <Trans>Recuperar contraseña</Trans>
            </a>
          </div>
          {failure && <Alert>{failure}</Alert>}
          <Button type="submit" block loading={form.formState.isSubmitting}>
            <Trans>Ingresar</Trans>
          </Button>
        </form>
        {configuration?.sso.has_sso_configured && configuration.sso.sso_url && (
          <div className="login__sso">
            <a className="button" data-variant="secondary" data-block="true" href={configuration.sso.sso_url}>
              {configuration.sso.business_name ? (
                <Trans>Ingresar con {configuration.sso.business_name}</Trans>
              ) : (
                <Trans>Ingresar con tu cuenta empresarial</Trans>
              )}
            </a>
          </div>
        )}
      </section>
    </main>
  )
}
