import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState } from 'react'
import { shortHistoryFiles } from '../../contract/endpoints/short-histories'
import { filesOf } from '../../db/files'
import type { LocalShortHistory } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { mutationContext } from '../../session/mutation-context'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { SHORT_HISTORY } from '../../sync/medical-report-kinds'
import { deleteReport } from '../../sync/medical-report-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { formatDate } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { SyncBadge } from '../../ui/SyncBadge'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'
import { ReportAmendments } from './ReportAmendments'
import { ReportDownload } from './ReportDownload'
import { ReportFiles } from './ReportFiles'
import { ReportBlock, ReportVitalSigns } from './ReportVitalSigns'
import { SHORT_HISTORY_FIELD_NAMES, SHORT_HISTORY_TYPE_NAMES } from './report-texts'
import { useShortHistoryNames } from './use-report-names'
import './medical-reports.css'

const TEXTS = [
  'family_history',
  'personal_history',
  'occupational_history',
  'current_condition',
  'physical_exploration',
] as const

/**
 * SPEC §2 /clinical-history/detail/{patient_id}/{short_clinical_history_id}: one short clinical
 * history read from the device (works offline) — its type, day, reason, texts, vital signs,
 * impression and plan, its files (a writer may add one here), its history of changes — with its
 * PDF built on the device, its correction and, for who may, its soft delete.
 */
export function ShortHistoryDetailPage({
  patientId,
  historyId,
  onDeleted,
}: {
  patientId: string
  historyId: string
  onDeleted: () => void
}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const db = useSyncEngine()?.db
  const names = useShortHistoryNames()
  const [failure, setFailure] = useState<string | null>(null)
  const detailsId = useId()
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, history] = await Promise.all([
      db.patients.get(patientId),
      db.shortHistories.get(historyId),
    ])
    const files = history ? await filesOf(db, shortHistoryFiles.kind, history.id) : []
    return { patient: patient ?? null, history: history ?? null, files }
  }, [db, patientId, historyId])
  const removal = useConfirmedDelete<LocalShortHistory>(async (history) => {
    if (!db) return
    await deleteReport(db, mutationContext(), SHORT_HISTORY, history.id)
    notify(t`Historia clínica eliminada en este dispositivo`)
    currentEngine()?.loop.kick()
    onDeleted()
  }, setFailure)
  const title = t`Historia clínica breve`
  if (!db || !data) return <Spinner />
  const { patient, history } = data
  if (!patient || patient.deleted_at || !history || history.deleted_at || history.patient_id !== patientId) {
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
  const label = (name: keyof typeof SHORT_HISTORY_FIELD_NAMES) => i18n._(SHORT_HISTORY_FIELD_NAMES[name])
  const canEdit = hasPermission(session, 'clinical-history-edit')
  return (
    <section className="page medical-report-page">
      <PageHeader title={title}>
        <ReportDownload db={db} kind={SHORT_HISTORY} report={history} />
        {canEdit && (
          <Link
            to="/clinical-history/edit/$patientId/$shortClinicalHistoryId"
            params={{ patientId, shortClinicalHistoryId: history.id }}
            className="button"
            data-variant="primary"
          >
            <Trans>Corregir</Trans>
          </Link>
        )}
        {hasPermission(session, 'short-history.delete') && (
          <Button variant="danger" onClick={() => removal.ask(history)}>
            <Trans>Eliminar</Trans>
          </Button>
        )}
      </PageHeader>
      <p className="medical-report-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>{' '}
        <SyncBadge state={history.syncState} />
      </p>
      {failure && <Alert>{failure}</Alert>}
      <div className="medical-report-page__columns">
        <section className="form-card medical-report-view" aria-labelledby={detailsId}>
          <h2 id={detailsId} className="visually-hidden">
            <Trans>Datos de la historia clínica</Trans>
          </h2>
          <dl className="medical-report-view__facts">
            <div>
              <dt>{label('type')}</dt>
              <dd>{i18n._(SHORT_HISTORY_TYPE_NAMES[history.type])}</dd>
            </div>
            <div>
              <dt>{label('recorded_on')}</dt>
              <dd>{formatDate(history.recorded_on)}</dd>
            </div>
            <div>
              <dt>{t`Registró`}</dt>
              <dd>{history.author?.name || '—'}</dd>
            </div>
          </dl>
          <ReportBlock title={label('reason')}>
            <p className="medical-report-view__text">{history.reason}</p>
          </ReportBlock>
          {TEXTS.map((name) => (
            <ReportBlock key={name} title={label(name)}>
              <p className="medical-report-view__text">{history[name] || '—'}</p>
            </ReportBlock>
          ))}
          <ReportBlock title={<Trans>Signos vitales y somatometría</Trans>}>
            <ReportVitalSigns report={history} />
          </ReportBlock>
          <ReportBlock title={label('impression')}>
            <p className="medical-report-view__text">{history.impression || '—'}</p>
          </ReportBlock>
          <ReportBlock title={label('plan')}>
            <p className="medical-report-view__text">{history.plan || '—'}</p>
          </ReportBlock>
        </section>
        <ReportFiles
          db={db}
          kind={SHORT_HISTORY}
          owner={shortHistoryFiles}
          reportId={history.id}
          files={data.files}
          title={t`Archivos`}
          readOnly={!canEdit}
        />
        <ReportAmendments report={history} {...names} />
      </div>
      <ConfirmDialog
        {...removal.dialog}
        title={t`Eliminar historia clínica breve`}
        message={t`¿Eliminar la historia clínica del ${formatDate(history.recorded_on)}? El registro se conserva en el servidor.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
