import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from './Spinner'
import './components.css'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  block?: boolean
  loading?: boolean
}

export function Button({
  variant = 'primary',
  block = false,
  loading = false,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className="button"
      data-variant={variant}
      data-block={block}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      {children}
    </button>
  )
}
