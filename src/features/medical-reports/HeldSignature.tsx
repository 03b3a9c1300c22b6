import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { fetchBlob } from '../../api/client'
import { fileCallsOf } from '../../contract/endpoints/attachments'
import { disabilitySignatureFiles } from '../../contract/endpoints/disabilities'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { fileBytes } from '../../sync/file-cache'
import { formatDateTime } from '../../ui/format-date'

/**
 * A disability's drawn signature as an image: the device's copy (so it shows offline), or the
 * server's when the device let its bytes go. Said in words where the bytes cannot be had.
 */
export function HeldSignature({
  db,
  file,
  children,
}: {
  db: LocalDb
  file: LocalFile
  /** Actions beside it (sign again). */
  children?: ReactNode
}) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  useEffect(() => {
    let shown: string | null = null
    let gone = false
    setMissing(false)
    fileBytes(db, file.id, (row) =>
      fetchBlob(fileCallsOf(disabilitySignatureFiles).download, { params: { id: row.id } }),
    )
      .then((blob) => {
        if (gone) return
        shown = URL.createObjectURL(blob)
        setUrl(shown)
      })
      .catch(() => {
        // Offline with the bytes let go: the signature exists, the image waits for the network.
        if (!gone) setMissing(true)
      })
    return () => {
      gone = true
      if (shown) URL.revokeObjectURL(shown)
    }
  }, [db, file.id])
  return (
    <figure className="held-signature">
      <figcaption className="field__label">
        <Trans>Firma del médico</Trans>
      </figcaption>
      <div className="held-signature__frame">
        {url ? (
          <img className="held-signature__image" src={url} alt={t`Firma registrada`} />
        ) : (
          <p className="form-hint">
            {missing ? (
              <Trans>La imagen de la firma se verá cuando haya conexión.</Trans>
            ) : (
              <Trans>Cargando la firma…</Trans>
            )}
          </p>
        )}
      </div>
      <div className="held-signature__footer">
        <span className="field__hint">
          {file.created_at
            ? t`Firmada el ${formatDateTime(file.created_at)}`
            : t`Firma guardada en este dispositivo`}
        </span>
        {children}
      </div>
    </figure>
  )
}
