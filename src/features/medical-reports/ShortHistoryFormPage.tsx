import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { shortHistoryFiles } from '../../contract/endpoints/short-histories'
import { lastVitalSigns } from '../../db/encounters'
import { filesOf } from '../../db/files'
import type { LocalShortHistory } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { ReportAmendments } from './ReportAmendments'
import { ShortHistoryForm } from './ShortHistoryForm'
import { useShortHistoryNames } from './use-report-names'
import './medical-reports.css'

export interface ShortHistoryFormPageProps {
  patientId: string
  /** The history amended; none for a new one. */
  historyId?: string
  onDone: (history: LocalShortHistory) => void
}

/**
 * SPEC §2 /clinical-history/create/{patient_id} and edit/{patient_id}/{short_clinical_history_id}:
 * the short clinical history's form over the device's data (opens and saves with no network); an
 * amendment shows the history's changes beside it.
 */
export function ShortHistoryFormPage({ patientId, historyId, onDone }: ShortHistoryFormPageProps) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const names = useShortHistoryNames()
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, history, last] = await Promise.all([
      db.patients.get(patientId),
      historyId ? db.shortHistories.get(historyId) : undefined,
      lastVitalSigns(db, patientId),
    ])
    const files = history ? await filesOf(db, shortHistoryFiles.kind, history.id) : []
    return { patient: patient ?? null, history: history ?? null, last, files }
  }, [db, patientId, historyId])
  const title = historyId ? t`Corregir historia clínica breve` : t`Nueva historia clínica breve`
  if (!db || !data) return <Spinner />
  const { patient, history } = data
  const missingHistory =
    historyId !== undefined && (!history || history.deleted_at || history.patient_id !== patientId)
  if (!patient || patient.deleted_at || missingHistory) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient && !patient.deleted_at ? (
            <Trans>Esta historia clínica no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  return (
    <section className="page medical-report-page">
      <PageHeader title={title} />
      <p className="medical-report-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="medical-report-page__columns">
        <ShortHistoryForm
          // A history amended elsewhere meanwhile starts the form again from what it now holds.
          key={history ? `${history.id}:${history.version}` : 'new'}
          db={db}
          patientId={patientId}
          history={history}
          files={data.files}
          last={data.last as Readonly<Record<string, unknown>> | null}
          onSaved={onDone}
        />
        {history && <ReportAmendments report={history} {...names} />}
      </div>
    </section>
  )
}
