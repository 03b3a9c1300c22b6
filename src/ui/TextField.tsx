import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { errorAria, Field } from './Field'

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
  return (
    <Field id={inputId} label={label} error={error}>
      <input {...input} ref={ref} id={inputId} className="field__input" {...errorAria(inputId, error)} />
      {trailing}
    </Field>
  )
})
