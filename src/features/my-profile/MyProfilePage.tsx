import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { editProfile, showProfile } from '../../contract/endpoints/profile'
import { refreshSessionUser } from '../../contract/endpoints/users'
import { EditProfileRequest } from '../../contract/schemas/profile'
import { endSession } from '../../session/end-session'
import { updateSession } from '../../session/session-store'
import { Alert } from '../../ui/Alert'
import { DeviceStorage } from '../../ui/DeviceStorage'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, showServerErrors } from '../../ui/form/field-errors'
import { MessageDialog } from '../../ui/MessageDialog'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { PasswordField } from '../../ui/PasswordField'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'

interface ProfileValues {
  name: string
  last_name: string
  second_last_name: string
  phone: string
  current_password: string
  password: string
  password_confirmation: string
  questions: Array<{ question: string; answer: string }>
}

const blankToUndefined = (text: string) => (text === '' ? undefined : text)

/** The form's values as POST /profile/edit takes them: blank password and questions are left out. */
function requestOf(values: ProfileValues) {
  const questionsGiven = values.questions.some((q) => q.question.trim() || q.answer.trim())
  return {
    name: values.name,
    last_name: values.last_name,
    second_last_name: values.second_last_name,
    phone: values.phone,
    current_password: blankToUndefined(values.current_password),
    password: blankToUndefined(values.password),
    password_confirmation: blankToUndefined(values.password_confirmation),
    questions: questionsGiven ? values.questions : undefined,
  }
}

// The contract's schema checks what is sent; the form maps blanks away first.
const ProfileForm = v.pipe(v.any(), v.transform(requestOf), EditProfileRequest)

/**
 * SPEC §2 /profile: my names, phone, password and security questions. A new password ends the
 * session (every session of the user), so the user signs in again with it.
 */
export function MyProfilePage({ onSignedOut }: { onSignedOut: () => void }) {
  const { t, i18n } = useLingui()
  const profile = useCall(showProfile)
  const [failure, setFailure] = useState<string | null>(null)
  const [passwordChanged, setPasswordChanged] = useState(false)
  const form = useForm<ProfileValues>({
    resolver: valibotResolver(ProfileForm) as never,
    defaultValues: {
      name: '',
      last_name: '',
      second_last_name: '',
      phone: '',
      current_password: '',
      password: '',
      password_confirmation: '',
      questions: [0, 1, 2].map(() => ({ question: '', answer: '' })),
    },
  })
  useEffect(() => {
    if (profile.status !== 'loaded') return
    const p = profile.data
    form.reset({
      name: p.name,
      last_name: p.last_name,
      second_last_name: p.second_last_name ?? '',
      phone: p.phone ?? '',
      current_password: '',
      password: '',
      password_confirmation: '',
      questions: [0, 1, 2].map((i) => ({ question: p.security_questions[i] ?? '', answer: '' })),
    })
  }, [profile.status, profile.data, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    // The resolver hands over the schema's output: already the request, blanks left out.
    const request = values as unknown as EditProfileRequest
    try {
      await call(editProfile, { body: request })
      if (request.password) {
        setPasswordChanged(true)
        return
      }
      updateSession({ user: await call(refreshSessionUser) })
      notify(t`Perfil actualizado`)
      profile.reload()
    } catch (error) {
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
    }
  })

  if (profile.status === 'error') return <Alert>{errorMessage(profile.error, i18n)}</Alert>
  const mine = profile.data
  if (!mine) return <Spinner />
  const errors = form.formState.errors
  const message = (key: string | undefined) => fieldMessage(key, i18n)
  return (
    <section className="page">
      <PageHeader title={t`Mi perfil`} />
      <form className="form-card" onSubmit={submit} noValidate>
        <p className="field__hint">
          {mine.email}
          {mine.role && ` · ${mine.role.name}`}
        </p>
        <div className="form-grid">
          <TextField label={t`Nombre`} error={message(errors.name?.message)} {...form.register('name')} />
          <TextField
            label={t`Apellido paterno`}
            error={message(errors.last_name?.message)}
            {...form.register('last_name')}
          />
          <TextField
            label={t`Apellido materno`}
            error={message(errors.second_last_name?.message)}
            {...form.register('second_last_name')}
          />
          <TextField
            label={t`Teléfono`}
            inputMode="tel"
            error={message(errors.phone?.message)}
            {...form.register('phone')}
          />
        </div>
        <fieldset className="permission-group">
          <legend>
            <Trans>Cambiar contraseña</Trans>
          </legend>
          <div className="form-grid">
            <PasswordField
              label={t`Contraseña actual`}
              autoComplete="current-password"
              error={message(errors.current_password?.message)}
              {...form.register('current_password')}
            />
            <PasswordField
              label={t`Nueva contraseña`}
              autoComplete="new-password"
              error={message(errors.password?.message)}
              {...form.register('password')}
            />
            <PasswordField
              label={t`Confirmar contraseña`}
              autoComplete="new-password"
              error={message(errors.password_confirmation?.message)}
              {...form.register('password_confirmation')}
            />
          </div>
        </fieldset>
        <fieldset className="permission-group">
          <legend>
            <Trans>Preguntas de seguridad</Trans>
          </legend>
          <p className="field__hint">
            <Trans>Sirven para recuperar tu contraseña. Escribe las tres preguntas y sus respuestas.</Trans>
          </p>
          {[0, 1, 2].map((i) => (
            <div className="form-grid" key={i}>
              <TextField
                label={t`Pregunta ${i + 1}`}
                error={message(errors.questions?.[i]?.question?.message)}
                {...form.register(`questions.${i}.question`)}
              />
              <TextField
                label={t`Respuesta ${i + 1}`}
                autoComplete="off"
                error={message(errors.questions?.[i]?.answer?.message)}
                {...form.register(`questions.${i}.answer`)}
              />
            </div>
          ))}
          {errors.questions?.message && <Alert>{message(errors.questions.message)}</Alert>}
        </fieldset>
        <DeviceStorage />
        {failure && <Alert>{failure}</Alert>}
        <FormActions submitting={form.formState.isSubmitting} />
      </form>
      <MessageDialog
        open={passwordChanged}
        tone="success"
        title={t`Listo`}
        message={t`Contraseña actualizada correctamente`}
        onAccept={() => {
          endSession('signed-out')
          onSignedOut()
        }}
      />
    </section>
  )
}
