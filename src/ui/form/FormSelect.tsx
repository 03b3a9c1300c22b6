import type { ChangeEvent } from 'react'
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { SelectField, type SelectFieldProps } from '../SelectField'

/**
 * A select of a react-hook-form form bound to its field. Controlled, so that a value shows once
 * its catalog arrives (an uncontrolled select would settle on its placeholder while its options
 * load); a stored code the catalog does not (yet) list stays selectable as itself, so opening a
 * record never silently blanks a field.
 */
export function FormSelect<T extends FieldValues>({
  bind,
  name,
  options,
  onChange,
  ...props
}: Omit<SelectFieldProps, 'value' | 'name'> & { bind: UseFormReturn<T>; name: Path<T> }) {
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
