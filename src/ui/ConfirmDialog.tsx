import { Trans } from '@lingui/react/macro'
import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { Button } from './Button'
import './components.css'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  message: ReactNode
  /** The confirming button's text ("Eliminar"). */
  confirmLabel: ReactNode
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** SPEC §8: every delete asks first. Cancel is the default focus, so Enter never deletes. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" data-tone="error">
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__message">{message}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                <Trans>Cancelar</Trans>
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
