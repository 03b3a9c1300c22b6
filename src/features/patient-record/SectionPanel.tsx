import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { RecordSection } from '../../contract/schemas/record-sections'
import type { LocalDb, LocalRecordSection } from '../../db/local-db'
import { recordEntrySummary } from '../../documents/record-entry-summary'
import { SECTION_TITLES } from '../../i18n/record-section-titles'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { deleteRecordSection } from '../../sync/record-section-mutators'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { EditDeleteActions } from '../../ui/EditDeleteActions'
import { FormDialog } from '../../ui/FormDialog'
import { notify } from '../../ui/notices'
import { SYNC_BADGES } from '../../ui/sync-badges'
import { SectionEntryForm } from './SectionEntryForm'
import type { SectionChoices } from './section-choices'

export interface SectionPanelProps {
  db: LocalDb
  section: RecordSection
  patientId: string
  /** The section's live entries, from the device. */
  entries: LocalRecordSection[]
  /** What the section's code field offers and names (medical conditions, COVID statuses). */
  choices?: SectionChoices
  canEdit: boolean
}

/** What an entry says, in one line: its name or text, then its year and note when it has them. */
export function summaryOf(entry: LocalRecordSection, choices: SectionChoices | undefined): string {
  return recordEntrySummary(entry, (code) => choices?.named.find((item) => item.code === code)?.name)
}

/**
 * One section of the patient's record: its entries with their sync state, and add, edit and
 * delete (the delete asks first, SPEC §8). Everything works on the device, online or not.
 */
export function SectionPanel({ db, section, patientId, entries, choices, canEdit }: SectionPanelProps) {
  const { t, i18n } = useLingui()
  const [editing, setEditing] = useState<LocalRecordSection | 'new' | null>(null)
  const [doomed, setDoomed] = useState<LocalRecordSection | null>(null)
  const [deleting, setDeleting] = useState(false)
  const title = i18n._(SECTION_TITLES[section])
  const headingId = `record-section-${section}`

  const remove = async () => {
    if (!doomed) return
    setDeleting(true)
    try {
      await deleteRecordSection(db, mutationContext(), doomed.id)
      currentEngine()?.loop.kick()
      notify(t`Registro eliminado`)
      setDoomed(null)
    } finally {
      setDeleting(false)
    }
  }

  return (
    <section className="record-section" aria-labelledby={headingId}>
      <header className="record-section__header">
        <h2 id={headingId}>{title}</h2>
        {canEdit && (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <Trans>Agregar</Trans>
            <span className="visually-hidden"> {title}</span>
          </Button>
        )}
      </header>
      {entries.length === 0 ? (
        <p className="record-section__empty">
          <Trans>Sin registros</Trans>
        </p>
      ) : (
        <ul className="record-section__entries">
          {entries.map((entry) => {
            const summary = summaryOf(entry, choices)
            return (
              <li key={entry.id} className="record-section__entry">
                <span>{summary}</span>
                {entry.syncState !== 'synced' && (
                  <span className="record-section__badge" data-state={entry.syncState}>
                    {i18n._(SYNC_BADGES[entry.syncState])}
                  </span>
                )}
                {canEdit && (
                  <EditDeleteActions
                    summary={summary}
                    onEdit={() => setEditing(entry)}
                    onDelete={() => setDoomed(entry)}
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? t`Agregar: ${title}` : t`Editar: ${title}`}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <SectionEntryForm
            db={db}
            section={section}
            patientId={patientId}
            entry={editing === 'new' ? undefined : editing}
            choices={choices}
            onDone={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={doomed !== null}
        title={t`Eliminar registro`}
        message={t`¿Eliminar «${doomed ? summaryOf(doomed, choices) : ''}» de ${title}?`}
        confirmLabel={t`Eliminar`}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setDoomed(null)}
      />
    </section>
  )
}
