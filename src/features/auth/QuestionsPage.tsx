import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { call } from '../../api/client'
import { ApiError } from '../../api/errors'
import {
  getSecurityQuestions,
  resetPasswordWithoutCode,
  validateSecurityQuestions,
} from '../../contract/endpoints/authentication'
import { ResetPasswordWithoutCodeRequest } from '../../contract/schemas/recovery'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, showServerErrors } from '../../ui/form/field-errors'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import { AuthCard } from './AuthCard'
import { NewPasswordFields } from './NewPasswordFields'
import { PasswordUpdated } from './PasswordUpdated'
import { RecoveryExpired } from './RecoveryExpired'
import { currentRecovery, recoveryExpired, saveRecovery } from './recovery-state'

interface Question {
  id: number
  question: string
}

const Answers = v.object({
  answers: v.array(v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(200))),
})

/** SPEC §2 /questions: the three security questions, then the new password. */
export function QuestionsPage({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const recovery = currentRecovery()
  const token = recovery?.password_reset_token ?? ''
  const [expired, setExpired] = useState(() => recoveryExpired(recovery))
  const [questions, setQuestions] = useState<Question[] | null>(null)
  const [answered, setAnswered] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [updated, setUpdated] = useState(false)

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.errors?.password_reset_token) setExpired(true)
    else
      setFailure(
        error instanceof ApiError && error.errors?.questions
          ? error.errors.questions.join(' ')
          : errorMessage(error, i18n),
      )
  }

  useEffect(() => {
    if (expired) return
    let live = true
    call(getSecurityQuestions, { body: { password_reset_token: token } })
      .then((answer) => live && setQuestions(answer.questions))
      .catch((error: unknown) => {
        if (!live) return
        if (error instanceof ApiError && error.errors?.password_reset_token) setExpired(true)
        else setFailure(errorMessage(error, i18n))
      })
    return () => {
      live = false
    }
  }, [expired, token, i18n])

  const answersForm = useForm({
    resolver: valibotResolver(Answers),
    defaultValues: { answers: ['', '', ''] },
  })
  const passwordForm = useForm({
    resolver: valibotResolver(ResetPasswordWithoutCodeRequest),
    defaultValues: { password_reset_token: token, password: '', password_confirmation: '' },
  })

  const submitAnswers = answersForm.handleSubmit(async ({ answers }) => {
    setFailure(null)
    if (recoveryExpired(currentRecovery())) return setExpired(true)
    try {
      const given = (questions ?? []).map((q, index) => ({ id: q.id, answer: answers[index] ?? '' }))
      await call(validateSecurityQuestions, { body: { password_reset_token: token, questions: given } })
      setAnswered(true)
    } catch (error) {
      onFailure(error)
    }
  })

  const submitPassword = passwordForm.handleSubmit(async (values) => {
    setFailure(null)
    if (recoveryExpired(currentRecovery())) return setExpired(true)
    try {
      await call(resetPasswordWithoutCode, { body: values })
      saveRecovery(null)
      setUpdated(true)
    } catch (error) {
      if (!showServerErrors(error, passwordForm)) onFailure(error)
    }
  })

  let content: React.ReactNode
  if (expired) content = <RecoveryExpired />
  else if (!questions) content = failure ? <Alert>{failure}</Alert> : <Spinner />
  else if (!answered)
    content = (
      <form className="login__form" onSubmit={submitAnswers} noValidate>
        {questions.map((question, index) => (
          <TextField
            key={question.id}
            label={question.question}
            autoComplete="off"
            error={fieldMessage(answersForm.formState.errors.answers?.[index]?.message, i18n)}
            {...answersForm.register(`answers.${index}`)}
          />
        ))}
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" block loading={answersForm.formState.isSubmitting}>
          <Trans>Validar respuestas</Trans>
        </Button>
      </form>
    )
  else
    content = (
      <form className="login__form" onSubmit={submitPassword} noValidate>
        <NewPasswordFields form={passwordForm} />
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" block loading={passwordForm.formState.isSubmitting}>
          <Trans>Cambiar contraseña</Trans>
        </Button>
      </form>
    )

  return (
    <AuthCard title={t`Preguntas de seguridad`}>
      {content}
      <PasswordUpdated open={updated} onAccept={onDone} />
    </AuthCard>
  )
}
