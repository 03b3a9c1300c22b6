import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import {
  covidTestsOf,
  currentClassification,
  declinesOf,
  reclassificationsOf,
  triageHistory,
} from '../../db/covid'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { statusName } from './covid-texts'
import { ClassificationTag, ConsultationsSection, DeclinesSection } from './HistorySections'
import { TestsSection } from './TestsSection'
import { TriageChart } from './TriageChart'
import './covid.css'

/**
 * SPEC §2 /patient/covid: the signed-in patient's own COVID status, tests and follow-up, read only,
 * from the device (works offline once the feed brought them).
 */
export function PatientCovidPage() {
  const { t, i18n } = useLingui()
  const db = useSyncEngine()?.db
  const patientId = currentSession()?.user.patient_id ?? null
  const data = useLiveQuery(async () => {
    if (!db || !patientId) return undefined
    const [consultations, reclassifications, declines, tests] = await Promise.all([
      triageHistory(db, patientId),
      reclassificationsOf(db, patientId),
      declinesOf(db, patientId),
      covidTestsOf(db, patientId),
    ])
    return { consultations, reclassifications, declines, tests }
  }, [db, patientId])
  const title = t`Mi seguimiento COVID`
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
  if (!db || !data) return <Spinner />
  const last = data.consultations[0] ?? null
  const current = last ? currentClassification(last, data.reclassifications) : null
  return (
    <section className="page covid-page">
      <PageHeader title={title} />
      <div className="covid-summary">
        {last && current ? (
          <p className="covid-summary__now">
            <Trans>Estatus actual:</Trans> <strong>{statusName(i18n, last.status)}</strong> ·{' '}
            <Trans>Clasificación:</Trans> <ClassificationTag code={current} />
          </p>
        ) : (
          <p className="covid-summary__now">
            <Trans>No tienes seguimiento COVID registrado.</Trans>
          </p>
        )}
      </div>
      <div className="covid-page__grid">
        <TestsSection db={db} patientId={patientId} tests={data.tests} canEdit={false} />
        <ConsultationsSection db={db} consultations={data.consultations} withDocuments={false} />
        <DeclinesSection declines={data.declines} />
        <TriageChart consultations={data.consultations} />
      </div>
    </section>
  )
}
