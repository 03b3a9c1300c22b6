import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useId } from 'react'
import { fullName } from '../../db/patient-sort-name'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { HEALTH_CERTIFICATE } from '../../sync/medical-report-kinds'
import { Alert } from '../../ui/Alert'
import { formatDate, formatDateTime } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { SyncBadge } from '../../ui/SyncBadge'
import { ReportAmendments } from './ReportAmendments'
import { ReportDownload } from './ReportDownload'
import { ReportBlock, ReportVitalSigns } from './ReportVitalSigns'
import { CERTIFICATE_FIELD_NAMES, CERTIFICATE_RESULT_NAMES } from './report-texts'
import { useCertificateNames } from './use-report-names'
import './medical-reports.css'

/**
 * SPEC §2 `/digital-record/medical-reports/certificate-health-status/view/{patient_id}/{id}`: one
 * certificate read from the device (works offline) — result, validity, restrictions, to whom,
 * the vital signs and consultation it rests on, who signs it with title and cédula, its history
 * of changes — and the PDF a company files, built on the device with the server's bytes. SPEC
 * gives a certificate no delete.
 */
export function CertificateViewPage({
  patientId,
  certificateId,
}: {
  patientId: string
  certificateId: string
}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const db = useSyncEngine()?.db
  const names = useCertificateNames()
  const detailsId = useId()
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, certificate] = await Promise.all([
      db.patients.get(patientId),
      db.healthCertificates.get(certificateId),
    ])
    const encounter = certificate?.encounter_id
      ? await db.encounters.get(certificate.encounter_id)
      : undefined
    return { patient: patient ?? null, certificate: certificate ?? null, encounter: encounter ?? null }
  }, [db, patientId, certificateId])
  const title = t`Certificado de estado de salud`
  if (!db || !data) return <Spinner />
  const { patient, certificate, encounter } = data
  if (
    !patient ||
    patient.deleted_at ||
    !certificate ||
    certificate.deleted_at ||
    certificate.patient_id !== patientId
  ) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient && !patient.deleted_at ? (
            <Trans>Este certificado no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  const label = (name: keyof typeof CERTIFICATE_FIELD_NAMES) => i18n._(CERTIFICATE_FIELD_NAMES[name])
  const author = certificate.author
  const signer = author ? [author.title, author.name].filter(Boolean).join(' ') : ''
  return (
    <section className="page medical-report-page">
      <PageHeader title={title}>
        <ReportDownload db={db} kind={HEALTH_CERTIFICATE} report={certificate} />
        {hasPermission(session, 'certificate-health-status-edit') && (
          <Link
            to="/digital-record/medical-reports/certificate-health-status/edit/$patientId/$id"
            params={{ patientId, id: certificate.id }}
            className="button"
            data-variant="primary"
          >
            <Trans>Corregir</Trans>
          </Link>
        )}
      </PageHeader>
      <p className="medical-report-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>{' '}
        <SyncBadge state={certificate.syncState} />
      </p>
      <div className="medical-report-page__columns">
        <section className="form-card medical-report-view" aria-labelledby={detailsId}>
          <h2 id={detailsId} className="visually-hidden">
            <Trans>Datos del certificado</Trans>
          </h2>
          <dl className="medical-report-view__facts">
            <div>
              <dt>{label('result')}</dt>
              <dd>
                <span className="certificate-result" data-result={certificate.result}>
                  {i18n._(CERTIFICATE_RESULT_NAMES[certificate.result])}
                </span>
              </dd>
            </div>
            <div>
              <dt>{label('issued_on')}</dt>
              <dd>{formatDate(certificate.issued_on)}</dd>
            </div>
            <div>
              <dt>{t`Vigencia`}</dt>
              <dd>
                {formatDate(certificate.valid_from)} – {formatDate(certificate.valid_to)}
              </dd>
            </div>
            <div>
              <dt>{label('purpose')}</dt>
              <dd>{certificate.purpose || '—'}</dd>
            </div>
            <div>
              <dt>{t`Firma`}</dt>
              <dd>{signer || '—'}</dd>
            </div>
            <div>
              <dt>{t`Cédula profesional`}</dt>
              <dd>{author?.professional_license || '—'}</dd>
            </div>
          </dl>
          {certificate.result === 'fit_with_restrictions' && (
            <ReportBlock title={label('restrictions')}>
              <p className="medical-report-view__text">{certificate.restrictions}</p>
            </ReportBlock>
          )}
          <ReportBlock title={label('observations')}>
            <p className="medical-report-view__text">{certificate.observations || '—'}</p>
          </ReportBlock>
          <ReportBlock title={<Trans>Signos vitales y somatometría</Trans>}>
            <ReportVitalSigns report={certificate} />
            {encounter && (
              <p className="certificate-basis">
                <Trans>Basado en la consulta del {formatDateTime(encounter.started_at)}</Trans>
              </p>
            )}
          </ReportBlock>
        </section>
        <ReportAmendments report={certificate} {...names} />
      </div>
    </section>
  )
}
