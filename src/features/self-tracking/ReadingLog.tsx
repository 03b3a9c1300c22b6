import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { LocalDb, LocalReading } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { deleteReading } from '../../sync/reading-mutators'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { EditDeleteActions } from '../../ui/EditDeleteActions'
import { FormDialog } from '../../ui/FormDialog'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate, formatTime } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { SYNC_BADGES } from '../../ui/sync-badges'
import { useUnits } from '../../ui/unit-preference'
import { ReadingEntryForm } from './ReadingEntryForm'
import { ReadingFigures } from './ReadingFigures'
import { byDayNewestFirst, mealLines, readingSummary } from './reading-summary'
import { KIND_TITLES } from './texts'

/**
 * "My log": the patient's entries by date, newest first, each with its amendment and its delete
 * (which asks first, SPEC §8). With `showKind`, entries of every kind share one log.
 */
export function ReadingLog({
  db,
  readings,
  showKind = false,
}: {
  db: LocalDb
  readings: readonly LocalReading[]
  showKind?: boolean
}) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const [editing, setEditing] = useState<LocalReading | null>(null)
  const [doomed, setDoomed] = useState<LocalReading | null>(null)
  const [deleting, setDeleting] = useState(false)
  const kindTitle = (kind: ReadingKind) => i18n._(KIND_TITLES[kind])

  const remove = async () => {
    if (!doomed) return
    setDeleting(true)
    try {
      await deleteReading(db, mutationContext(), doomed.id)
      currentEngine()?.loop.kick()
      notify(t`Registro eliminado`)
      setDoomed(null)
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setDeleting(false)
    }
  }

  if (readings.length === 0) {
    return (
      <p className="reading-log__empty">
        <Trans>Aún no hay registros.</Trans>
      </p>
    )
  }
  const entryText = (reading: LocalReading) =>
    `${formatTime(new Date(reading.taken_at))} ${showKind ? `${kindTitle(reading.kind)}: ` : ''}${readingSummary(reading, units, i18n)}`

  return (
    <div className="reading-log">
      {byDayNewestFirst(readings).map(([date, entries]) => (
        <section
          key={date}
          className="reading-log__day"
          aria-label={formatDate(new Date(`${date}T12:00:00`))}
        >
          <h3 className="reading-log__date">{formatDate(new Date(`${date}T12:00:00`))}</h3>
          <ul className="reading-log__entries">
            {entries.map((reading) => {
              const summary = entryText(reading)
              return (
                <li key={reading.id} className="reading-log__entry">
                  <div className="reading-log__text">
                    <span className="reading-log__time">{formatTime(new Date(reading.taken_at))}</span>
                    {showKind && <span className="reading-log__kind">{kindTitle(reading.kind)}</span>}
                    <span>{readingSummary(reading, units, i18n)}</span>
                    {mealLines(reading).map((line) => (
                      <span key={line} className="reading-log__detail">
                        {line}
                      </span>
                    ))}
                    {reading.note && <span className="reading-log__detail">{reading.note}</span>}
                    <ReadingFigures kind={reading.kind} values={reading} />
                    {reading.syncState !== 'synced' && (
                      <span className="reading-log__badge" data-state={reading.syncState}>
                        {i18n._(SYNC_BADGES[reading.syncState])}
                      </span>
                    )}
                  </div>
                  <EditDeleteActions
                    summary={summary}
                    onEdit={() => setEditing(reading)}
                    onDelete={() => setDoomed(reading)}
                  />
                </li>
              )
            })}
          </ul>
        </section>
      ))}
      <FormDialog
        open={editing !== null}
        title={editing ? t`Editar: ${kindTitle(editing.kind)}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <ReadingEntryForm
            db={db}
            kind={editing.kind}
            patientId={editing.patient_id}
            reading={editing}
            onDone={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={doomed !== null}
        title={t`Eliminar registro`}
        message={t`¿Eliminar el registro «${doomed ? entryText(doomed) : ''}»?`}
        confirmLabel={t`Eliminar`}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  )
}
