import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { TRIAGE_CLASSIFICATIONS } from '../../contract/rules/triage-classification'
import { TRIAGE_STATUSES } from '../../contract/schemas/covid'
import type { LocalTriageSummary } from '../../db/local-db'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { formatDateTime } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { SyncBadge } from '../../ui/SyncBadge'
import { useUrlFilters } from '../../ui/url-filters'
import { CLASSIFICATION_NAMES, STATUS_NAMES, statusName } from './covid-texts'
import { ClassificationTag } from './HistorySections'
import { type TriageListFilters, triageListSearch } from './triage-list-search'
import { useTriageList } from './use-triage-list'
import './covid.css'

/** A patient's triage summary with the texts the table shows, searches and exports. */
interface ListRow extends LocalTriageSummary {
  id: string
  /** SPEC §3: the row carries it, and the data table makes it the row's style class. */
  triage_classification: LocalTriageSummary['classification']
  full_name: string
  curp: string
  status_label: string
  classification_label: string
  last_label: string
}

/**
 * SPEC §2 /covid: the triage list on the shared data table in local mode, from the device (works
 * offline): every patient with a triage, their status and their classification now, the most
 * urgent first, each row in the colour of its classification (SPEC §3: rows carry
 * `triage_classification` as a style class); filtered by status and classification, with the
 * count of patients in each status and the spreadsheet of the rows shown (`triage_DD_MM_YYYY.xlsx`).
 * The filters live in the address (`?status=…`: the dashboard's COVID figures open the list so).
 */
export function TriageListPage({
  filters,
  onFiltersChange,
}: {
  filters?: TriageListFilters
  onFiltersChange?: (next: TriageListFilters) => void
} = {}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const canCreate = hasPermission(session, 'covid-create')
  const db = useSyncEngine()?.db
  const [chosen, setChosen] = useUrlFilters(filters, onFiltersChange, {})
  const status = chosen.status ?? ''
  const classification = chosen.classification ?? ''
  const choose = (change: Record<string, string>) => setChosen(triageListSearch({ ...chosen, ...change }))
  const list = useTriageList(db, { status, classification })
  const rows = list?.rows
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const shown = useMemo<ListRow[]>(
    () =>
      (rows ?? []).map((row) => ({
        ...row,
        id: row.patient_id,
        triage_classification: row.classification,
        full_name: row.name ?? t`Paciente que ya no está en este dispositivo`,
        status_label: statusName(i18n, row.status),
        classification_label: i18n._(CLASSIFICATION_NAMES[row.classification]),
        last_label: formatDateTime(row.consulted_at),
      })),
    [rows, i18n.locale],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<ListRow>>(
    () => ({
      columns: [
        {
          key: 'full_name',
          title: t`Nombre`,
          isSearch: true,
          component: (row) => (
            <Link to="/covid/history/$id" params={{ id: row.id }}>
              {row.full_name}
            </Link>
          ),
        },
        { key: 'curp', title: t`CURP`, isSearch: true, isSort: true, priority: 4 },
        { key: 'status_label', title: t`Estatus`, isSort: true, priority: 2 },
        {
          key: 'classification_label',
          title: t`Clasificación`,
          priority: 0,
          component: (row) => <ClassificationTag code={row.triage_classification} />,
        },
        { key: 'last_label', title: t`Última consulta`, priority: 3 },
        { key: 'consultations', title: t`Consultas`, isSort: true, priority: 5 },
        { key: 'declines', title: t`Seguimientos no realizados`, isSort: true, priority: 6 },
        {
          key: 'state',
          title: t`Estado`,
          isAction: true,
          priority: 7,
          component: (row) => <SyncBadge state={row.syncState} />,
        },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row) => (
            <span className="row-actions">
              <Link to="/covid/history/$id" params={{ id: row.id }} className="button" data-variant="ghost">
                <Trans>Historial</Trans>
                <span className="visually-hidden"> {row.full_name}</span>
              </Link>
              {canCreate && (
                <Link to="/covid/create/$id" params={{ id: row.id }} className="button" data-variant="ghost">
                  <Trans>Triage</Trans>
                  <span className="visually-hidden"> {row.full_name}</span>
                </Link>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, canCreate],
  )

  if (!db || !list) return <Spinner />
  const { total, byStatus: counts, declined } = list.counts
  return (
    <section className="page covid-page">
      <PageHeader title={t`Triage COVID`}>
        <Link to="/patients" className="button" data-variant="secondary">
          <Trans>Triage de un paciente</Trans>
        </Link>
      </PageHeader>
      <ul className="covid-counts" aria-label={t`Pacientes por estatus`}>
        <li>
          <span>{t`Total`}</span> <strong>{total}</strong>
        </li>
        {TRIAGE_STATUSES.filter((code) => counts.has(code)).map((code) => (
          <li key={code}>
            <span>{i18n._(STATUS_NAMES[code])}</span> <strong>{counts.get(code)}</strong>
          </li>
        ))}
        <li>
          <span>{t`Con seguimiento no realizado`}</span> <strong>{declined}</strong>
        </li>
      </ul>
      <div className="covid-filters">
        <SelectField
          label={t`Estatus`}
          placeholder={t`Todos`}
          value={status}
          onChange={(event) => choose({ status: event.target.value })}
          options={TRIAGE_STATUSES.map((code) => ({ value: code, label: i18n._(STATUS_NAMES[code]) }))}
        />
        <SelectField
          label={t`Clasificación`}
          placeholder={t`Todas`}
          value={classification}
          onChange={(event) => choose({ classification: event.target.value })}
          options={[...TRIAGE_CLASSIFICATIONS].reverse().map((code) => ({
            value: code,
            label: i18n._(CLASSIFICATION_NAMES[code]),
          }))}
        />
      </div>
      <DataTable
        config={config}
        caption={t`Triage COVID`}
        source={{ kind: 'local', rows: shown, ordered: true, total: list.shown }}
        rowKey={(row) => row.id}
        exportName="triage"
      />
    </section>
  )
}
