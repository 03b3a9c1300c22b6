import { useLingui } from '@lingui/react/macro'
import type { Dispatch, SetStateAction } from 'react'
import { encounterFiles } from '../../contract/endpoints/attachments'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { attachToEncounter } from '../../sync/encounter-mutators'
import type { PreparedFile } from '../../sync/file-mutators'
import { RecordFiles } from '../../ui/files/RecordFiles'

export interface ConsultationFilesProps {
  db: LocalDb
  /** The consultation already recorded: a picked file is attached to it at once. */
  encounterId?: string | undefined
  /** The recorded consultation's files, when the screen reads them with the rest of its data. */
  files?: readonly LocalFile[] | undefined
  /** A new consultation's picked files, kept until the consultation is saved with them. */
  picked: readonly PreparedFile[]
  /** A state setter: two picks preparing at once both land. */
  onPickedChange: Dispatch<SetStateAction<PreparedFile[]>>
}

/**
 * A consultation's attachments (issue 19): the shared record files, worded for a consultation. A
 * new consultation keeps its picks until it is saved with them (one transaction); a recorded one
 * attaches them at once.
 */
export function ConsultationFiles({
  db,
  encounterId,
  files,
  picked,
  onPickedChange,
}: ConsultationFilesProps) {
  const { t } = useLingui()
  return (
    <RecordFiles
      db={db}
      owner={encounterFiles}
      ownerId={encounterId}
      attach={(id, ready) => attachToEncounter(db, mutationContext(), id, ready)}
      files={files}
      picked={picked}
      onPickedChange={onPickedChange}
      texts={{
        savedHint: t`PDF, PNG o JPG. Cada archivo se guarda en este dispositivo al elegirlo.`,
        unsavedHint: t`PDF, PNG o JPG. Los archivos se guardan con la consulta.`,
        listName: t`Archivos de la consulta`,
        pickedListName: t`Archivos por guardar con la consulta`,
        empty: t`Esta consulta no tiene archivos.`,
        removeQuestion: (name) =>
          t`¿Quitar ${name} de la consulta? El expediente conserva el registro de que existió.`,
      }}
    />
  )
}
