import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import type { LocalDisability } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { DISABILITY } from '../../sync/medical-report-kinds'
import { Alert } from '../../ui/Alert'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { SyncBadge } from '../../ui/SyncBadge'
import { localDay } from './disability-form-values'
import { ISSUER_NAMES } from './disability-texts'
import { LostDaysSummary } from './LostDaysSummary'
import { patientReports } from './use-patient-reports'
import './disabilities.css'

/** A disability's row with the texts the table shows and searches. */
interface DetailRow extends LocalDisability {
  start_label: string
  end_label: string
  issuer_label: string
}

/**
 * SPEC §2 `…/record-disabilities/detail/{patient_id}`: a patient's disabilities from the device
 * (works offline), newest first, with the days lost this year and in all by the lost-days rule,
 * the one covering today, and a new disability for who may record one.
 */
export function DisabilityDetailPage({ patientId }: { patientId: string }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const db = useSyncEngine()?.db
  const canCreate = hasPermission(session, 'record-disabilities-create')
  const canView = hasPermission(session, 'record-disabilities-view')
  const canEdit = hasPermission(session, 'record-disabilities-edit')
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, disabilities] = await Promise.all([
      db.patients.get(patientId),
      patientReports(db, DISABILITY, patientId),
    ])
    return { patient: patient && !patient.deleted_at ? patient : null, disabilities }
  }, [db, patientId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const rows = useMemo<DetailRow[]>(
    () =>
      (data?.disabilities ?? []).map((row) => ({
        ...row,
        start_label: formatDate(row.start_date),
        end_label: formatDate(row.end_date),
        issuer_label: i18n._(ISSUER_NAMES[row.issuer]),
      })),
    [data?.disabilities, i18n.locale],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<DetailRow>>(
    () => ({
      columns: [
        { key: 'start_label', title: t`Inicio`, priority: 0 },
        { key: 'end_label', title: t`Término`, priority: 2 },
        { key: 'assigned_days', title: t`Días`, priority: 0 },
        { key: 'type_name', title: t`Modalidad`, priority: 3 },
        { key: 'status_name', title: t`Estatus`, priority: 4 },
        { key: 'issuer_label', title: t`Expedida por`, priority: 6 },
        { key: 'assigned_number', title: t`Folio IMSS`, priority: 5 },
        { key: 'cause', title: t`Causa`, priority: 7 },
        {
          key: 'sync',
          title: t`Estado`,
          isAction: true,
          priority: 8,
          component: (row) => <SyncBadge state={row.syncState} />,
        },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row) => (
            <span className="row-actions">
              {canView && (
                <Link
                  to="/digital-record/medical-reports/record-disabilities/view/$patientId/$id"
                  params={{ patientId, id: row.id }}
                  className="button"
                  data-variant="ghost"
                >
                  <Trans>Ver</Trans>
                  <span className="visually-hidden"> {row.start_label}</span>
                </Link>
              )}
              {canEdit && (
                <Link
                  to="/digital-record/medical-reports/record-disabilities/edit/$patientId/$id"
                  params={{ patientId, id: row.id }}
                  className="button"
                  data-variant="ghost"
                >
                  <Trans>Corregir</Trans>
                  <span className="visually-hidden"> {row.start_label}</span>
                </Link>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, canView, canEdit, patientId],
  )

  const title = t`Incapacidades del paciente`
  if (!db || !data) return <Spinner />
  if (!data.patient) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          <Trans>Este paciente no está en este dispositivo.</Trans>
        </Alert>
      </section>
    )
  }
  return (
    <section className="page disability-page">
      <PageHeader title={title}>
        {canCreate && (
          <Link
            to="/digital-record/medical-reports/record-disabilities/create/$patientId"
            params={{ patientId }}
            className="button"
            data-variant="primary"
          >
            <Trans>Nueva incapacidad</Trans>
          </Link>
        )}
      </PageHeader>
      <p className="disability-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(data.patient)}
        </Link>
      </p>
      <LostDaysSummary patientId={patientId} disabilities={data.disabilities} today={localDay(new Date())} />
      <DataTable
        config={config}
        caption={title}
        source={{ kind: 'local', rows, ordered: true }}
        rowKey={(row) => row.id}
        onRowClick={
          canView
            ? (row) =>
                void navigate({
                  to: '/digital-record/medical-reports/record-disabilities/view/$patientId/$id',
                  params: { patientId, id: row.id },
                })
            : undefined
        }
      />
    </section>
  )
}
