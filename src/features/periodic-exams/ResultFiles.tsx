import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { fetchBlob } from '../../api/client'
import { periodicExamResultFileCalls, periodicExamResultFiles } from '../../contract/endpoints/periodic-exams'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { formatBytes } from '../../db/storage'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { fileBytes } from '../../sync/file-cache'
import { FileRefused, type PreparedFile, prepareFile, removeFile } from '../../sync/file-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { openBytes } from '../../ui/files/open-bytes'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'

/** Reads a result file's bytes: the device's copy, else the server's (then kept here). */
export const resultFileBytes = (db: LocalDb, file: LocalFile) =>
  fileBytes(db, file.id, (row) =>
    fetchBlob(periodicExamResultFileCalls.download, { params: { patient: row.patient_id, id: row.id } }),
  )

/** The files held for a clinical exam row, with open (and, when editing, remove). */
export function HeldResultFiles({
  db,
  files,
  removable,
}: {
  db: LocalDb
  files: readonly LocalFile[]
  removable: boolean
}) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const [opening, setOpening] = useState<string | null>(null)
  const open = async (file: LocalFile) => {
    setFailure(null)
    setOpening(file.id)
    try {
      openBytes(await resultFileBytes(db, file), file.name)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setOpening(null)
    }
  }
  const remove = async (file: LocalFile) => {
    try {
      await removeFile(db, mutationContext(), periodicExamResultFiles, file.id)
      currentEngine()?.loop.kick()
      notify(t`Archivo quitado`)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  }
  if (files.length === 0) return null
  return (
    <>
      <ul className="exam-files" aria-label={t`Archivos del resultado`}>
        {files.map((file) => (
          <li key={file.id} className="exam-files__file">
            <span className="exam-files__name">{file.name}</span>
            <span className="exam-files__meta">{formatBytes(file.size, i18n.locale)}</span>
            <span className="exam-files__actions">
              <Button variant="secondary" loading={opening === file.id} onClick={() => void open(file)}>
                <Trans>Abrir</Trans>
              </Button>
              {removable && (
                <Button variant="ghost" onClick={() => void remove(file)}>
                  <Trans>Quitar</Trans>
                  <span className="visually-hidden"> {file.name}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {failure && <Alert>{failure}</Alert>}
    </>
  )
}

/**
 * New files for a clinical exam's result (lab reports, audiograms, spirometries: PDF, PNG or
 * JPG), picked or photographed with the tablet's camera, checked and scaled on the device as they
 * are picked; kept until the exam is saved with them (their uploads wait in the outbox).
 */
export function ResultFilePicker({
  picked,
  onPickedChange,
  label,
}: {
  picked: readonly PreparedFile[]
  onPickedChange: (update: (held: PreparedFile[]) => PreparedFile[]) => void
  /** The row's name, read aloud with the buttons. */
  label: string
}) {
  const { t, i18n } = useLingui()
  const listId = useId()
  const filesInput = useRef<HTMLInputElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const [preparing, setPreparing] = useState(false)
  const [refusals, setRefusals] = useState<string[]>([])

  const pick = async (list: FileList | null, input: HTMLInputElement | null) => {
    const chosen = [...(list ?? [])]
    // The same file may be picked again after a removal: the input must change to fire.
    if (input) input.value = ''
    if (chosen.length === 0) return
    setPreparing(true)
    const ready: PreparedFile[] = []
    const refused: string[] = []
    try {
      for (const file of chosen) {
        try {
          ready.push(await prepareFile(file, file.name, periodicExamResultFiles.limits))
        } catch (error) {
          refused.push(
            `${file.name}: ${error instanceof FileRefused ? fieldMessage(error.reason, i18n) : errorMessage(error, i18n)}`,
          )
        }
      }
      setRefusals(refused)
      if (ready.length > 0) onPickedChange((held) => [...held, ...ready])
    } finally {
      setPreparing(false)
    }
  }

  return (
    <div className="exam-files__picker">
      <div className="exam-files__buttons">
        <Button variant="secondary" loading={preparing} onClick={() => filesInput.current?.click()}>
          <Trans>Adjuntar archivo</Trans>
          <span className="visually-hidden"> {label}</span>
        </Button>
        <Button variant="secondary" disabled={preparing} onClick={() => cameraInput.current?.click()}>
          <Trans>Tomar foto</Trans>
          <span className="visually-hidden"> {label}</span>
        </Button>
        <input
          ref={filesInput}
          type="file"
          hidden
          multiple
          accept="application/pdf,image/png,image/jpeg"
          aria-label={t`Adjuntar archivo`}
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
            {refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      )}
      {picked.length > 0 && (
        <ul id={listId} className="exam-files" aria-label={t`Archivos por guardar con el examen`}>
          {picked.map((file) => (
            <li key={file.id} className="exam-files__file">
              <span className="exam-files__name">{file.name}</span>
              <span className="exam-files__meta">{formatBytes(file.size, i18n.locale)}</span>
              <Button
                variant="ghost"
                onClick={() => onPickedChange((held) => held.filter((f) => f.id !== file.id))}
              >
                <Trans>Quitar</Trans>
                <span className="visually-hidden"> {file.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
