import { useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useSubgroupItems } from '../../catalogs/use-catalog'
import type { SchemeStatus, VaccinationFilterQuery } from '../../contract/schemas/vaccination-records'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'
import { matchesVaccinationFilters, vaccinationFiltersOf } from '../../documents/vaccination-rows'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { searchOf, useUrlFilters } from '../../ui/url-filters'
import { useVaccinationIndex } from './use-vaccination-index'
import { localDay } from './vaccination-form-values'
import type { VaccinationIndexEntry } from './vaccination-index'
import type { VaccinationIndexFilters } from './vaccination-index-search'
import { SCHEME_STATUS_NAMES } from './vaccination-texts'
import './vaccinations.css'

/** An index row as the table shows and searches it (its key and next vaccine's name included). */
type ListRow = VaccinationIndexEntry

/** The picks as the shared filter function (and `GET /vaccination/download`) takes them. */
function queryOf(values: VaccinationIndexFilters): Omit<VaccinationFilterQuery, 'search'> {
  return {
    ...(values.status && { statuses: [values.status] }),
    ...(values.vaccine && { vaccines: [values.vaccine] }),
    ...(values.overdue && { overdue: values.overdue }),
    ...(values.subgroup && { subgroups: [values.subgroup] }),
    ...(values.risk && { risks: [values.risk] }),
  }
}

/**
 * SPEC §2 /vaccinations: every patient the user may see, from the device (works offline), with
 * their scheme status (SPEC §4), the next vaccine due and its date and how many doses are
 * overdue — the most overdue first. On the shared data table in local mode, filtered by the
 * choices of `get-filters/vaccinations` worked out from the cache, searched by name, payroll
 * number or CURP; a row (or its name) opens the patient's card, where a dose is registered. The spreadsheet is built on the device by the
 * functions of the server's `GET /vaccination/download` (`vacunacion_DD_MM_YYYY.xlsx`). The
 * filters live in the address (`?overdue=yes`: the dashboard's figures open the index so).
 */
export function VaccinationIndexPage({
  filters,
  onFiltersChange,
}: {
  filters?: VaccinationIndexFilters
  onFiltersChange?: (next: VaccinationIndexFilters) => void
} = {}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const db = useSyncEngine()?.db
  const today = localDay(new Date())
  const index = useVaccinationIndex(db, today)
  const subgroupNames = useSubgroupItems().names
  const [values, setValues] = useUrlFilters(filters, onFiltersChange, {})
  const [failure, setFailure] = useState<string | null>(null)
  const language: DocumentLanguage = i18n.locale.startsWith('en') ? 'en' : 'es'

  const vaccineNames = useMemo(
    () => new Map((index?.vaccines ?? []).map((entry) => [entry.id, entry.name])),
    [index?.vaccines],
  )
  const choices = useMemo(
    () => vaccinationFiltersOf(language, index?.vaccines ?? [], index?.subgroupsInUse ?? []),
    [language, index?.vaccines, index?.subgroupsInUse],
  )
  // The entries come in the index's order, ready to show: only the filters are applied here.
  const rows = useMemo<ListRow[]>(() => {
    const query = queryOf(values)
    return (index?.entries ?? []).filter((entry) => matchesVaccinationFilters(entry, entry, query))
  }, [index?.entries, values])
  const counts = useMemo(() => {
    const entries = index?.entries ?? []
    return {
      total: entries.length,
      complete: entries.filter((entry) => entry.status === 'complete').length,
      overdue: entries.filter((entry) => entry.overdue_count > 0).length,
    }
  }, [index?.entries])

  // The column is "Esquema": its cells say only complete or incomplete, in the filter's words.
  const statusName = (code: SchemeStatus) =>
    choices.statuses.find((choice) => choice.code === code)?.name ?? code
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<ListRow>>(
    () => ({
      columns: [
        {
          key: 'patient_name',
          title: t`Nombre`,
          isSearch: true,
          isSort: true,
          component: (row) => (
            <Link to="/vaccinations/card/$id" params={{ id: row.id }}>
              {row.patient_name}
            </Link>
          ),
        },
        { key: 'payroll_number', title: t`Número de nómina`, isSearch: true, isSort: true, priority: 4 },
        { key: 'curp', title: t`CURP`, isSearch: true, priority: 5 },
        {
          key: 'status',
          title: t`Esquema`,
          isSort: true,
          priority: 1,
          component: (row) => (
            <span className="vaccination-status" data-status={row.status}>
              {statusName(row.status)}
            </span>
          ),
        },
        { key: 'next_vaccine_name', title: t`Siguiente vacuna`, isSort: true, priority: 3 },
        {
          key: 'next_due_date',
          title: t`Próxima dosis`,
          isSort: true,
          // What the list is for: it never gives way to the width.
          priority: 0,
          // An overdue dose says so instead of its date: a first dose never given is due from the
          // day the patient became eligible, which for a vaccine of any age is the birth date, and
          // "1963/05/18" would read as a mistake. The card gives each dose's date.
          component: (row) =>
            row.overdue_count > 0 ? (
              <span className="vaccination-status" data-status="incomplete">{t`Vencida`}</span>
            ) : row.next_due_date ? (
              formatDate(row.next_due_date)
            ) : (
              '—'
            ),
        },
        {
          key: 'overdue_count',
          title: t`Vencidas`,
          isSort: true,
          priority: 2,
          component: (row) =>
            row.overdue_count > 0 ? (
              <span className="vaccination-overdue">{row.overdue_count}</span>
            ) : (
              row.overdue_count
            ),
        },
      ],
    }),
    [i18n.locale, choices],
  )

  if (!db || !index) return <Spinner />
  const set = (key: keyof VaccinationIndexFilters) => (event: { target: { value: string } }) =>
    // The selects offer only the filters' own choices (get-filters/vaccinations).
    setValues(searchOf({ ...values, [key]: event.target.value }) as VaccinationIndexFilters)
  return (
    <section className="page vaccination-index">
      <PageHeader title={t`Vacunación`} />
      <ul className="vaccination-counts" aria-label={t`Pacientes por esquema`}>
        <li>
          <span>{t`Pacientes`}</span> <strong>{counts.total}</strong>
        </li>
        <li>
          <span>{i18n._(SCHEME_STATUS_NAMES.complete)}</span> <strong>{counts.complete}</strong>
        </li>
        <li>
          <span>{i18n._(SCHEME_STATUS_NAMES.incomplete)}</span>{' '}
          <strong>{counts.total - counts.complete}</strong>
        </li>
        <li>
          <span>{t`Con dosis vencidas`}</span> <strong>{counts.overdue}</strong>
        </li>
      </ul>
      <fieldset className="vaccination-filters">
        <legend className="visually-hidden">{t`Filtros`}</legend>
        <SelectField
          label={t`Esquema`}
          placeholder={t`Todos`}
          value={values.status ?? ''}
          onChange={set('status')}
          options={choices.statuses.map((choice) => ({ value: choice.code, label: choice.name }))}
        />
        <SelectField
          label={t`Vacuna`}
          placeholder={t`Todas`}
          value={values.vaccine ?? ''}
          onChange={set('vaccine')}
          options={choices.vaccines.map((choice) => ({ value: choice.id, label: choice.name }))}
        />
        <SelectField
          label={t`Dosis vencidas`}
          placeholder={t`Todos`}
          value={values.overdue ?? ''}
          onChange={set('overdue')}
          options={choices.overdue.map((choice) => ({ value: choice.code, label: choice.name }))}
        />
        {choices.subgroups.length > 0 && (
          <SelectField
            label={t`Subgrupo`}
            placeholder={t`Todos`}
            value={values.subgroup ?? ''}
            onChange={set('subgroup')}
            options={choices.subgroups.map((id) => ({ value: id, label: subgroupNames.get(id) ?? id }))}
          />
        )}
        <SelectField
          label={t`Riesgo laboral`}
          placeholder={t`Todos`}
          value={values.risk ?? ''}
          onChange={set('risk')}
          options={choices.risks.map((choice) => ({ value: choice.code, label: choice.name }))}
        />
      </fieldset>
      {index.vaccines.length === 0 && (
        <p className="form-hint">
          {t`El catálogo de vacunas aún no llega a este dispositivo: el estado del esquema y las fechas se calcularán en cuanto llegue.`}
        </p>
      )}
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={t`Vacunación`}
        source={{ kind: 'local', rows, ordered: true }}
        rowKey={(row) => row.id}
        onRowClick={(row) => void navigate({ to: '/vaccinations/card/$id', params: { id: row.id } })}
        onExport={async (shown) => {
          setFailure(null)
          const { downloadVaccinationSheet } = await import('../../reports/vaccination-documents')
          await downloadVaccinationSheet(shown, vaccineNames, language, today)
        }}
        onError={(error) => setFailure(errorMessage(error, i18n))}
      />
    </section>
  )
}
