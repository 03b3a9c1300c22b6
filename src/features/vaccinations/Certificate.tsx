import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { fetchBlob } from '../../api/client'
import { vaccinationRecordFileCalls, vaccinationRecordFiles } from '../../contract/endpoints/vaccination'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { fileBytes } from '../../sync/file-cache'
import { FileRefused, type PreparedFile, prepareFile } from '../../sync/file-mutators'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'

/** An object URL for bytes while the component shows them, revoked when they change or go. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return setUrl(null)
    const made = URL.createObjectURL(blob)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [blob])
  return url
}

/**
 * The certificate photo of a dose (SPEC §3, §5: PNG or JPG under 2 MB): picked or taken with the
 * tablet's camera, scaled down on the device when larger (`prepareFile`), so a phone's photo of
 * several megabytes is kept rather than refused; a file of another type says why at once.
 */
export function CertificateField({
  picked,
  current,
  onPick,
}: {
  picked: PreparedFile | null
  /** The photo the dose already has, when it is amended. */
  current: Blob | null
  onPick: (file: PreparedFile | null) => void
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const filesInput = useRef<HTMLInputElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const [preparing, setPreparing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const shown = useObjectUrl(picked?.blob ?? current)

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    // The same photo may be chosen again after a removal: the input must forget it.
    input.value = ''
    if (!file) return
    setProblem(null)
    setPreparing(true)
    try {
      onPick(await prepareFile(file, file.name, vaccinationRecordFiles.limits))
    } catch (error) {
      setProblem(
        error instanceof FileRefused
          ? (fieldMessage(error.reason, i18n) ?? error.reason)
          : errorMessage(error, i18n),
      )
    } finally {
      setPreparing(false)
    }
  }

  return (
    <fieldset className="form-section vaccination-certificate" aria-labelledby={titleId}>
      <legend id={titleId}>{t`Certificado de vacunación`}</legend>
      <div className="vaccination-certificate__row">
        {shown ? (
          <img className="vaccination-certificate__preview" src={shown} alt={t`Foto del certificado`} />
        ) : (
          <span className="vaccination-certificate__empty">
            <Trans>Sin foto</Trans>
          </span>
        )}
        <div className="vaccination-certificate__actions">
          <Button variant="secondary" loading={preparing} onClick={() => filesInput.current?.click()}>
            <Trans>Elegir foto</Trans>
          </Button>
          <Button variant="secondary" disabled={preparing} onClick={() => cameraInput.current?.click()}>
            <Trans>Tomar foto</Trans>
          </Button>
          {picked && (
            <Button variant="ghost" onClick={() => onPick(null)}>
              <Trans>Quitar foto</Trans>
            </Button>
          )}
        </div>
        <input
          ref={filesInput}
          type="file"
          hidden
          accept="image/png,image/jpeg"
          aria-label={t`Elegir foto`}
          onChange={(event) => void pick(event.target)}
        />
        <input
          ref={cameraInput}
          type="file"
          hidden
          accept="image/png,image/jpeg"
          capture="environment"
          aria-label={t`Tomar foto`}
          onChange={(event) => void pick(event.target)}
        />
      </div>
      <p className="form-hint">
        <Trans>PNG o JPG. Una foto grande se reduce en este dispositivo a menos de 2 MB.</Trans>
      </p>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}

/**
 * A dose's certificate on the card: its thumbnail when the device holds the bytes (always for a
 * photo taken here), otherwise a button that fetches them once (kept for offline viewing).
 */
export function CertificateThumbnail({ db, file }: { db: LocalDb; file: LocalFile }) {
  const { t, i18n } = useLingui()
  const url = useObjectUrl(file.blob)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  if (url) {
    return (
      <a href={url} target="_blank" rel="noreferrer" className="vaccination-thumbnail">
        <img src={url} alt={t`Certificado de vacunación`} />
      </a>
    )
  }
  const fetchIt = async () => {
    setBusy(true)
    setProblem(null)
    try {
      await fileBytes(db, file.id, (row) =>
        fetchBlob(vaccinationRecordFileCalls.download, { params: { id: row.id } }),
      )
    } catch (error) {
      setProblem(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="vaccination-thumbnail">
      <Button variant="ghost" loading={busy} onClick={() => void fetchIt()}>
        <Trans>Ver certificado</Trans>
      </Button>
      {problem && <span className="field__error">{problem}</span>}
    </span>
  )
}
