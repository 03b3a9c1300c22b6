import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import { download } from '../../api/client'
import { useConnection } from '../../api/connection'
import { useCall } from '../../api/use-call'
import { useReferenceList, useSpecialLabels, useSubgroupItems } from '../../catalogs/use-catalog'
import { downloadPatients, patientFilters, patientsTable } from '../../contract/endpoints/operation'
import { downloadDateStamp } from '../../contract/rules/dates'
import { ASSIGNED_FILTER_PERMISSION } from '../../contract/schemas/patient-lookups'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { LAST_PULL_KEY } from '../../sync/engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { AssignIcon, EditIcon, PulseIcon, RecordIcon } from '../../ui/icons'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { useUrlFilters } from '../../ui/url-filters'
import { AssignmentBar } from './AssignmentBar'
import { type ListMode, ListModeSwitch } from './ListModeSwitch'
import { MassiveDialog } from './MassiveDialog'
import { PatientFilters } from './PatientFilters'
import { ProfessionalDialog } from './ProfessionalDialog'
import {
  applyFilters,
  assignedNames,
  type CachedPatient,
  type FilterChoices,
  filterChoices,
  type PatientFilterValues,
  type PatientRow,
  type RowLabels,
  subgroupsOf,
} from './patient-rows'
import { filtersOfSearch, type PatientsSearch, searchOfFilters } from './patients-search'
import { ReadingForm } from './ReadingForm'
import { useAssignments } from './use-assignments'
import { usePatientList } from './use-patient-list'
import './patients.css'

/** A row of either mode: a cached patient (local) or the server's answer (server). */
type Row = CachedPatient & Partial<PatientRow> & { version: number }

const merged = (...lists: string[][]) => [...new Set(lists.flat())].sort(new Intl.Collator('es').compare)

/** The chosen filters as the server's table and download take them (JSON text, no blanks). */
const serverFilters = (filters: PatientFilterValues) =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== null))

const fullNameOf = (row: Row) =>
  row.full_name ?? [row.name, row.last_name, row.second_last_name].filter(Boolean).join(' ')

/** Where a patient's record page is (its screen comes with the record sections). */
const recordHref = (id: string) => `/patients/record/${encodeURIComponent(id)}`

/**
 * SPEC §2 patients-index: the patients cached on this device in the data table's local mode,
 * read from Dexie and never waiting on the network (DESIGN §5): searched by name, CURP and
 * payroll number without accents, filtered by administrative status and subgroup, exported as a
 * spreadsheet of the filtered rows, each row with its sync state and a link to its record. The
 * filters live in the address (`?special_sublabel=…`: the dashboard's label figures open it so).
 */
export function PatientsPage({
  search,
  onSearchChange,
}: {
  search?: PatientsSearch
  onSearchChange?: (next: PatientsSearch) => void
} = {}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const online = useConnection() !== 'offline'
  const engine = useSyncEngine()
  const db = engine?.db
  // The first pull not yet finished: the list may still be missing patients.
  const pulledOnce = useLiveQuery(
    async () => (db ? (await db.meta.get(LAST_PULL_KEY)) !== undefined : undefined),
    [db],
  )
  const statuses = useReferenceList('administrative-statuses')
  // The server's filter values (and its count); offline, the values the cached rows hold.
  const [mode, setMode] = useState<ListMode>('local')
  const [reload, setReload] = useState(0)
  const offered = useCall(patientFilters, {}, String(reload))
  const [inAddress, setInAddress] = useUrlFilters(search, onSearchChange, {})
  const filters = useMemo(() => filtersOfSearch(inAddress), [inAddress])
  const setFilters = (next: PatientFilterValues) => setInAddress(searchOfFilters(next))
  const specialLabels = useSpecialLabels()
  const sublabels = useMemo(
    () =>
      (specialLabels ?? []).flatMap((label) =>
        label.sublabels.map((sublabel) => ({ value: sublabel.id, label: `${label.name}: ${sublabel.name}` })),
      ),
    [specialLabels],
  )
  const [readingFor, setReadingFor] = useState<Row | null>(null)
  const [pageIds, setPageIds] = useState<readonly string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const canCreate = can('patients-create')
  const canEdit = can('patients-edit')
  const byAssigned = can(ASSIGNED_FILTER_PERMISSION)
  const selecting = can('assignments.create') || can('assignments.delete')
  const shownMode: ListMode = online ? mode : 'local'
  const assignments = useAssignments(() => {
    // The server's list is read again; the device's rows follow through the change feed.
    setReload((n) => n + 1)
    void engine?.pull().catch((error: unknown) => setFailure(errorMessage(error, i18n)))
  })

  const stateLabel = (state: string) =>
    state === 'synced'
      ? t`Sincronizado`
      : state === 'pending'
        ? t`Por enviar`
        : state === 'conflict'
          ? t`En conflicto`
          : t`Rechazado`
  const statusNames = useMemo(
    () =>
      new Map([
        ...(statuses ?? []).map((s) => [s.code, s.name] as const),
        ...(offered.data?.administrative_statuses ?? []).map((s) => [s.code, s.name] as const),
      ]),
    [statuses, offered.data],
  )
  const subgroupNames = useSubgroupItems().names
  const subgroupName = (id: string) => subgroupNames.get(id) ?? ''
  // The labels follow the language (i18n.locale stands for t and stateLabel).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const labels = useMemo<RowLabels>(
    () => ({
      status: (code) => statusNames.get(code) ?? code,
      state: stateLabel,
      subgroup: (id) => subgroupNames.get(id) ?? '',
    }),
    [statusNames, subgroupNames, i18n.locale],
  )
  // The first page and the count first, every patient after the first paint (use-patient-list.ts).
  const list = usePatientList(db, labels)
  const rows: readonly Row[] = list?.rows ?? []
  const complete = list?.complete === true
  const choices = useMemo<FilterChoices>(() => {
    const local = filterChoices(complete ? rows : [])
    const server = offered.data
    if (!server) return local
    const professionals = new Map([...local.professionals, ...server.professionals].map((p) => [p.value, p]))
    return {
      administrativeStatuses: merged(
        local.administrativeStatuses,
        server.administrative_statuses.map((s) => s.code),
      ),
      subgroups: merged(local.subgroups, server.subgroups),
      professionals: [...professionals.values()].sort((a, b) => a.label.localeCompare(b.label, 'es')),
    }
  }, [complete, rows, offered.data])
  const shown = useMemo(() => applyFilters(rows, filters), [rows, filters])
  // Until every row is read, the table shows the first ones (none when filtered) and the count.
  const source = complete
    ? ({ kind: 'local', rows: shown, ordered: true } as const)
    : ({ kind: 'local', rows: shown === rows ? rows : [], ordered: true, total: list?.total } as const)
  const hasSubgroups = choices.subgroups.length > 0
  const statusName = (code: unknown) =>
    typeof code === 'string' && code ? (statusNames.get(code) ?? code) : ''

  const local = shownMode === 'local'
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t, session for can
  const config = useMemo<DataTableConfig<Row>>(
    () => ({
      sortBy: 'full_name',
      columns: [
        {
          key: 'select',
          title: t`Seleccionar`,
          isTitleHidden: true,
          isAction: true,
          isHide: !selecting,
          component: (row) => (
            <Checkbox
              label={<span className="visually-hidden">{t`Seleccionar a ${fullNameOf(row)}`}</span>}
              checked={assignments.selected.has(row.id)}
              onCheckedChange={(on) => assignments.toggle(row.id, on)}
            />
          ),
        },
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
              {fullNameOf(row)}
            </a>
          ),
        },
        // On a narrow screen the columns give way from the highest priority (the sync state never).
        { key: 'curp', title: t`CURP`, isSort: true, isSearch: true, priority: 2 },
        { key: 'payroll_number', title: t`Número de nómina`, isSort: true, isSearch: true, priority: 3 },
        {
          key: local ? 'administrative_status_label' : 'administrative_status',
          title: t`Estatus administrativo`,
          isSort: true,
          priority: 5,
          component: (row) => row.administrative_status_label ?? statusName(row.administrative_status),
        },
        {
          key: 'subgroups_label',
          title: t`Subgrupos`,
          isSort: local,
          isHide: !hasSubgroups,
          priority: 6,
          component: (row) =>
            row.subgroups_label ?? subgroupsOf(row).map(subgroupName).filter(Boolean).join(', '),
        },
        {
          key: 'assigned_label',
          title: t`Profesional asignado`,
          isSort: local,
          priority: 4,
          component: (row) => row.assigned_label ?? assignedNames(row),
        },
        {
          key: 'state_label',
          title: t`Estado`,
          isSort: local,
          isHide: !local,
          priority: 0,
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
            // Icons with their names as tooltips, so the row leaves room for more columns on a
            // tablet; each control is named in words with its patient for screen readers.
            <span className="row-actions" data-compact="true">
              <Link
                to="/patients/record/$id"
                params={{ id: row.id }}
                className="button"
                data-variant="ghost"
                data-icon="true"
                title={t`Expediente`}
              >
                <RecordIcon />
                <span className="visually-hidden">
                  <Trans>Expediente</Trans> {fullNameOf(row)}
                </span>
              </Link>
              {canEdit && (
                <Button
                  variant="ghost"
                  data-icon="true"
                  title={t`Editar`}
                  onClick={() => void navigate({ to: '/patients/edit/$id', params: { id: row.id } })}
                >
                  <EditIcon />
                  <span className="visually-hidden">
                    <Trans>Editar</Trans> {fullNameOf(row)}
                  </span>
                </Button>
              )}
              <Button
                variant="ghost"
                data-icon="true"
                title={t`Presión arterial`}
                onClick={() => setReadingFor(row)}
              >
                <PulseIcon />
                <span className="visually-hidden">
                  <Trans>Presión arterial</Trans> {fullNameOf(row)}
                </span>
              </Button>
              {can('assignments.create') && (
                <Button
                  variant="ghost"
                  data-icon="true"
                  title={t`Asignar`}
                  onClick={() => assignments.openForRow(row.id, fullNameOf(row))}
                >
                  <AssignIcon />
                  <span className="visually-hidden">
                    <Trans>Asignar</Trans> {fullNameOf(row)}
                  </span>
                </Button>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, canEdit, hasSubgroups, navigate, local, session, assignments.selected, statusNames],
  )
  // SPEC §2 Behaviour: a row of the clinical data table opens the patient's digital record, the
  // row's key (the patient's id) in its address; for who may read it. Its links and buttons keep
  // their own actions (the table leaves clicks on controls to them).
  const openDigitalRecord = can('digital-record-index')
    ? (row: Row) => void navigate({ to: '/digital-record/$patientId', params: { patientId: row.id } })
    : undefined
  const chosen = serverFilters(filters)
  const massiveFilters = {
    ...(filters.administrative_status && { administrative_status: filters.administrative_status }),
    ...(filters.subgroup && { subgroup: filters.subgroup }),
    ...(filters.special_sublabel && { special_sublabel: filters.special_sublabel }),
  }

  if (!db || !list) return <Spinner />
  return (
    <section className="page">
      <PageHeader title={t`Pacientes`}>
        {canCreate && (
          <Button onClick={() => void navigate({ to: '/patients/create' })}>
            <Trans>Nuevo paciente</Trans>
          </Button>
        )}
      </PageHeader>
      {readingFor && (
        <ReadingForm
          db={db}
          patient={{ id: readingFor.id, name: readingFor.name, last_name: readingFor.last_name }}
          onDone={() => setReadingFor(null)}
        />
      )}
      {pulledOnce === false && (
        <p className="patients__notice" role="status">
          <Trans>
            La primera sincronización de este dispositivo aún no termina: la lista puede estar incompleta.
          </Trans>
        </p>
      )}
      <ListModeSwitch
        mode={shownMode}
        onChange={(next) => {
          setMode(next)
          assignments.clear()
        }}
        online={online}
        held={list.total}
        onServer={offered.data?.total ?? null}
      />
      <PatientFilters
        choices={choices}
        statusName={statusName}
        subgroupName={subgroupName}
        sublabels={sublabels}
        byAssigned={byAssigned}
        value={filters}
        onChange={(next) => {
          setFilters(next)
          assignments.clear()
        }}
      />
      <AssignmentBar assignments={assignments} pageIds={pageIds} can={can} />
      {assignments.choice && (
        <ProfessionalDialog
          key={assignments.choice.patientIds.join()}
          assignments={assignments}
          professionals={offered.data?.professionals ?? choices.professionals}
        />
      )}
      <MassiveDialog
        assignments={assignments}
        filters={massiveFilters}
        mayAssign={can('assignments.create')}
      />
      {failure && <Alert>{failure}</Alert>}
      {local ? (
        <DataTable
          key="local"
          config={config}
          caption={t`Pacientes`}
          source={source}
          rowKey={(p) => p.id}
          exportName={t`pacientes`}
          onPageRows={(page) => setPageIds(page.map((p) => p.id))}
          onRowClick={openDigitalRecord}
        />
      ) : (
        <>
          <div className="patients__download">
            <Button
              variant="secondary"
              onClick={() =>
                // The server's file: every patient the filters find, not only this page.
                void download(downloadPatients, `pacientes_${downloadDateStamp(new Date())}.xlsx`, {
                  query: { filters: JSON.stringify(chosen) },
                }).catch((error: unknown) => setFailure(errorMessage(error, i18n)))
              }
            >
              <Trans>Descargar todos</Trans>
            </Button>
          </div>
          <DataTable
            key="server"
            config={config}
            caption={t`Pacientes en el servidor`}
            source={{ kind: 'server', endpoint: patientsTable, filters: chosen }}
            rowKey={(p) => p.id}
            reloadToken={reload}
            onError={(error) => setFailure(errorMessage(error, i18n))}
            onPageRows={(page) => setPageIds(page.map((p) => p.id))}
            onRowClick={openDigitalRecord}
          />
        </>
      )}
    </section>
  )
}
