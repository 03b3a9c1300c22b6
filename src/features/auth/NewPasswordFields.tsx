import { useLingui } from '@lingui/react/macro'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { fieldMessage } from '../../ui/form/field-errors'
import { PasswordField } from '../../ui/PasswordField'
import { PasswordRulesHint } from './PasswordRulesHint'

/** The new password with its live strength rules, and its confirmation (SPEC §5). */
export function NewPasswordFields<
  T extends FieldValues & { password: string; password_confirmation: string },
>({ form }: { form: UseFormReturn<T> }) {
  const { t, i18n } = useLingui()
  const errors = form.formState.errors
  const password = form.watch('password' as Path<T>) as string
  return (
    <>
      <PasswordField
        label={t`Nueva contraseña`}
        autoComplete="new-password"
        error={fieldMessage(errors.password?.message as string | undefined, i18n)}
        {...form.register('password' as Path<T>)}
      />
      <PasswordRulesHint password={password ?? ''} />
      <PasswordField
        label={t`Confirmar contraseña`}
        autoComplete="new-password"
        error={fieldMessage(errors.password_confirmation?.message as string | undefined, i18n)}
        {...form.register('password_confirmation' as Path<T>)}
      />
    </>
  )
}
