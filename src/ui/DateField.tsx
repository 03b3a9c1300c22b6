import { useLingui } from '@lingui/react/macro'
import { type ChangeEvent, forwardRef } from 'react'
import { TextField, type TextFieldProps } from './TextField'

/** Puts the slashes of YYYY/MM/DD as the digits are typed. */
export function maskDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('/')
}

/** SPEC §5: a date typed as YYYY/MM/DD on a numeric keypad. */
export const DateField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'inputMode'>>(function DateField(
  { onChange, ...props },
  ref,
) {
  const { t } = useLingui()
  return (
    <TextField
      {...props}
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.placeholder ?? t`AAAA/MM/DD`}
      maxLength={10}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = maskDate(event.target.value)
        onChange?.(event)
      }}
    />
  )
})

/** Puts the colon of HH:MM as the digits are typed. */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits
}

/** SPEC §5: a time typed as HH:MM (24 h). */
export const TimeField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'inputMode'>>(function TimeField(
  { onChange, ...props },
  ref,
) {
  return (
    <TextField
      {...props}
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.placeholder ?? 'HH:MM'}
      maxLength={5}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = maskTime(event.target.value)
        onChange?.(event)
      }}
    />
  )
})
