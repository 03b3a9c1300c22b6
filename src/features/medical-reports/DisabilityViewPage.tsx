import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import { disabilityFiles } from '../../contract/endpoints/disabilities'
import type { LocalDisability } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { mutationContext } from '../../session/mutation-context'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { DISABILITY } from '../../sync/medical-report-kinds'
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
import { DisabilityFacts } from './DisabilityFacts'
import { DisabilityHistory } from './DisabilityHistory'
import { useDisabilityScreen } from './disability-data'
import { HeldSignature } from './HeldSignature'
import { ReportDownload } from './ReportDownload'
import { ReportFiles } from './ReportFiles'
import './disabilities.css'

/**
 * SPEC §2 `…/record-disabilities/view/{patient_id}/{id}`: one disability read only, from the
 * device (works offline) — every field, its attachments, its drawn signature, its history of
 * changes — with its PDF built on the device (the server's download's bytes), and, to who may,
 * the amendment and the soft delete.
 */
export function DisabilityViewPage({
  patientId,
  disabilityId,
  onDeleted,
}: {
  patientId: string
  disabilityId: string
  onDeleted: () => void
}) {
  const { t } = useLingui()
  const session = useSession()
  const db = useSyncEngine()?.db
  const data = useDisabilityScreen(db, patientId, disabilityId)
  const types = useCatalogueEntries('incapacityType')
  const statuses = useCatalogueEntries('incapacityStatus')
  const [failure, setFailure] = useState<string | null>(null)
  const detailsId = useId()
  const removal = useConfirmedDelete<LocalDisability>(async (disability) => {
    if (!db) return
    await deleteReport(db, mutationContext(), DISABILITY, disability.id)
    notify(t`Incapacidad eliminada en este dispositivo`)
    currentEngine()?.loop.kick()
    onDeleted()
  }, setFailure)
  const title = t`Incapacidad`
  if (!db || !data || !types || !statuses) return <Spinner />
  const { patient, disability } = data
  if (!patient || !disability) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient ? (
            <Trans>Esta incapacidad no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  return (
    <section className="page disability-page">
      <PageHeader title={title}>
        <ReportDownload db={db} kind={DISABILITY} report={disability} />
        {hasPermission(session, 'record-disabilities-edit') && (
          <Link
            to="/digital-record/medical-reports/record-disabilities/edit/$patientId/$id"
            params={{ patientId, id: disability.id }}
            className="button"
            data-variant="primary"
          >
            <Trans>Corregir</Trans>
          </Link>
        )}
        {hasPermission(session, 'disability.delete') && (
          <Button variant="danger" onClick={() => removal.ask(disability)}>
            <Trans>Eliminar</Trans>
          </Button>
        )}
      </PageHeader>
      <p className="disability-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link
          to="/digital-record/medical-reports/record-disabilities/detail/$patientId"
          params={{ patientId }}
        >
          {fullName(patient)}
        </Link>{' '}
        <SyncBadge state={disability.syncState} />
      </p>
      {failure && <Alert>{failure}</Alert>}
      <div className="disability-page__columns">
        <section className="form-card disability-view" aria-labelledby={detailsId}>
          <h2 id={detailsId} className="visually-hidden">
            <Trans>Datos de la incapacidad</Trans>
          </h2>
          <DisabilityFacts disability={disability} />
          <ReportFiles
            db={db}
            kind={DISABILITY}
            owner={disabilityFiles}
            reportId={disability.id}
            files={data.attachments}
            title={t`Archivo adjunto`}
            readOnly
          />
          {data.signature ? (
            <HeldSignature db={db} file={data.signature} />
          ) : (
            <div className="held-signature">
              <span className="field__label">
                <Trans>Firma del médico</Trans>
              </span>
              <p className="form-hint">
                <Trans>Sin firma registrada.</Trans>
              </p>
            </div>
          )}
        </section>
        <DisabilityHistory disability={disability} entries={[...types, ...statuses]} />
      </div>
      <ConfirmDialog
        {...removal.dialog}
        title={t`Eliminar incapacidad`}
        message={t`¿Eliminar la incapacidad del ${formatDate(disability.start_date)} al ${formatDate(disability.end_date)}? El registro se conserva en el servidor.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
