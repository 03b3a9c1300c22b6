import { forwardRef, type TextareaHTMLAttributes, useId } from 'react'
import { errorAria, Field } from './Field'

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string
  error?: string | undefined
}

/** A labelled multi-line text whose error is announced and tied to it, like TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, id, rows = 3, ...area },
  ref,
) {
  const generatedId = useId()
  const areaId = id ?? generatedId
  return (
    <Field id={areaId} label={label} error={error}>
      <textarea
        {...area}
        ref={ref}
        id={areaId}
        rows={rows}
        className="field__input"
        {...errorAria(areaId, error)}
      />
    </Field>
  )
})
