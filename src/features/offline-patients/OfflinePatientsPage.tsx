import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useRef, useState } from 'react'
import { useReferenceList } from '../../catalogs/use-catalog'
import type { LocalPatient } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { LAST_PULL_KEY } from '../../sync/engine'
import { Button } from '../../ui/Button'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { PatientFilters } from './PatientFilters'
import {
  applyFilters,
  emptyRowCache,
  filterChoices,
  NO_FILTERS,
  type PatientRow,
  type RowLabels,
  updateRows,
} from './patient-rows'
import { ReadingForm } from './ReadingForm'
import './patients.css'

type Row = PatientRow<LocalPatient>

/** Where a patient's record page is (its screen comes with the record sections). */
const recordHref = (id: string) => `/patients/record/${encodeURIComponent(id)}`

/**
 * SPEC §2 patients-index: the patients cached on this device in the data table's local mode,
 * read from Dexie and never waiting on the network (DESIGN §5): searched by name, CURP and
 * payroll number without accents, filtered by administrative status and subgroup, exported as a
 * spreadsheet of the filtered rows, each row with its sync state and a link to its record.
 */
export function OfflinePatientsPage() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const engine = useSyncEngine()
  const db = engine?.db
  const patients = useLiveQuery(
    async () => (db ? db.patients.filter((p) => !p.deleted_at).toArray() : undefined),
    [db],
  )
  // The first pull not yet finished: the list may still be missing patients.
  const pulledOnce = useLiveQuery(
    async () => (db ? (await db.meta.get(LAST_PULL_KEY)) !== undefined : undefined),
    [db],
  )
  const statuses = useReferenceList('administrative-statuses')
  const [filters, setFilters] = useState(NO_FILTERS)
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
  const statusNames = useMemo(() => new Map((statuses ?? []).map((s) => [s.code, s.name])), [statuses])
  // The labels follow the language (i18n.locale stands for t and stateLabel).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const labels = useMemo<RowLabels>(
    () => ({ status: (code) => statusNames.get(code) ?? code, state: stateLabel }),
    [statusNames, i18n.locale],
  )
  // Rows of unchanged patients are kept from one read of the cache to the next.
  const rowCache = useRef(emptyRowCache<LocalPatient>())
  const rows = useMemo<Row[]>(() => updateRows(rowCache.current, patients ?? [], labels), [patients, labels])
  const choices = useMemo(() => filterChoices(patients ?? []), [patients])
  const shown = useMemo(() => applyFilters(rows, filters), [rows, filters])
  const hasSubgroups = choices.subgroups.length > 0

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<Row>>(
    () => ({
      sortBy: 'full_name',
      columns: [
        {
          key: 'full_name',
          title: t`Nombre`,
          isSort: true,
          isSearch: true,
          component: (row) => (
            <a
              href={recordHref(row.id)}
              onClick={(event) => {
                event.preventDefault()
                void navigate({ href: recordHref(row.id) })
              }}
            >
              {row.full_name}
            </a>
          ),
        },
        { key: 'curp', title: t`CURP`, isSort: true, isSearch: true },
        { key: 'payroll_number', title: t`Número de nómina`, isSort: true, isSearch: true },
        { key: 'administrative_status_label', title: t`Estatus administrativo`, isSort: true },
        { key: 'subgroups_label', title: t`Subgrupos`, isSort: true, isHide: !hasSubgroups },
        {
          key: 'state_label',
          title: t`Estado`,
          isSort: true,
          component: (row) => (
            <span className="patients__state" data-state={row.syncState}>
              {row.state_label}
            </span>
          ),
        },
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
    [i18n.locale, canEdit, hasSubgroups, navigate],
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
      {pulledOnce === false && (
        <p className="patients__notice" role="status">
          <Trans>
            La primera sincronización de este dispositivo aún no termina: la lista puede estar incompleta.
          </Trans>
        </p>
      )}
      <PatientFilters
        choices={choices}
        statusName={(code) => statusNames.get(code) ?? code}
        value={filters}
        onChange={setFilters}
      />
      <DataTable
        config={config}
        caption={t`Pacientes`}
        source={{ kind: 'local', rows: shown }}
        rowKey={(p) => p.id}
        exportName={t`pacientes`}
      />
    </section>
  )
}
