import { Label } from 'radix-ui'
import type { ReactNode } from 'react'
import './components.css'

/**
 * The frame every labelled control shares: the label tied to the control, the invalid border,
 * and the error announced and described (aria-describedby points at `${id}-error`).
 */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: ReactNode
  error?: string | undefined
  children: ReactNode
}) {
  return (
    <div className="field">
      <Label.Root className="field__label" htmlFor={id}>
        {label}
      </Label.Root>
      <div className="field__control" data-invalid={Boolean(error)}>
        {children}
      </div>
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

/** The aria attributes of a control whose Field may show an error. */
export const errorAria = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
})
