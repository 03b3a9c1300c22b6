import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useId } from 'react'
import { isoToDateText } from '../../contract/rules/formats'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { SYNC_BADGES } from '../../ui/sync-badges'
import { RESULT_NAMES } from './admission-texts'
import './admission-exams.css'

/**
 * The patient's admission exams on their record (newest first, from the device): each one's day,
 * result — or "draft" while it has none, to be continued — and position, opening its detail or
 * its form. A new exam starts here; a candidate may be examined before hire.
 */
export function AdmissionExamList({ patientId }: { patientId: string }) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const db = useSyncEngine()?.db
  const exams = useLiveQuery(
    async () =>
      db
        ? (
            await db.admissionExams
              .where('[patient_id+examined_on]')
              .between([patientId, ''], [patientId, '\uffff'])
              .reverse()
              .toArray()
          ).filter((exam) => !exam.deleted_at)
        : undefined,
    [db, patientId],
  )
  const session = currentSession()
  const canCreate = hasPermission(session, 'medical-exam-create')
  const canEdit = hasPermission(session, 'medical-exam-edit')
  const canView = hasPermission(session, 'medical-exam-detail')
  if (!exams) return null
  return (
    <section className="admission-list" aria-labelledby={titleId} id="record-admission-exams">
      <div className="admission-list__head">
        <h2 id={titleId} className="admission-detail__title">
          <Trans>Exámenes de admisión</Trans>
        </h2>
        {canCreate && (
          <Link
            className="button"
            data-variant="secondary"
            to="/digital-record/medical-exam/create/$patientId"
            params={{ patientId }}
          >
            <Trans>Nuevo examen de admisión</Trans>
          </Link>
        )}
      </div>
      {exams.length === 0 ? (
        <p className="admission-list__empty">
          <Trans>Sin exámenes de admisión.</Trans>
        </p>
      ) : (
        <ol className="admission-list__items">
          {exams.map((exam) => {
            const day = isoToDateText(exam.examined_on)
            const result = exam.result ? i18n._(RESULT_NAMES[exam.result]) : t`Borrador`
            return (
              <li key={exam.id} className="admission-list__item">
                <p className="admission-list__line">
                  <strong>{day}</strong> · {result}
                  {exam.position ? ` · ${exam.position}` : ''}
                  {exam.syncState !== 'synced' && (
                    <span className="admission-list__badge"> ({i18n._(SYNC_BADGES[exam.syncState])})</span>
                  )}
                </p>
                <p className="admission-list__links">
                  {canView && (
                    <Link
                      to="/digital-record/medical-exam/detail/$patientId/$examId"
                      params={{ patientId, examId: exam.id }}
                      aria-label={t`Ver examen del ${day}`}
                    >
                      <Trans>Ver</Trans>
                    </Link>
                  )}
                  {canEdit && (
                    <Link
                      to="/digital-record/medical-exam/edit/$patientId/$examId"
                      params={{ patientId, examId: exam.id }}
                      aria-label={exam.result ? t`Editar examen del ${day}` : t`Continuar examen del ${day}`}
                    >
                      {exam.result ? <Trans>Editar</Trans> : <Trans>Continuar</Trans>}
                    </Link>
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
