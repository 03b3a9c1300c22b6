import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useReferenceList, useSubgroupItems } from '../../catalogs/use-catalog'
import { EXAM_DUE_STATES } from '../../contract/rules/periodic-exam-due'
import type { DeviceDueRow } from '../../db/periodic-exam-due'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { searchOf, useUrlFilters } from '../../ui/url-filters'
import { localDay } from './periodic-exam-form-values'
import { CONDITION_NAMES, DUE_STATE_NAMES } from './periodic-exam-texts'
import type { PeriodicExamsIndexFilters } from './periodic-exams-index-search'
import { usePeriodicExamDueList } from './use-periodic-exam-due-list'
import './periodic-exams.css'

/** A patient's row with the texts the table shows and searches. */
interface ListRow extends DeviceDueRow {
  id: string
  state_label: string
  last_label: string
  due_label: string
  condition_label: string
}

/**
 * SPEC §2 /digital-record/periodic-exams: every patient in the user's care (the device's cache)
 * with the due state of the periodic exam — applied, expired, due within 10 days, never examined
 * — by the contract's rule in one pass, the last exam's day and the next one's, on the shared data
 * table in local mode (works offline); filtered by state and subgroup, searched, and exported as
 * the spreadsheet the server's `/patients/periodic-exams/excel` makes, from the same rows function.
 * The filters live in the address (`?state=expired`: the dashboard's buckets open the list so).
 */
export function PeriodicExamsIndexPage({
  filters,
  onFiltersChange,
}: {
  filters?: PeriodicExamsIndexFilters
  onFiltersChange?: (next: PeriodicExamsIndexFilters) => void
} = {}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const canCreate = hasPermission(session, 'periodic-exams-create')
  const canView = hasPermission(session, 'periodic-exams-view')
  const db = useSyncEngine()?.db
  const [chosen, setChosen] = useUrlFilters(filters, onFiltersChange, {})
  const state = chosen.state ?? ''
  const subgroup = chosen.subgroup ?? ''
  const choose = (change: Record<string, string>) =>
    // The selects offer only the rule's states and the catalogue's subgroups.
    setChosen(searchOf({ ...chosen, ...change }) as PeriodicExamsIndexFilters)
  const [failure, setFailure] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  // A patient carries subgroup items: the filter offers those, not the subgroups grouping them.
  const subgroups = useSubgroupItems().options
  const statuses = useReferenceList('administrative-statuses')
  const frequencies = useReferenceList('examination-frequencies')
  const today = localDay(new Date())
  const rows = usePeriodicExamDueList(db, today, {
    states: state ? [state] : [],
    subgroup: subgroup || undefined,
  })?.rows

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for the labels
  const shown = useMemo<ListRow[]>(
    () =>
      (rows ?? []).map((row) => ({
        ...row,
        id: row.patient_id,
        state_label: i18n._(DUE_STATE_NAMES[row.state]),
        last_label: row.last_exam_on ? formatDate(row.last_exam_on) : '—',
        due_label: row.due_on ? formatDate(row.due_on) : '—',
        condition_label: row.last_condition ? i18n._(CONDITION_NAMES[row.last_condition]) : '—',
      })),
    [rows, i18n.locale],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<ListRow>>(
    () => ({
      columns: [
        { key: 'name', title: t`Paciente`, isSearch: true },
        { key: 'payroll_number', title: t`Número de nómina`, isSearch: true, priority: 4 },
        { key: 'curp', title: t`CURP`, isSearch: true, priority: 6 },
        {
          key: 'state_label',
          title: t`Estado`,
          priority: 0,
          component: (row) => (
            <span className="exam-due" data-state={row.state}>
              {row.state_label}
            </span>
          ),
        },
        { key: 'last_label', title: t`Último examen`, priority: 3 },
        { key: 'condition_label', title: t`Calificación`, priority: 5 },
        { key: 'due_label', title: t`Próximo examen`, priority: 2 },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row) => {
            // The latest live exam, kept in the patient's summary row.
            const latest = row.last_id
            return (
              <span className="row-actions">
                {canView && latest && (
                  <Link
                    to="/digital-record/periodic-exams/view/$patientId/$id"
                    params={{ patientId: row.id, id: latest }}
                    className="button"
                    data-variant="ghost"
                  >
                    <Trans>Ver último</Trans>
                    <span className="visually-hidden"> {row.name}</span>
                  </Link>
                )}
                {canCreate && (
                  <Link
                    to="/digital-record/periodic-exams/create/$patientId"
                    params={{ patientId: row.id }}
                    className="button"
                    data-variant="ghost"
                  >
                    <Trans>Nuevo examen</Trans>
                    <span className="visually-hidden"> {row.name}</span>
                  </Link>
                )}
              </span>
            )
          },
        },
      ],
    }),
    [i18n.locale, canCreate, canView],
  )

  const download = async () => {
    if (!rows) return
    setExporting(true)
    setFailure(null)
    try {
      const { exportDueSheet } = await import('./due-sheet')
      await exportDueSheet(rows, i18n.locale === 'en' ? 'en' : 'es', {
        statuses: new Map((statuses ?? []).map((item) => [item.code, item.name])),
        frequencies: new Map((frequencies ?? []).map((item) => [item.code, item.name])),
      })
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setExporting(false)
    }
  }

  if (!db || !rows) return <Spinner />
  return (
    <section className="page periodic-exams-page">
      <PageHeader title={t`Exámenes periódicos`}>
        <Button variant="secondary" loading={exporting} onClick={() => void download()}>
          <Trans>Descargar</Trans>
        </Button>
      </PageHeader>
      <div className="periodic-exams-filters">
        <SelectField
          label={t`Estado`}
          placeholder={t`Todos`}
          value={state}
          onChange={(event) => choose({ state: event.target.value })}
          options={EXAM_DUE_STATES.map((code) => ({ value: code, label: i18n._(DUE_STATE_NAMES[code]) }))}
        />
        {subgroups.length > 0 && (
          <SelectField
            label={t`Subgrupo`}
            placeholder={t`Todos`}
            value={subgroup}
            onChange={(event) => choose({ subgroup: event.target.value })}
            options={subgroups}
          />
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={t`Exámenes periódicos`}
        source={{ kind: 'local', rows: shown, ordered: true }}
        rowKey={(row) => row.id}
      />
    </section>
  )
}
