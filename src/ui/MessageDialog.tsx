import { Trans } from '@lingui/react/macro'
import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import './components.css'

export interface MessageDialogProps {
  open: boolean
  title: ReactNode
  message: ReactNode
  /** 'error' dialogs are titled and coloured as errors (SPEC §8); 'success' ones confirm. */
  tone?: 'info' | 'error' | 'success'
  onAccept: () => void
}

/** A message the user must acknowledge with its accept button (errors, denials, successes). */
export function MessageDialog({ open, title, message, tone = 'info', onAccept }: MessageDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onAccept()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" data-tone={tone}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__message">{message}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Action className="button" data-variant="primary" onClick={onAccept}>
              <Trans>Aceptar</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
