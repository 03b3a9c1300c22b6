import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { disabilityFiles } from '../../contract/endpoints/disabilities'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { DISABILITY } from '../../sync/medical-report-kinds'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { DisabilityFacts } from './DisabilityFacts'
import { localDay } from './disability-form-values'
import { LostDaysSummary } from './LostDaysSummary'
import { ReportDownload } from './ReportDownload'
import { ReportFiles } from './ReportFiles'
import { patientReports } from './use-patient-reports'
import './disabilities.css'

/**
 * SPEC §2 /patient/incapacities: the signed-in patient's own disabilities, read only, from the
 * device (works offline once the feed brought them — it sends a patient only their own), newest
 * first, with the days lost, each disability's attachments and its PDF built on the device.
 */
export function PatientDisabilitiesPage() {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const patientId = currentSession()?.user.patient_id ?? null
  const disabilities = useLiveQuery(
    async () => (db && patientId ? patientReports(db, DISABILITY, patientId) : undefined),
    [db, patientId],
  )
  const title = t`Mis incapacidades`
  if (!patientId) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <p>
          <Trans>Tu cuenta no está vinculada a un expediente de paciente.</Trans>
        </p>
      </section>
    )
  }
  if (!db || !disabilities) return <Spinner />
  return (
    <section className="page disability-page">
      <PageHeader title={title} />
      <LostDaysSummary patientId={patientId} disabilities={disabilities} today={localDay(new Date())} />
      {disabilities.length === 0 ? (
        <p className="form-hint">
          <Trans>No tienes incapacidades registradas.</Trans>
        </p>
      ) : (
        <ol className="patient-disabilities">
          {disabilities.map((disability) => {
            const period = t`Del ${formatDate(disability.start_date)} al ${formatDate(disability.end_date)}`
            return (
              <li key={disability.id}>
                <article className="form-card patient-disability" aria-label={period}>
                  <header className="patient-disability__head">
                    <h2 className="patient-disability__title">{period}</h2>
                    <ReportDownload db={db} kind={DISABILITY} report={disability} />
                  </header>
                  <DisabilityFacts disability={disability} full={false} />
                  <ReportFiles
                    db={db}
                    kind={DISABILITY}
                    owner={disabilityFiles}
                    reportId={disability.id}
                    title={t`Archivo adjunto`}
                    readOnly
                  />
                </article>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
