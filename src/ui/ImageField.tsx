import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { imageTypeOf, MAX_IMAGE_BYTES } from '../contract/rules/files'
import './components.css'

export interface ImageFieldProps {
  label: string
  /** The image shown before a new one is chosen (the current photo's URL). */
  currentUrl?: string | null
  onChange: (file: File | null) => void
  error?: string | undefined
}

/**
 * SPEC §5: an image must be png or jpg and under 2 MB. The bytes are checked on the device
 * (as the server does) so the user learns before sending.
 */
export function ImageField({ label, currentUrl, onChange, error }: ImageFieldProps) {
  const { t } = useLingui()
  const id = useId()
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const choose = async (file: File | undefined) => {
    setProblem(null)
    if (!file) return
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
    if (!imageTypeOf(head)) {
      setProblem(t`Elige una imagen con extensión .png o .jpg`)
      return onChange(null)
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(t`La imagen debe pesar menos de 2 MB.`)
      return onChange(null)
    }
    setPreview(URL.createObjectURL(file))
    onChange(file)
  }

  const shown = preview ?? currentUrl ?? null
  const message = problem ?? error
  return (
    <div className="field image-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="image-field__row">
        {shown ? (
          <img className="image-field__preview" src={shown} alt="" />
        ) : (
          <span className="image-field__empty" />
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          aria-invalid={message ? true : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      <small className="field__hint">
        <Trans>PNG o JPG, menos de 2 MB.</Trans>
      </small>
      {message && (
        <span className="field__error" role="alert">
          {message}
        </span>
      )}
    </div>
  )
}
