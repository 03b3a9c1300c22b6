import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { call } from '../../api/client'
import { ApiError } from '../../api/errors'
import { resetPassword } from '../../contract/endpoints/authentication'
import { ResetPasswordRequest } from '../../contract/schemas/recovery'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, showServerErrors } from '../../ui/form/field-errors'
import { TextField } from '../../ui/TextField'
import { AuthCard } from './AuthCard'
import { NewPasswordFields } from './NewPasswordFields'
import { PasswordUpdated } from './PasswordUpdated'
import { RecoveryExpired } from './RecoveryExpired'
import { currentRecovery, recoveryExpired, saveRecovery } from './recovery-state'

/** SPEC §2 /password-confirmation: the e-mailed code and the new password. */
export function PasswordConfirmationPage({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const recovery = currentRecovery()
  const [expired, setExpired] = useState(() => recoveryExpired(recovery))
  const [failure, setFailure] = useState<string | null>(null)
  const [updated, setUpdated] = useState(false)
  const form = useForm({
    resolver: valibotResolver(ResetPasswordRequest),
    defaultValues: {
      password_reset_token: recovery?.password_reset_token ?? '',
      code: '',
      password: '',
      password_confirmation: '',
    },
  })
  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    if (recoveryExpired(currentRecovery())) return setExpired(true)
    try {
      await call(resetPassword, { body: values })
      saveRecovery(null)
      setUpdated(true)
    } catch (error) {
      if (error instanceof ApiError && error.errors?.password_reset_token) return setExpired(true)
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
    }
  })

  return (
    <AuthCard title={t`Restablecer contraseña`}>
      {expired ? (
        <RecoveryExpired />
      ) : (
        <form className="login__form" onSubmit={submit} noValidate>
          <p className="login__hint">
            <Trans>Enviamos un código de 6 dígitos a {recovery?.data_identificator}.</Trans>
          </p>
          <TextField
            label={t`Código de verificación`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={fieldMessage(form.formState.errors.code?.message, i18n)}
            {...form.register('code')}
          />
          <NewPasswordFields form={form} />
          {failure && <Alert>{failure}</Alert>}
          <Button type="submit" block loading={form.formState.isSubmitting}>
            <Trans>Cambiar contraseña</Trans>
          </Button>
        </form>
      )}
      <PasswordUpdated open={updated} onAccept={onDone} />
    </AuthCard>
  )
}
