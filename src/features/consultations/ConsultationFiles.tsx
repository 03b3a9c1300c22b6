import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { type Dispatch, type SetStateAction, useId, useRef, useState } from 'react'
import { fetchBlob } from '../../api/client'
import { encounterFileCalls, encounterFiles } from '../../contract/endpoints/attachments'
import { filesOf } from '../../db/files'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { formatBytes } from '../../db/storage'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { attachToEncounter } from '../../sync/encounter-mutators'
import { fileBytes } from '../../sync/file-cache'
import { FileRefused, type PreparedFile, prepareFile, removeFile } from '../../sync/file-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'

export interface ConsultationFilesProps {
  db: LocalDb
  /** The consultation already recorded: a picked file is attached to it at once. */
  encounterId?: string
  /**
   * The recorded consultation's files, when the screen reads them with the rest of its data (so
   * the list draws once, with them); without it the section reads them itself.
   */
  files?: readonly LocalFile[]
  /** A new consultation's picked files, kept until the consultation is saved with them. */
  picked: readonly PreparedFile[]
  /** A state setter: two picks preparing at once both land. */
  onPickedChange: Dispatch<SetStateAction<PreparedFile[]>>
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
}

/** Opens bytes in a new tab (a PDF or a photo); where the browser blocks it, downloads them. */
function openBytes(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  // Without 'noopener': with it, open answers null even when the tab opened. The tab shows our
  // own checked bytes (a PDF or an image), nothing that could script its opener.
  if (!window.open(url, '_blank')) {
    const link = document.createElement('a')
    link.href = url
    link.download = name
    link.click()
  }
  // The new tab has read the URL by then; the object URL would otherwise hold the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * A consultation's attachments (issue 19, DESIGN §5 "Files captured offline"): PDF, PNG or JPG
 * picked or photographed with the tablet's camera, each checked, scaled and hashed on the device
 * as it is picked, so a refused one says why before anything is kept. A new consultation keeps
 * its picks until it is saved with them (one transaction); a recorded one attaches them at once.
 * Everything works offline: the uploads wait in the outbox.
 */
export function ConsultationFiles({
  db,
  encounterId,
  files: given,
  picked,
  onPickedChange,
}: ConsultationFilesProps) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const filesInput = useRef<HTMLInputElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const [preparing, setPreparing] = useState(false)
  const [refusals, setRefusals] = useState<string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [opening, setOpening] = useState<string | null>(null)
  const read = useLiveQuery(
    async () => (encounterId && !given ? filesOf(db, encounterFiles.kind, encounterId) : []),
    [db, encounterId, given === undefined],
  )
  const files = given ?? read
  const removal = useConfirmedDelete<LocalFile>(async (file) => {
    await removeFile(db, mutationContext(), encounterFiles, file.id)
    currentEngine()?.loop.kick()
    notify(t`Archivo quitado`)
  }, setFailure)

  const pick = async (list: FileList | null, input: HTMLInputElement | null) => {
    const chosen = [...(list ?? [])]
    // The same file may be picked again after a removal: the input must change to fire.
    if (input) input.value = ''
    if (chosen.length === 0) return
    setPreparing(true)
    setRefusals([])
    setFailure(null)
    const ready: PreparedFile[] = []
    const refused: string[] = []
    try {
      for (const file of chosen) {
        try {
          ready.push(await prepareFile(file, file.name, encounterFiles.limits))
        } catch (error) {
          if (!(error instanceof FileRefused)) throw error
          refused.push(`${file.name}: ${fieldMessage(error.reason, i18n)}`)
        }
      }
      setRefusals(refused)
      if (ready.length === 0) return
      if (encounterId) {
        await attachToEncounter(db, mutationContext(), encounterId, ready)
        currentEngine()?.loop.kick()
        const count = ready.length
        notify(
          count === 1
            ? t`Archivo guardado en este dispositivo`
            : t`${count} archivos guardados en este dispositivo`,
        )
      } else {
        onPickedChange((held) => [...held, ...ready])
      }
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setPreparing(false)
    }
  }

  const open = async (file: LocalFile) => {
    setFailure(null)
    setOpening(file.id)
    try {
      const blob = await fileBytes(db, file.id, (row) =>
        fetchBlob(encounterFileCalls.download, { params: { id: row.id } }),
      )
      openBytes(blob, file.name)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setOpening(null)
    }
  }

  const stateOf = (file: LocalFile) =>
    file.syncState === 'synced'
      ? t`Sincronizado`
      : file.syncState === 'pending'
        ? t`Por enviar`
        : file.syncState === 'conflict'
          ? t`En conflicto`
          : t`Rechazado`
  const size = (bytes: number) => formatBytes(bytes, i18n.locale)
  const doomedName = removal.doomed?.name ?? ''

  return (
    <section className="form-section consultation-files" aria-labelledby={titleId}>
      <h3 id={titleId} className="consultation-files__title">
        <Trans>Archivos adjuntos</Trans>
      </h3>
      <p className="form-hint">
        {encounterId ? (
          <Trans>PDF, PNG o JPG. Cada archivo se guarda en este dispositivo al elegirlo.</Trans>
        ) : (
          <Trans>PDF, PNG o JPG. Los archivos se guardan con la consulta.</Trans>
        )}
      </p>
      <div className="consultation-files__pickers">
        <Button variant="secondary" loading={preparing} onClick={() => filesInput.current?.click()}>
          <Trans>Elegir archivos</Trans>
        </Button>
        <Button variant="secondary" disabled={preparing} onClick={() => cameraInput.current?.click()}>
          <Trans>Tomar foto</Trans>
        </Button>
        <input
          ref={filesInput}
          type="file"
          hidden
          multiple
          accept="application/pdf,image/png,image/jpeg"
          aria-label={t`Elegir archivos`}
          onChange={(event) => void pick(event.target.files, event.target)}
        />
        <input
          ref={cameraInput}
          type="file"
          hidden
          accept="image/*"
          capture="environment"
          aria-label={t`Tomar foto`}
          onChange={(event) => void pick(event.target.files, event.target)}
        />
      </div>
      {refusals.length > 0 && (
        <div className="form-errors" role="alert">
          <ul>
            {refusals.map((refusal, index) => (
              // Two files of one name may be refused alike: the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <li key={index}>{refusal}</li>
            ))}
          </ul>
        </div>
      )}
      {failure && <Alert>{failure}</Alert>}
      {picked.length > 0 && (
        <ul className="consultation-files__list" aria-label={t`Archivos por guardar con la consulta`}>
          {picked.map((file) => (
            <li key={file.id} className="consultation-files__file">
              <span className="consultation-files__name">{file.name}</span>
              <span className="consultation-files__meta">
                {TYPE_NAMES[file.media_type]} · {size(file.size)}
              </span>
              <Button
                variant="ghost"
                onClick={() => onPickedChange((held) => held.filter((entry) => entry.id !== file.id))}
              >
                <Trans>Quitar</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {files && files.length > 0 && (
        <ul className="consultation-files__list" aria-label={t`Archivos de la consulta`}>
          {files.map((file) => (
            <li key={file.id} className="consultation-files__file">
              <span className="consultation-files__name">{file.name}</span>
              <span className="consultation-files__meta">
                {TYPE_NAMES[file.media_type] ?? file.media_type} · {size(file.size)} · {stateOf(file)}
              </span>
              <span className="consultation-files__actions">
                <Button variant="secondary" loading={opening === file.id} onClick={() => void open(file)}>
                  <Trans>Abrir</Trans>
                </Button>
                <Button variant="ghost" onClick={() => removal.ask(file)}>
                  <Trans>Quitar</Trans>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {encounterId && files?.length === 0 && (
        <p className="consultation-files__empty">
          <Trans>Esta consulta no tiene archivos.</Trans>
        </p>
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={t`Quitar archivo`}
        message={t`¿Quitar ${doomedName} de la consulta? El expediente conserva el registro de que existió.`}
        confirmLabel={t`Quitar`}
      />
    </section>
  )
}
