import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import type { LocalPatient } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Button } from '../../ui/Button'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { ReadingForm } from './ReadingForm'

type Row = LocalPatient & { full_name: string; state_label: string }

/**
 * The patients cached on this device, read from Dexie and never waiting on the network
 * (DESIGN §5), with the minimum to drive the offline kinds by hand: a new patient, an edit and a
 * blood pressure reading. The full patient screens come with the patients issue.
 */
export function OfflinePatientsPage() {
  const { t, i18n } = useLingui()
  const engine = useSyncEngine()
  const db = engine?.db
  const patients = useLiveQuery(
    async () => (db ? db.patients.filter((p) => !p.deleted_at).toArray() : undefined),
    [db],
  )
  const navigate = useNavigate()
  const [readingFor, setReadingFor] = useState<Row | null>(null)
  const canCreate = hasPermission(currentSession(), 'patients-create')
  const canEdit = hasPermission(currentSession(), 'patients-edit')

  const stateLabel = (state: string) =>
    state === 'synced'
      ? t`Sincronizado`
      : state === 'pending'
        ? t`Por enviar`
        : state === 'conflict'
          ? t`En conflicto`
          : t`Rechazado`
  // The labels follow the language (i18n.locale stands for t and stateLabel).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const rows = useMemo<Row[]>(
    () =>
      (patients ?? []).map((p) => ({
        ...p,
        full_name: [p.name, p.last_name, p.second_last_name].filter(Boolean).join(' '),
        state_label: stateLabel(p.syncState),
      })),
    [patients, i18n.locale],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<Row>>(
    () => ({
      sortBy: 'full_name',
      columns: [
        { key: 'full_name', title: t`Nombre`, isSort: true, isSearch: true },
        { key: 'curp', title: t`CURP`, isSort: true, isSearch: true },
        { key: 'state_label', title: t`Estado`, isSort: true },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row) => (
            <span className="row-actions">
              <Link to="/patients/record/$id" params={{ id: row.id }} className="button" data-variant="ghost">
                <Trans>Expediente</Trans>
                <span className="visually-hidden"> {row.full_name}</span>
              </Link>
              {canEdit && (
                <Button
                  variant="ghost"
                  onClick={() => void navigate({ to: '/patients/edit/$id', params: { id: row.id } })}
                >
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {row.full_name}</span>
                </Button>
              )}
              <Button variant="ghost" onClick={() => setReadingFor(row)}>
                <Trans>Presión arterial</Trans>
                <span className="visually-hidden"> {row.full_name}</span>
              </Button>
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, canEdit, navigate],
  )

  if (!db || !patients) return <Spinner />
  return (
    <section className="page">
      <PageHeader title={t`Pacientes`}>
        {canCreate && (
          <Button onClick={() => void navigate({ to: '/patients/create' })}>
            <Trans>Nuevo paciente</Trans>
          </Button>
        )}
      </PageHeader>
      {readingFor && <ReadingForm db={db} patient={readingFor} onDone={() => setReadingFor(null)} />}
      <DataTable
        config={config}
        caption={t`Pacientes`}
        source={{ kind: 'local', rows }}
        rowKey={(p) => p.id}
      />
    </section>
  )
}
