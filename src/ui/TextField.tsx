import { Label } from 'radix-ui'
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react'
import './components.css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: ReactNode
  /** A message shown under the input; marks the field invalid. */
  error?: string | undefined
  /** Something placed inside the control after the input (a show-password toggle). */
  trailing?: ReactNode
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, trailing, id, ...input },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  return (
    <div className="field">
      <Label.Root className="field__label" htmlFor={inputId}>
        {label}
      </Label.Root>
      <div className="field__control" data-invalid={Boolean(error)}>
        <input
          {...input}
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      {error && (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
})
