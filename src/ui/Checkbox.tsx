import { Checkbox as RadixCheckbox } from 'radix-ui'
import { type ReactNode, useId } from 'react'
import './components.css'

export interface CheckboxProps {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  name?: string
  disabled?: boolean
}

export function Checkbox({ label, checked, onCheckedChange, name, disabled }: CheckboxProps) {
  const id = useId()
  return (
    <div className="checkbox">
      <RadixCheckbox.Root
        id={id}
        name={name}
        className="checkbox__box"
        checked={checked}
        disabled={disabled}
        onCheckedChange={(state) => onCheckedChange(state === true)}
      >
        <RadixCheckbox.Indicator aria-hidden="true">✓</RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  )
}
