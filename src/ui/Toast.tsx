import { Toast as RadixToast } from 'radix-ui'
import type { ReactNode } from 'react'
import './components.css'

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <RadixToast.Provider swipeDirection="down">
      {children}
      <RadixToast.Viewport className="toast-viewport" />
    </RadixToast.Provider>
  )
}

export interface ToastProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  message: ReactNode
  /** An action button inside the toast; `altText` tells screen readers how to do it otherwise. */
  action?: { label: ReactNode; altText: string; onClick: () => void }
  /** Milliseconds before it closes by itself; Infinity keeps it until acted on. */
  duration?: number
}

export function Toast({ open, onOpenChange, message, action, duration = 5000 }: ToastProps) {
  return (
    <RadixToast.Root className="toast" open={open} onOpenChange={onOpenChange} duration={duration}>
      <RadixToast.Description>{message}</RadixToast.Description>
      {action && (
        <RadixToast.Action altText={action.altText} asChild>
          <button type="button" className="button" data-variant="secondary" onClick={action.onClick}>
            {action.label}
          </button>
        </RadixToast.Action>
      )}
    </RadixToast.Root>
  )
}
