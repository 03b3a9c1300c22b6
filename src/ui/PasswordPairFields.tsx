import { useLingui } from '@lingui/react/macro'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { PasswordField } from './PasswordField'

/**
 * A password and its confirmation for an account someone else sets up (a patient's access
 * account, a user's): when the account exists, a password typed here only replaces it.
 */
export function PasswordPairFields({
  replacing,
  password,
  confirmation,
  passwordError,
  confirmationError,
}: {
  /** The account has a password already: leaving these empty keeps it. */
  replacing: boolean
  password: UseFormRegisterReturn
  confirmation: UseFormRegisterReturn
  passwordError: string | undefined
  confirmationError: string | undefined
}) {
  const { t } = useLingui()
  return (
    <>
      <PasswordField
        label={replacing ? t`Nueva contraseña (opcional)` : t`Contraseña`}
        autoComplete="new-password"
        error={passwordError}
        {...password}
      />
      <PasswordField
        label={t`Confirmar contraseña`}
        autoComplete="new-password"
        error={confirmationError}
        {...confirmation}
      />
    </>
  )
}
