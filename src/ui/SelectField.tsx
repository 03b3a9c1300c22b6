import { forwardRef, type ReactNode, type SelectHTMLAttributes, useId } from 'react'
import { errorAria, Field } from './Field'

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: ReactNode
  error?: string | undefined
  options: ReadonlyArray<{ value: string; label: string }>
  /** A first, empty choice ("Selecciona…"); omit for a required pick with a default. */
  placeholder?: string
}

/** A labelled native select: the platform's own picker, best on tablets and with a keyboard. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, placeholder, id, ...select },
  ref,
) {
  const generatedId = useId()
  const selectId = id ?? generatedId
  return (
    <Field id={selectId} label={label} error={error}>
      <select {...select} ref={ref} id={selectId} className="field__input" {...errorAria(selectId, error)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
})
