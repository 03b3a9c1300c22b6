import { useLingui } from '@lingui/react/macro'
import type { Dispatch, SetStateAction } from 'react'
import type { FileOwner } from '../../contract/endpoints/attachments'
import type { LocalDb, LocalFile } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import type { PreparedFile } from '../../sync/file-mutators'
import type { DeviceReportKind } from '../../sync/medical-report-kinds'
import { attachReportFiles } from '../../sync/medical-report-mutators'
import { RecordFiles } from '../../ui/files/RecordFiles'

export interface ReportFilesProps {
  db: LocalDb
  kind: DeviceReportKind
  /** Which of the report's file owners (a disability has its attachment and its signature). */
  owner: FileOwner
  /** The report already saved: a picked file is kept with it at once. */
  reportId?: string | undefined
  /** The saved report's files, when the screen reads them with the rest of its data. */
  files?: readonly LocalFile[] | undefined
  /** A new report's picked files, kept until it is saved with them (`createReport`'s files). */
  picked?: readonly PreparedFile[]
  onPickedChange?: Dispatch<SetStateAction<PreparedFile[]>>
  /** The section's heading ("Archivos adjuntos"). */
  title?: string
  /** A detail view: the files open, none is picked nor removed. */
  readOnly?: boolean
}

/**
 * A medical report's files (issue 23; DESIGN §5 "Files captured offline"): the shared record
 * files, worded for a report — PDF, PNG or JPG checked, scaled and hashed on the device as they
 * are picked, uploaded after the report's create. A new report keeps its picks until it is saved.
 */
export function ReportFiles({
  db,
  kind,
  owner,
  reportId,
  files,
  picked,
  onPickedChange,
  title,
  readOnly,
}: ReportFilesProps) {
  const { t } = useLingui()
  return (
    <RecordFiles
      db={db}
      owner={owner}
      ownerId={reportId}
      attach={(id, ready) =>
        attachReportFiles(
          db,
          mutationContext(),
          kind,
          id,
          ready.map((file) => ({ owner, file })),
        )
      }
      files={files}
      {...(picked ? { picked } : {})}
      {...(onPickedChange ? { onPickedChange } : {})}
      {...(title ? { title } : {})}
      {...(readOnly ? { readOnly } : {})}
      texts={{
        savedHint: t`PDF, PNG o JPG. Cada archivo se guarda en este dispositivo al elegirlo.`,
        unsavedHint: t`PDF, PNG o JPG. Los archivos se guardan con el reporte.`,
        listName: t`Archivos del reporte`,
        pickedListName: t`Archivos por guardar con el reporte`,
        empty: t`Este reporte no tiene archivos.`,
        removeQuestion: (name) =>
          t`¿Quitar ${name} del reporte? El expediente conserva el registro de que existió.`,
      }}
    />
  )
}
