import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import { useCatalogueEntries, useSpecialLabels } from '../../catalogs/use-catalog'
import { patientMatches } from '../../contract/rules/dashboard/scope'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import { DISABILITY_ISSUERS, type DisabilityIssuer } from '../../contract/schemas/disabilities'
import {
  type DisabilityFilters,
  type DisabilityRow,
  disabilityGraph,
  disabilityRows,
} from '../../documents/disability-rows'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { DateField } from '../../ui/DateField'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { ScopeFilterFields } from '../../ui/ScopeFilterFields'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import type { ScopeFilters } from '../../ui/scope-filters'
import { scopeSublabels } from '../../ui/scope-sublabels'
import { type DisabilitiesIndexFilters, disabilitiesIndexSearch } from './disabilities-index-search'
import { disabilityIndexInputs, disabilityNames } from './disability-index'
import { ISSUER_NAMES } from './disability-texts'
import { LostDaysChart } from './LostDaysChart'
import './disabilities.css'

/** A disability's row with the texts the table shows and searches. */
interface IndexRow extends DisabilityRow {
  start_label: string
  end_label: string
  issuer_label: string
}

/** The filters as picked and typed; '' is "all", the days YYYY/MM/DD. */
interface FilterValues {
  type_id: string
  status_id: string
  issuer: DisabilityIssuer | ''
  from: string
  to: string
}

/** The filters the address gave, as the fields show them. */
const valuesOf = (search: DisabilitiesIndexFilters = {}): FilterValues => ({
  type_id: search.type ?? '',
  status_id: search.status ?? '',
  issuer: search.issuer ?? '',
  from: search.from ? isoToDateText(search.from) : '',
  to: search.to ? isoToDateText(search.to) : '',
})

/** The patients' filters the address gave. */
const scopeOf = (search: DisabilitiesIndexFilters = {}): ScopeFilters => ({
  subgroup: search.subgroup,
  special_label: search.special_label,
  sublabel: search.sublabel,
})

/** The filters as the address carries them: a day once it is whole, blanks left out. */
const searchOfValues = (values: FilterValues, scope: ScopeFilters): DisabilitiesIndexFilters => {
  const day = (typed: string) => (isDateText(typed.trim()) ? dateTextToIso(typed.trim()) : undefined)
  return disabilitiesIndexSearch({
    type: values.type_id,
    status: values.status_id,
    issuer: values.issuer,
    from: day(values.from),
    to: day(values.to),
    ...scope,
  })
}

/**
 * SPEC §2 `…/record-disabilities/index`: the disabilities of every patient the device holds
 * (works offline), filtered by modality, status, issuer, period, subgroup and special label and
 * searched by the patient, on the shared data table; the days lost by modality and month drawn
 * from the same rows (`disabilityGraph`, as the server's data graph counts them); and the
 * spreadsheet the server's `GET /patients/incapacities/download` gives, built here by its own rows
 * function. The filters come from the address and are written back to it: the dashboard's lost
 * days open the list filtered as they were counted.
 */
export function DisabilitiesIndexPage({
  filters,
  onFiltersChange,
}: {
  filters?: DisabilitiesIndexFilters
  onFiltersChange?: (next: DisabilitiesIndexFilters) => void
} = {}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const db = useSyncEngine()?.db
  const canView = hasPermission(session, 'record-disabilities-view')
  const canDetail = hasPermission(session, 'record-disabilities-detail')
  const canExport = hasPermission(session, 'disability.export')
  const types = useCatalogueEntries('incapacityType')
  const statuses = useCatalogueEntries('incapacityStatus')
  const labels = useSpecialLabels()
  // The fields hold what is typed (a day half typed too); the address gets what filters.
  const [values, setValues] = useState<FilterValues>(() => valuesOf(filters))
  const [scope, setScope] = useState<ScopeFilters>(() => scopeOf(filters))
  // The address changed from outside (the menu's link to the bare list, the back button): the
  // fields show it. An address this page wrote is what the fields already show.
  const addressKey = JSON.stringify(filters ?? {})
  const [shownAddress, setShownAddress] = useState(addressKey)
  if (addressKey !== shownAddress) {
    setShownAddress(addressKey)
    if (addressKey !== JSON.stringify(searchOfValues(values, scope))) {
      setValues(valuesOf(filters))
      setScope(scopeOf(filters))
    }
  }
  const choose = (nextValues: FilterValues, nextScope: ScopeFilters) => {
    setValues(nextValues)
    setScope(nextScope)
    onFiltersChange?.(searchOfValues(nextValues, nextScope))
  }
  const [failure, setFailure] = useState<string | null>(null)
  const inputs = useLiveQuery(async () => (db ? disabilityIndexInputs(db) : undefined), [db])
  const sublabels = labels ? scopeSublabels(scope, labels) : undefined
  const sublabelsKey = sublabels?.join(',') ?? sublabels
  // The patients the subgroup and special label keep, by the dashboard's rule: the others'
  // disabilities drop out as a deleted patient's do.
  // biome-ignore lint/correctness/useExhaustiveDependencies: sublabelsKey stands for the sublabels (a new array each render)
  const patients = useMemo(() => {
    if (!inputs || sublabels === undefined) return undefined
    if (!scope.subgroup && sublabels === null) return inputs.patients
    const filter = {
      period: { from: null, to: null },
      subgroup: scope.subgroup ?? null,
      sublabels,
      timeZone: 'UTC',
    }
    return new Map([...inputs.patients].filter(([, patient]) => patientMatches(patient, filter)))
  }, [inputs, scope.subgroup, sublabelsKey])

  // A day half typed filters nothing yet; a wrong one says so on its field.
  const dayOf = (typed: string) => (isDateText(typed.trim()) ? dateTextToIso(typed.trim()) : undefined)
  const dayError = (typed: string) =>
    typed.trim() !== '' && typed.trim().length === 10 && !isDateText(typed.trim())
      ? fieldMessage('field.date', i18n)
      : undefined
  const from = dayOf(values.from)
  const to = dayOf(values.to)
  const backwards = from !== undefined && to !== undefined && to < from
  const chosen: DisabilityFilters = {
    ...(values.type_id ? { type_id: values.type_id } : {}),
    ...(values.status_id ? { status_id: values.status_id } : {}),
    ...(values.issuer ? { issuer: values.issuer } : {}),
    ...(from && !backwards ? { from } : {}),
    ...(to && !backwards ? { to } : {}),
  }
  const filtersKey = JSON.stringify(chosen)

  // biome-ignore lint/correctness/useExhaustiveDependencies: filtersKey stands for the filters (a new object each render)
  const rows = useMemo(() => {
    if (!inputs || !patients || !types || !statuses) return undefined
    const names = disabilityNames(inputs.disabilities, types, statuses)
    return disabilityRows(inputs.disabilities, patients, names, chosen)
  }, [inputs, patients, types, statuses, filtersKey])

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const shown = useMemo<IndexRow[]>(
    () =>
      (rows ?? []).map((row) => ({
        ...row,
        start_label: formatDate(row.start_date),
        end_label: formatDate(row.end_date),
        issuer_label: i18n._(ISSUER_NAMES[row.issuer]),
      })),
    [rows, i18n.locale],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: filtersKey stands for the period
  const graph = useMemo(() => disabilityGraph(rows ?? [], chosen), [rows, filtersKey])

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<IndexRow>>(
    () => ({
      columns: [
        {
          key: 'name',
          title: t`Paciente`,
          isSearch: true,
          priority: 0,
          // The patient's name opens their disabilities with the days they lost.
          component: (row) =>
            canDetail ? (
              <Link
                to="/digital-record/medical-reports/record-disabilities/detail/$patientId"
                params={{ patientId: row.patient_id }}
              >
                {row.name}
              </Link>
            ) : (
              row.name
            ),
        },
        { key: 'payroll_number', title: t`Número de nómina`, isSearch: true, priority: 5 },
        { key: 'curp', title: t`CURP`, isSearch: true, isHide: true },
        { key: 'start_label', title: t`Inicio`, priority: 1 },
        { key: 'end_label', title: t`Término`, priority: 4 },
        { key: 'assigned_days', title: t`Días`, priority: 3 },
        { key: 'type_name', title: t`Modalidad`, priority: 2 },
        { key: 'status_name', title: t`Estatus`, priority: 6 },
        { key: 'issuer_label', title: t`Expedida por`, priority: 7 },
        { key: 'assigned_number', title: t`Folio IMSS`, priority: 8 },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row) => (
            <span className="row-actions">
              {canView && (
                <Link
                  to="/digital-record/medical-reports/record-disabilities/view/$patientId/$id"
                  params={{ patientId: row.patient_id, id: row.id }}
                  className="button"
                  data-variant="ghost"
                >
                  <Trans>Ver</Trans>
                  <span className="visually-hidden">
                    {' '}
                    {row.name} {row.start_label}
                  </span>
                </Link>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, canView, canDetail],
  )

  if (!db || !rows) return <Spinner />
  const set = (key: keyof FilterValues) => (event: { target: { value: string } }) =>
    choose({ ...values, [key]: event.target.value }, scope)
  const title = t`Incapacidades`
  const patientsCount = new Set(rows.map((row) => row.patient_id)).size
  return (
    <section className="page disabilities-index">
      <PageHeader title={title} />
      <fieldset className="disability-filters">
        <legend className="visually-hidden">{t`Filtros`}</legend>
        <SelectField
          label={t`Modalidad`}
          placeholder={t`Todas`}
          value={values.type_id}
          onChange={set('type_id')}
          options={(types ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
        />
        <SelectField
          label={t`Estatus`}
          placeholder={t`Todos`}
          value={values.status_id}
          onChange={set('status_id')}
          options={(statuses ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
        />
        <SelectField
          label={t`Expedida por`}
          placeholder={t`Todas`}
          value={values.issuer}
          onChange={set('issuer')}
          options={DISABILITY_ISSUERS.map((code) => ({ value: code, label: i18n._(ISSUER_NAMES[code]) }))}
        />
        <DateField
          label={t`Desde`}
          value={values.from}
          onChange={set('from')}
          error={dayError(values.from)}
        />
        <DateField
          label={t`Hasta`}
          value={values.to}
          onChange={set('to')}
          error={
            dayError(values.to) ??
            (backwards ? fieldMessage('disability.rangeEndBeforeStart', i18n) : undefined)
          }
        />
        <ScopeFilterFields value={scope} onChange={(next) => choose(values, next)} />
      </fieldset>
      <ul className="lost-days" aria-label={t`Resumen`}>
        <li>
          <span>{t`Incapacidades`}</span> <strong>{rows.length}</strong>
        </li>
        <li>
          <span>{t`Pacientes`}</span> <strong>{patientsCount}</strong>
        </li>
        <li>
          <span>{t`Días perdidos`}</span> <strong>{graph.total_days}</strong>
        </li>
      </ul>
      <LostDaysChart graph={graph} />
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={title}
        source={{ kind: 'local', rows: shown, ordered: true }}
        rowKey={(row) => row.id}
        onRowClick={
          canView
            ? (row) =>
                void navigate({
                  to: '/digital-record/medical-reports/record-disabilities/view/$patientId/$id',
                  params: { patientId: row.patient_id, id: row.id },
                })
            : undefined
        }
        onExport={
          canExport
            ? async (held) => {
                setFailure(null)
                const { downloadDisabilitySheet } = await import('./disability-sheet')
                downloadDisabilitySheet(held, i18n.locale === 'en' ? 'en' : 'es')
              }
            : undefined
        }
        onError={(error) => setFailure(errorMessage(error, i18n))}
      />
    </section>
  )
}
