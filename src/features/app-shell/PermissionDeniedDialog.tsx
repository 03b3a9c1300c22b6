import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { onDenied } from '../../session/denials'
import { MessageDialog } from '../../ui/MessageDialog'

/** SPEC §6: 'Lo sentimos no tiene permiso para acceder'; the user stays where they were. */
export function PermissionDeniedDialog() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  useEffect(() => onDenied(() => setOpen(true)), [])
  return (
    <MessageDialog
      open={open}
      tone="error"
      title={t`Acceso denegado`}
      message={t`Lo sentimos no tiene permiso para acceder`}
      onAccept={() => setOpen(false)}
    />
  )
}
