import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useId } from 'react'
import { encounterHistory } from '../../db/encounters'
import type { LocalDb } from '../../db/local-db'
import { MODALITY_NAMES, TYPE_NAMES } from '../../ui/consultation-names'
import { formatDate, formatTime } from '../../ui/format-date'
import { SYNC_BADGES } from './section-texts'

/**
 * The patient's consultations, newest first, from the device (so one recorded offline shows at
 * once): when, type, modality, diagnoses with their codes and who recorded it, each opening its
 * edit page, where its amendments show.
 */
export function ConsultationHistory({
  db,
  patientId,
  canEdit,
}: {
  db: LocalDb
  patientId: string
  canEdit: boolean
}) {
  const { i18n } = useLingui()
  const titleId = useId()
  const encounters = useLiveQuery(() => encounterHistory(db, patientId), [db, patientId])
  return (
    <section
      className="record-section consultation-history"
      aria-labelledby={titleId}
      id="record-consultations"
    >
      <div className="record-section__header">
        <h2 id={titleId}>
          <Trans>Historial de consultas</Trans>
        </h2>
      </div>
      {encounters && encounters.length === 0 && (
        <p className="record-section__empty">
          <Trans>Sin consultas registradas.</Trans>
        </p>
      )}
      {encounters && encounters.length > 0 && (
        <ol className="consultation-history__list">
          {encounters.map((encounter) => {
            const when = `${formatDate(encounter.started_at)} ${formatTime(encounter.started_at)}`
            const type = TYPE_NAMES[encounter.type as keyof typeof TYPE_NAMES]
            const modality = MODALITY_NAMES[encounter.modality as keyof typeof MODALITY_NAMES]
            return (
              <li key={encounter.id} className="consultation-history__item">
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
                      <span className="record-section__badge" data-state={encounter.syncState}>
                        {i18n._(SYNC_BADGES[encounter.syncState])}
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
          })}
        </ol>
      )}
    </section>
  )
}
