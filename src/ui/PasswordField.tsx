import { useLingui } from '@lingui/react/macro'
import { forwardRef, useState } from 'react'
import { TextField, type TextFieldProps } from './TextField'

/** A password input with a show/hide toggle that keeps the focus where it was. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const { t } = useLingui()
    const [visible, setVisible] = useState(false)
    return (
      <TextField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            className="field__toggle"
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? t`Ocultar` : t`Mostrar`}
          </button>
        }
      />
    )
  },
)
