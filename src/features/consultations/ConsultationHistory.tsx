import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { memo, useId } from 'react'
import { encounterHistory } from '../../db/encounters'
import type { LocalDb, LocalEncounter } from '../../db/local-db'
import { useSyncEngine } from '../../session/use-sync-engine'
import { MODALITY_NAMES, TYPE_NAMES } from '../../ui/consultation-names'
import { formatDate, formatTime } from '../../ui/format-date'
import { SYNC_BADGES } from '../../ui/sync-badges'
import './consultations.css'

export interface ConsultationListProps {
  patientId: string
  /** The patient's consultations, newest first (`encounterHistory`). */
  encounters: readonly LocalEncounter[]
  /** Who may amend a consultation gets each one's date as a link to its edit page. */
  canEdit: boolean
  /** The consultation on screen beside the list, marked in it. */
  currentId?: string
}

/**
 * The patient's consultations, newest first, as the caller read them from the device (so one
 * recorded offline shows at once): when, type, modality, diagnoses with their codes and who
 * recorded it, each opening its edit page, where its amendments show. It draws once, with its
 * rows: the caller reads them with the rest of its screen.
 */
export function ConsultationList({ patientId, encounters, canEdit, currentId }: ConsultationListProps) {
  const titleId = useId()
  return (
    <section className="consultation-history" aria-labelledby={titleId} id="record-consultations">
      <h2 id={titleId} className="consultation-history__title">
        <Trans>Historial de consultas</Trans>
      </h2>
      {encounters.length === 0 ? (
        <p className="consultation-history__empty">
          <Trans>Sin consultas registradas.</Trans>
        </p>
      ) : (
        <ol className="consultation-history__list">
          {encounters.map((encounter) => (
            <ConsultationRow
              key={encounter.id}
              patientId={patientId}
              encounter={encounter}
              canEdit={canEdit}
              current={encounter.id === currentId}
            />
          ))}
        </ol>
      )}
    </section>
  )
}

/** One consultation's line; a row that did not change is not drawn again when the list is. */
const ConsultationRow = memo(function ConsultationRow({
  patientId,
  encounter,
  canEdit,
  current,
}: {
  patientId: string
  encounter: LocalEncounter
  canEdit: boolean
  current: boolean
}) {
  const { i18n } = useLingui()
  const when = `${formatDate(encounter.started_at)} ${formatTime(encounter.started_at)}`
  const type = TYPE_NAMES[encounter.type as keyof typeof TYPE_NAMES]
  const modality = MODALITY_NAMES[encounter.modality as keyof typeof MODALITY_NAMES]
  return (
    <li
      className="consultation-history__item"
      data-current={current || undefined}
      aria-current={current || undefined}
    >
      <p className="consultation-history__head">
        {canEdit ? (
          <Link
            to="/medical-consultation/edit/$patientId/$encounterId"
            params={{ patientId, encounterId: encounter.id }}
          >
            {when}
          </Link>
        ) : (
          <strong>{when}</strong>
        )}{' '}
        · {type ? i18n._(type) : String(encounter.type)} ·{' '}
        {modality ? i18n._(modality) : String(encounter.modality)}
        {encounter.syncState !== 'synced' && (
          <>
            {' '}
            <span className="consultation-history__badge" data-state={encounter.syncState}>
              {i18n._(SYNC_BADGES[encounter.syncState])}
            </span>
          </>
        )}
        {current && (
          <>
            {' '}
            <span className="consultation-history__current">
              <Trans>Esta consulta</Trans>
            </span>
          </>
        )}
      </p>
      <ul className="consultation-history__diagnoses">
        {encounter.diagnoses.map((diagnosis) => (
          <li key={diagnosis.code}>
            <strong>{diagnosis.code}</strong> {diagnosis.name}
          </li>
        ))}
      </ul>
      <p className="consultation-history__prescriber">
        <Trans>Registró: {encounter.prescriber?.name || '—'}</Trans>
        {encounter.prescription.length > 0 && (
          <>
            {' '}
            ·{' '}
            <Plural
              value={encounter.prescription.length}
              one="Receta de # medicamento"
              other="Receta de # medicamentos"
            />
          </>
        )}
      </p>
    </li>
  )
})

/**
 * The patient's consultation history read on its own, for a screen that shows it without reading
 * consultations itself (the patient's record, whose route composes it in). Nothing is drawn until
 * the rows are read, so the list draws once, with them.
 */
export function ConsultationHistory({
  db: given,
  patientId,
  canEdit,
}: {
  /** The device's database; the running sync engine's when not given. */
  db?: LocalDb
  patientId: string
  canEdit: boolean
}) {
  const engineDb = useSyncEngine()?.db
  const db = given ?? engineDb
  const encounters = useLiveQuery(
    async () => (db ? encounterHistory(db, patientId) : undefined),
    [db, patientId],
  )
  if (!encounters) return null
  return <ConsultationList patientId={patientId} encounters={encounters} canEdit={canEdit} />
}
