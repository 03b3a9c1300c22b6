import { useLingui } from '@lingui/react/macro'
import { MessageDialog } from '../../ui/MessageDialog'

/** SPEC §8: 'Contraseña actualizada correctamente' with an accept button, then login. */
export function PasswordUpdated({ open, onAccept }: { open: boolean; onAccept: () => void }) {
  const { t } = useLingui()
  return (
    <MessageDialog
      open={open}
      tone="success"
      title={t`Listo`}
      message={t`Contraseña actualizada correctamente`}
      onAccept={onAccept}
    />
  )
}
