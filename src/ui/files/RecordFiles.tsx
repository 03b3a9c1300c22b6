import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { type Dispatch, type SetStateAction, useId, useRef, useState } from 'react'
import { fetchBlob } from '../../api/client'
import { type FileOwner, fileCallsOf } from '../../contract/endpoints/attachments'
import { filesOf } from '../../db/files'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { formatBytes } from '../../db/storage'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { fileBytes } from '../../sync/file-cache'
import { FileRefused, type PreparedFile, prepareFile, removeFile } from '../../sync/file-mutators'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { ConfirmDialog } from '../ConfirmDialog'
import { errorMessage } from '../form/error-message'
import { fieldMessage } from '../form/field-errors'
import { notify } from '../notices'
import { useConfirmedDelete } from '../use-confirmed-delete'
import './record-files.css'
import { openBytes } from './open-bytes'

/** The words that name the record the files belong to (a consultation, an exam…). */
export interface RecordFilesTexts {
  /** The hint when the record is saved: each pick is kept at once. */
  savedHint: string
  /** The hint before the record is saved: picks wait for it. */
  unsavedHint: string
  /** The recorded files' list, by name. */
  listName: string
  /** The picks waiting for the record's save, by name. */
  pickedListName: string
  /** Shown when a saved record has no files. */
  empty: string
  /** The question before a removal. */
  removeQuestion: (fileName: string) => string
}

export interface RecordFilesProps {
  db: LocalDb
  /** Whose files: the record's kind (its calls, its limits). */
  owner: FileOwner
  /** The record already saved: a picked file is attached to it at once with `attach`. */
  ownerId?: string | undefined
  /** Keeps prepared files with the saved record and queues their uploads (its mutator). */
  attach: (ownerId: string, files: readonly PreparedFile[]) => Promise<unknown>
  /**
   * The recorded files, when the screen reads them with the rest of its data (so the list draws
   * once, with them); without it the section reads them itself.
   */
  files?: readonly LocalFile[] | undefined
  /** A new record's picked files, kept until the record is saved with them. */
  picked?: readonly PreparedFile[]
  /** A state setter: two picks preparing at once both land. */
  onPickedChange?: Dispatch<SetStateAction<PreparedFile[]>>
  texts: RecordFilesTexts
  /** The section's title (its heading). */
  title?: string
  /** A read-only view (a record's detail): the files open, none is picked nor removed. */
  readOnly?: boolean
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
}

/**
 * A record's files (issue 19, DESIGN §5 "Files captured offline"): PDF, PNG or JPG picked or
 * photographed with the tablet's camera, each checked, scaled and hashed on the device as it is
 * picked, so a refused one says why before anything is kept. A new record keeps its picks until
 * it is saved with them (one transaction); a saved one attaches them at once. Everything works
 * offline: the uploads wait in the outbox. Shared by the consultation and the admission exam.
 */
export function RecordFiles({
  db,
  owner,
  ownerId,
  attach,
  files: given,
  picked = [],
  onPickedChange,
  texts,
  title,
  readOnly = false,
}: RecordFilesProps) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const filesInput = useRef<HTMLInputElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const [preparing, setPreparing] = useState(false)
  const [refusals, setRefusals] = useState<string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [opening, setOpening] = useState<string | null>(null)
  const read = useLiveQuery(
    async () => (ownerId && !given ? filesOf(db, owner.kind, ownerId) : []),
    [db, ownerId, given === undefined],
  )
  const files = given ?? read
  const removal = useConfirmedDelete<LocalFile>(async (file) => {
    await removeFile(db, mutationContext(), owner, file.id)
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
          ready.push(await prepareFile(file, file.name, owner.limits))
        } catch (error) {
          if (!(error instanceof FileRefused)) throw error
          refused.push(`${file.name}: ${fieldMessage(error.reason, i18n)}`)
        }
      }
      setRefusals(refused)
      if (ready.length === 0) return
      if (ownerId) {
        await attach(ownerId, ready)
        currentEngine()?.loop.kick()
        const count = ready.length
        notify(
          count === 1
            ? t`Archivo guardado en este dispositivo`
            : t`${count} archivos guardados en este dispositivo`,
        )
      } else {
        onPickedChange?.((held) => [...held, ...ready])
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
        fetchBlob(fileCallsOf(owner).download, { params: { id: row.id } }),
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
    <section className="form-section record-files" aria-labelledby={titleId}>
      <h3 id={titleId} className="record-files__title">
        {title ?? <Trans>Archivos adjuntos</Trans>}
      </h3>
      {!readOnly && (
        <>
          <p className="form-hint">{ownerId ? texts.savedHint : texts.unsavedHint}</p>
          <div className="record-files__pickers">
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
        </>
      )}
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
        <ul className="record-files__list" aria-label={texts.pickedListName}>
          {picked.map((file) => (
            <li key={file.id} className="record-files__file">
              <span className="record-files__name">{file.name}</span>
              <span className="record-files__meta">
                {TYPE_NAMES[file.media_type]} · {size(file.size)}
              </span>
              <Button
                variant="ghost"
                onClick={() => onPickedChange?.((held) => held.filter((entry) => entry.id !== file.id))}
              >
                <Trans>Quitar</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {files && files.length > 0 && (
        <ul className="record-files__list" aria-label={texts.listName}>
          {files.map((file) => (
            <li key={file.id} className="record-files__file">
              <span className="record-files__name">{file.name}</span>
              <span className="record-files__meta">
                {TYPE_NAMES[file.media_type] ?? file.media_type} · {size(file.size)} · {stateOf(file)}
              </span>
              <span className="record-files__actions">
                <Button variant="secondary" loading={opening === file.id} onClick={() => void open(file)}>
                  <Trans>Abrir</Trans>
                </Button>
                {!readOnly && (
                  <Button variant="ghost" onClick={() => removal.ask(file)}>
                    <Trans>Quitar</Trans>
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {ownerId && files?.length === 0 && <p className="record-files__empty">{texts.empty}</p>}
      <ConfirmDialog
        {...removal.dialog}
        title={t`Quitar archivo`}
        message={texts.removeQuestion(doomedName)}
        confirmLabel={t`Quitar`}
      />
    </section>
  )
}
