import { Trans, useLingui } from '@lingui/react/macro'
import { AlertDialog } from 'radix-ui'
import { useState } from 'react'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/TextField'

/** Discarding a change is a decision someone answers for: it asks why, and the reason is kept. */
export function DiscardDialog({
  open,
  onConfirm,
  onCancel,
}: {
  open: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" data-tone="error">
          <AlertDialog.Title className="dialog__title">{t`Descartar el cambio`}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__message">
            <Trans>El cambio no llegará al servidor. Escribe por qué se descarta.</Trans>
          </AlertDialog.Description>
          <TextField label={t`Motivo`} value={reason} onChange={(event) => setReason(event.target.value)} />
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">
                <Trans>Cancelar</Trans>
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={reason.trim().length < 3}
              onClick={() => {
                onConfirm(reason.trim())
                setReason('')
              }}
            >
              <Trans>Descartar</Trans>
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
