import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { call } from '../../api/client'
import { recoverPassword } from '../../contract/endpoints/authentication'
import { RecoverPasswordRequest } from '../../contract/schemas/recovery'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { TextField } from '../../ui/TextField'
import { AuthCard } from './AuthCard'
import { saveRecovery } from './recovery-state'
import { rememberedUser } from './remembered-user'

const RecoveryForm = v.object({
  username: RecoverPasswordRequest.entries.username,
  type: v.picklist(['code', 'questions']),
})

/** SPEC §2 /password-recovery: the username, and the way to recover (e-mailed code or questions). */
export function PasswordRecoveryPage({
  onStarted,
}: {
  onStarted: (next: '/password-confirmation' | '/questions') => void
}) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    resolver: valibotResolver(RecoveryForm),
    defaultValues: { username: rememberedUser(), type: 'code' as 'code' | 'questions' },
  })
  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const answer = await call(recoverPassword, { body: { username: values.username, type: values.type } })
      saveRecovery({ ...answer, username: values.username })
      onStarted(answer.type === 'questions' ? '/questions' : '/password-confirmation')
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })
  return (
    <AuthCard title={t`Recuperar contraseña`}>
      <form className="login__form" onSubmit={submit} noValidate>
        <p className="login__hint">
          <Trans>
            Escribe tu usuario. Te enviaremos un código a tu correo o podrás responder tus preguntas de
            seguridad.
          </Trans>
        </p>
        <TextField
          label={t`Usuario`}
          placeholder={t`Correo electrónico o número de empleado`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldMessage(form.formState.errors.username?.message, i18n)}
          {...form.register('username')}
        />
        <fieldset className="login__choice">
          <legend>
            <Trans>¿Cómo quieres recuperarla?</Trans>
          </legend>
          <label>
            <input type="radio" value="code" {...form.register('type')} />{' '}
            <Trans>Con un código por correo</Trans>
          </label>
          <label>
            <input type="radio" value="questions" {...form.register('type')} />{' '}
            <Trans>Con mis preguntas de seguridad</Trans>
          </label>
        </fieldset>
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" block loading={form.formState.isSubmitting}>
          <Trans>Continuar</Trans>
        </Button>
        <a href="/">
          <Trans>Volver a iniciar sesión</Trans>
        </a>
      </form>
    </AuthCard>
  )
}
