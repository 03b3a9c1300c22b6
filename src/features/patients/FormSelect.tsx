import type { ChangeEvent } from 'react'
import { Controller } from 'react-hook-form'
import { SelectField, type SelectFieldProps } from '../../ui/SelectField'
import type { SectionProps } from './form-section'
import type { PatientFieldName } from './patient-form-values'

/**
 * A select of the patient form bound to its field. Controlled, so that a value shows once its
 * catalog arrives; a stored code the catalog does not (yet) list stays selectable as itself, so
 * opening a record never silently blanks a field.
 */
export function FormSelect({
  bind,
  name,
  options,
  onChange,
  ...props
}: Omit<SelectFieldProps, 'value' | 'name'> & { bind: SectionProps['form']; name: PatientFieldName }) {
  return (
    <Controller
      control={bind.control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : ''
        const listed = value === '' || options.some((option) => option.value === value)
        return (
          <SelectField
            {...props}
            ref={field.ref}
            name={field.name}
            value={value}
            onBlur={field.onBlur}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              field.onChange(event.target.value)
              onChange?.(event)
            }}
            options={listed ? options : [...options, { value, label: value }]}
          />
        )
      }}
    />
  )
}
