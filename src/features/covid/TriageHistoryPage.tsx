import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import {
  covidTestsOf,
  currentClassification,
  declinesOf,
  reclassificationsOf,
  triageHistory,
} from '../../db/covid'
import { fullName } from '../../db/patient-sort-name'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Button } from '../../ui/Button'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { statusName } from './covid-texts'
import {
  ClassificationTag,
  ConsultationsSection,
  DeclinesSection,
  EvolutionNotesSection,
  ReclassificationsSection,
  StatusHistorySection,
} from './HistorySections'
import { MissingPatient } from './MissingPatient'
import { ReclassifyDialog } from './ReclassifyDialog'
import { TestsSection } from './TestsSection'
import { TriageChart } from './TriageChart'
import './covid.css'

/**
 * SPEC §2 /covid/history/{id}: the patient's COVID triage and follow-up from the device (works
 * offline): where they stand, the chart of temperature, oximetry and respiratory rate, the
 * consultations with their notes as PDFs, reclassifications with "Reclasificar", the status
 * history, declined follow-ups, the tests and the evolution notes with a search.
 */
export function TriageHistoryPage({ patientId }: { patientId: string }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const canCreate = hasPermission(session, 'covid-create')
  const db = useSyncEngine()?.db
  const [reclassifying, setReclassifying] = useState(false)
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, consultations, reclassifications, declines, tests] = await Promise.all([
      db.patients.get(patientId),
      triageHistory(db, patientId),
      reclassificationsOf(db, patientId),
      declinesOf(db, patientId),
      covidTestsOf(db, patientId),
    ])
    return { patient: patient ?? null, consultations, reclassifications, declines, tests }
  }, [db, patientId])
  const title = t`Historial COVID`
  if (!db || !data) return <Spinner />
  const { patient, consultations, reclassifications } = data
  if (!patient || patient.deleted_at) return <MissingPatient title={title} />
  const last = consultations[0] ?? null
  const current = last ? currentClassification(last, reclassifications) : null
  return (
    <section className="page covid-page">
      <PageHeader title={title}>
        {canCreate && (
          <>
            <Link to="/covid/create/$id" params={{ id: patientId }} className="button" data-variant="primary">
              <Trans>Nuevo triage</Trans>
            </Link>
            <Button variant="secondary" onClick={() => setReclassifying(true)}>
              <Trans>Reclasificar</Trans>
            </Button>
          </>
        )}
        <Link to="/covid" className="button" data-variant="ghost">
          <Trans>Volver al triage</Trans>
        </Link>
      </PageHeader>
      <div className="covid-summary">
        <p className="covid-summary__name">
          <Link to="/patients/record/$id" params={{ id: patientId }}>
            {fullName(patient)}
          </Link>
        </p>
        {last && current ? (
          <p className="covid-summary__now">
            <Trans>Estatus actual:</Trans> <strong>{statusName(i18n, last.status)}</strong> ·{' '}
            <Trans>Clasificación:</Trans> <ClassificationTag code={current} />
          </p>
        ) : (
          <p className="covid-summary__now">
            <Trans>Sin triage registrado.</Trans>
          </p>
        )}
      </div>
      {canCreate && (
        <ReclassifyDialog
          key={String(reclassifying)}
          db={db}
          patientId={patientId}
          current={current}
          open={reclassifying}
          onClose={() => setReclassifying(false)}
        />
      )}
      <div className="covid-page__grid">
        <TriageChart consultations={consultations} />
        <ConsultationsSection db={db} consultations={consultations} withDocuments />
        <ReclassificationsSection reclassifications={reclassifications} />
        <StatusHistorySection consultations={consultations} />
        <DeclinesSection declines={data.declines} />
        <TestsSection db={db} patientId={patientId} tests={data.tests} canEdit={canCreate} />
        <EvolutionNotesSection consultations={consultations} />
      </div>
    </section>
  )
}
