import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import './components.css'

export interface FormDialogProps {
  open: boolean
  title: ReactNode
  /** Closing by Escape or a click outside; the form's own buttons close it too. */
  onClose: () => void
  children: ReactNode
}

/**
 * A modal holding a short form (add or edit one thing): titled, focus kept inside, closed by
 * Escape. The form inside carries its own actions.
 */
export function FormDialog({ open, title, onClose, children }: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--form" aria-describedby={undefined}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
