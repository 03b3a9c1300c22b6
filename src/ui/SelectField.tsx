import { Label } from 'radix-ui'
import { forwardRef, type ReactNode, type SelectHTMLAttributes, useId } from 'react'
import './components.css'

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
  const errorId = `${selectId}-error`
  return (
    <div className="field">
      <Label.Root className="field__label" htmlFor={selectId}>
        {label}
      </Label.Root>
      <div className="field__control" data-invalid={Boolean(error)}>
        <select
          {...select}
          ref={ref}
          id={selectId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
})
