import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { call } from '../../api/client'
import { updatePassword } from '../../contract/endpoints/authentication'
import { UpdatePasswordRequest } from '../../contract/schemas/recovery'
import { endSession } from '../../session/end-session'
import { useSession } from '../../session/use-session'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, showServerErrors } from '../../ui/form/field-errors'
import { MessageDialog } from '../../ui/MessageDialog'
import { PasswordField } from '../../ui/PasswordField'
import { AuthCard } from './AuthCard'
import { NewPasswordFields } from './NewPasswordFields'
import { PasswordUpdated } from './PasswordUpdated'

/**
 * SPEC §2 /update-password (change-password-expired-edit): the current password and a new one.
 * Success ends every session of the user; the dialog's accept goes to login (SPEC §8).
 */
export function UpdatePasswordPage({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const [failure, setFailure] = useState<string | null>(null)
  const [updated, setUpdated] = useState(false)
  const form = useForm({
    resolver: valibotResolver(UpdatePasswordRequest),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await call(updatePassword, { body: values })
      setUpdated(true)
    } catch (error) {
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
    }
  })
  const finish = () => {
    endSession('signed-out')
    onDone()
  }

  if (!session && !updated) {
    return (
      <AuthCard title={t`Cambiar contraseña`}>
        <a className="button" data-variant="primary" data-block="true" href="/">
          <Trans>Iniciar sesión</Trans>
        </a>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t`Cambiar contraseña`}>
      <form className="login__form" onSubmit={submit} noValidate>
        {session?.passwordExpired && (
          <p className="login__hint">
            <Trans>Tu contraseña ha expirado. Elige una nueva para continuar.</Trans>
          </p>
        )}
        <PasswordField
          label={t`Contraseña actual`}
          autoComplete="current-password"
          error={fieldMessage(form.formState.errors.current_password?.message, i18n)}
          {...form.register('current_password')}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" block loading={form.formState.isSubmitting}>
          <Trans>Cambiar contraseña</Trans>
        </Button>
      </form>
      <MessageDialog
        open={failure !== null}
        tone="error"
        title={t`Error`}
        message={failure ?? ''}
        onAccept={() => setFailure(null)}
      />
      <PasswordUpdated open={updated} onAccept={finish} />
    </AuthCard>
  )
}
