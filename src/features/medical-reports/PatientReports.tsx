import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { CERTIFICATE_READERS } from '../../contract/endpoints/health-certificates'
import { SHORT_HISTORY_READERS } from '../../contract/endpoints/short-histories'
import type { LocalDb } from '../../db/local-db'
import { hasPermission, type Session } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { HEALTH_CERTIFICATE, SHORT_HISTORY } from '../../sync/medical-report-kinds'
import { formatDate } from '../../ui/format-date'
import { SyncBadge } from '../../ui/SyncBadge'
import { CERTIFICATE_RESULT_NAMES, SHORT_HISTORY_TYPE_NAMES } from './report-texts'
import { usePatientReports } from './use-patient-reports'
import './medical-reports.css'

const holdsAny = (session: Session | null, permissions: readonly string[]) =>
  permissions.some((permission) => hasPermission(session, permission))

/** Whether the user reads or writes any of the reports this section lists. */
export function seesPatientReports(session: Session | null): boolean {
  return holdsAny(session, [
    ...SHORT_HISTORY_READERS,
    'clinical-history-create',
    ...CERTIFICATE_READERS,
    'certificate-health-status-create',
  ])
}

/**
 * A patient's medical reports on their record (issue 23), newest first, read from the device
 * (works offline): the short clinical histories and the health status certificates, each opening
 * its detail or its correction, and a new one for who may write it. Each group shows to whoever
 * may read or write its report.
 */
export function PatientReports({ patientId }: { patientId: string }) {
  const titleId = useId()
  const session = useSession()
  const db = useSyncEngine()?.db
  if (!db) return null
  const histories = holdsAny(session, [...SHORT_HISTORY_READERS, 'clinical-history-create'])
  const certificates = holdsAny(session, [...CERTIFICATE_READERS, 'certificate-health-status-create'])
  return (
    <section className="patient-reports" aria-labelledby={titleId} id="record-medical-reports">
      <h2 id={titleId} className="patient-reports__title">
        <Trans>Reportes médicos</Trans>
      </h2>
      {histories && <ShortHistories db={db} patientId={patientId} session={session} />}
      {certificates && <Certificates db={db} patientId={patientId} session={session} />}
    </section>
  )
}

interface GroupProps {
  db: LocalDb
  patientId: string
  session: Session | null
}

function ShortHistories({ db, patientId, session }: GroupProps) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const rows = usePatientReports(db, SHORT_HISTORY, patientId)
  if (!rows) return null
  return (
    <section className="patient-reports__group" aria-labelledby={headingId}>
      <div className="patient-reports__head">
        <h3 id={headingId}>
          <Trans>Historias clínicas breves</Trans>
        </h3>
        {hasPermission(session, 'clinical-history-create') && (
          <Link
            className="button"
            data-variant="secondary"
            to="/clinical-history/create/$patientId"
            params={{ patientId }}
          >
            <Trans>Nueva historia clínica breve</Trans>
          </Link>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="form-hint">
          <Trans>Sin historias clínicas breves.</Trans>
        </p>
      ) : (
        <ul className="patient-reports__items">
          {rows.map((row) => {
            const day = formatDate(row.recorded_on)
            return (
              <li key={row.id} className="patient-reports__item">
                <span>
                  <strong>{day}</strong> · {i18n._(SHORT_HISTORY_TYPE_NAMES[row.type])} · {row.reason}{' '}
                  <SyncBadge state={row.syncState} />
                </span>
                <p className="patient-reports__links">
                  {hasPermission(session, 'clinical-history-detail') && (
                    <Link
                      to="/clinical-history/detail/$patientId/$shortClinicalHistoryId"
                      params={{ patientId, shortClinicalHistoryId: row.id }}
                      aria-label={t`Ver historia clínica del ${day}`}
                    >
                      <Trans>Ver</Trans>
                    </Link>
                  )}
                  {hasPermission(session, 'clinical-history-edit') && (
                    <Link
                      to="/clinical-history/edit/$patientId/$shortClinicalHistoryId"
                      params={{ patientId, shortClinicalHistoryId: row.id }}
                      aria-label={t`Corregir historia clínica del ${day}`}
                    >
                      <Trans>Corregir</Trans>
                    </Link>
                  )}
                </p>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function Certificates({ db, patientId, session }: GroupProps) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const rows = usePatientReports(db, HEALTH_CERTIFICATE, patientId)
  if (!rows) return null
  return (
    <section className="patient-reports__group" aria-labelledby={headingId}>
      <div className="patient-reports__head">
        <h3 id={headingId}>
          <Trans>Certificados de estado de salud</Trans>
        </h3>
        {hasPermission(session, 'certificate-health-status-create') && (
          <Link
            className="button"
            data-variant="secondary"
            to="/digital-record/medical-reports/certificate-health-status/create/$patientId"
            params={{ patientId }}
          >
            <Trans>Nuevo certificado</Trans>
          </Link>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="form-hint">
          <Trans>Sin certificados de estado de salud.</Trans>
        </p>
      ) : (
        <ul className="patient-reports__items">
          {rows.map((row) => {
            const day = formatDate(row.issued_on)
            const until = formatDate(row.valid_to)
            return (
              <li key={row.id} className="patient-reports__item">
                <span>
                  <strong>{day}</strong> ·{' '}
                  <span className="certificate-result" data-result={row.result}>
                    {i18n._(CERTIFICATE_RESULT_NAMES[row.result])}
                  </span>{' '}
                  · <Trans>vigente hasta {until}</Trans> <SyncBadge state={row.syncState} />
                </span>
                <p className="patient-reports__links">
                  {hasPermission(session, 'certificate-health-status-view') && (
                    <Link
                      to="/digital-record/medical-reports/certificate-health-status/view/$patientId/$id"
                      params={{ patientId, id: row.id }}
                      aria-label={t`Ver certificado del ${day}`}
                    >
                      <Trans>Ver</Trans>
                    </Link>
                  )}
                  {hasPermission(session, 'certificate-health-status-edit') && (
                    <Link
                      to="/digital-record/medical-reports/certificate-health-status/edit/$patientId/$id"
                      params={{ patientId, id: row.id }}
                      aria-label={t`Corregir certificado del ${day}`}
                    >
                      <Trans>Corregir</Trans>
                    </Link>
                  )}
                </p>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
