import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useCatalogHeld, useCatalogueEntries, useSpecialLabels } from '../../catalogs/use-catalog'
import type { DashboardPeriod } from '../../contract/rules/dashboard/scope'
import type { AffectedSystemRow } from '../../documents/affected-systems-rows'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { EVOLUTION_RANGE_PRESETS, rangeBounds } from '../../ui/charts/date-range'
import { type RangeChoice, RangePicker } from '../../ui/charts/RangePicker'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { ScopeFilterFields } from '../../ui/ScopeFilterFields'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { scopeSublabels } from '../../ui/scope-sublabels'
import { useUrlFilters } from '../../ui/url-filters'
import { type AffectedSystemsIndexFilters, affectedSystemsIndexSearch } from './affected-systems-index-search'
import { useAffectedSystemsIndex } from './use-affected-systems-index'
import './affected-systems-index.css'

/** A row with its key and the texts the table shows and searches. */
interface ListRow extends AffectedSystemRow {
  id: string
  diagnosis_label: string
  last_label: string
}

const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The list opens on the last three months: a clinic's quarter. */
const DEFAULT_PRESET = '3m'

/**
 * The period of the filters: a preset's days up to today, or the days picked, either end open
 * (the dashboard's whole history opens the list with none).
 */
function periodOf(filters: AffectedSystemsIndexFilters): DashboardPeriod {
  const preset = filters.period ?? DEFAULT_PRESET
  if (preset !== 'custom') return rangeBounds(preset, new Date())
  const { from = null, to = null } = filters
  return from !== null && to !== null && to < from ? { from: to, to: from } : { from, to }
}

/**
 * SPEC §2 `/digital-record/affected-systems`, the concentrated index (issue 24): the patients in
 * the user's care (the device's cache) by affected system and diagnosis over a period, from their
 * consultations, with each system's consultations and patients above; filtered by period, system,
 * diagnosis, subgroup and special label, searched, on the shared data table in local mode (works
 * offline), and downloaded as the spreadsheet the server's `/patients/affected-systems/excel`
 * makes from the same rows function. The filters live in the address: the dashboard's top 5
 * diagnoses and affected systems open the list filtered as they were counted.
 */
export function AffectedSystemsIndexPage({
  filters,
  onFiltersChange,
}: {
  filters?: AffectedSystemsIndexFilters
  onFiltersChange?: (next: AffectedSystemsIndexFilters) => void
} = {}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const canSeeEvolution = hasPermission(session, 'patient-evolution-index')
  const canSeeRecord = hasPermission(session, 'patients-index')
  const db = useSyncEngine()?.db
  const [chosen, setChosen] = useUrlFilters(filters, onFiltersChange, {})
  const choose = (change: Partial<AffectedSystemsIndexFilters>) =>
    setChosen(affectedSystemsIndexSearch({ ...chosen, ...change }))
  const system = chosen.system ?? ''
  const diagnosis = chosen.diagnosis ?? ''
  const [failure, setFailure] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const systems = useCatalogueEntries('affected_system')
  const systemsHeld = useCatalogHeld('affected_system')
  const labels = useSpecialLabels()
  const systemNames = useMemo(
    () => new Map((systems ?? []).map((entry) => [entry.id, entry.name])),
    [systems],
  )
  const range: RangeChoice = {
    preset: chosen.period ?? DEFAULT_PRESET,
    custom: { from: chosen.from ?? '', to: chosen.to ?? '' },
  }
  const sublabels = scopeSublabels(chosen, labels ?? [])
  const filter = {
    period: periodOf(chosen),
    subgroup: chosen.subgroup ?? null,
    sublabels,
    timeZone: deviceTimeZone(),
    affectedSystem: system || null,
  }
  // The diagnoses offered are those of the period (and system) before one is chosen.
  // Read once the systems' catalogue has arrived and the labels are read (a row with no system's
  // name, or counted without the label asked, would be shown, or downloaded, until they came).
  const source = systems && systemsHeld && labels ? db : undefined
  const offered = useAffectedSystemsIndex(source, { ...filter, diagnosis: null }, systemNames)
  const index = useAffectedSystemsIndex(source, { ...filter, diagnosis: diagnosis || null }, systemNames)

  const diagnosisOptions = useMemo(() => {
    const codes = new Map<string, string>()
    for (const row of offered?.rows ?? []) if (!codes.has(row.code)) codes.set(row.code, row.diagnosis)
    // A code the address chose stays offered (and shown chosen) though the period has none of it.
    if (diagnosis && !codes.has(diagnosis)) codes.set(diagnosis, '')
    return [...codes.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([code, name]) => ({ value: code, label: name ? `${code} · ${name}` : code }))
  }, [offered, diagnosis])

  // A system the catalogue does not name (removed from it) is said so, never shown by its id.
  const unnamed = t`Sin nombre en el catálogo`
  const shown = useMemo<ListRow[]>(
    () =>
      (index?.rows ?? []).map((row) => ({
        ...row,
        affected_system_name: row.affected_system_name ?? unnamed,
        id: `${row.affected_system_id}|${row.code}|${row.patient_id}`,
        diagnosis_label: `${row.code} · ${row.diagnosis}`,
        last_label: formatDate(row.last_consultation_day),
      })),
    [index, unnamed],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<ListRow>>(
    () => ({
      columns: [
        // The system, the diagnosis and the patient are what the index is about: always in view
        // (the system as the data column that gives way last, which the table never hides).
        { key: 'affected_system_name', title: t`Aparato o sistema afectado`, isSearch: true, priority: 2 },
        { key: 'diagnosis_label', title: t`Diagnóstico`, isSearch: true, priority: 0 },
        { key: 'patient_name', title: t`Paciente`, isSearch: true, priority: 0 },
        { key: 'payroll_number', title: t`Número de nómina`, isSearch: true, priority: 5 },
        { key: 'consultations', title: t`Consultas`, priority: 3 },
        { key: 'last_label', title: t`Última consulta`, priority: 4 },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          // One way on per row, the evolution (which leads back to the record) or else the record.
          component: (row) =>
            canSeeEvolution ? (
              <Link
                to="/digital-record/patient-evolution/$patientId"
                params={{ patientId: row.patient_id }}
                className="button"
                data-variant="ghost"
              >
                <Trans>Evolución</Trans>
                <span className="visually-hidden"> {row.patient_name}</span>
              </Link>
            ) : canSeeRecord ? (
              <Link
                to="/patients/record/$id"
                params={{ id: row.patient_id }}
                className="button"
                data-variant="ghost"
              >
                <Trans>Expediente</Trans>
                <span className="visually-hidden"> {row.patient_name}</span>
              </Link>
            ) : null,
        },
      ],
    }),
    [i18n.locale, canSeeEvolution, canSeeRecord],
  )

  const download = async () => {
    if (!index) return
    setExporting(true)
    setFailure(null)
    try {
      const { downloadAffectedSystemsSheet } = await import('./affected-systems-sheet')
      await downloadAffectedSystemsSheet(index.rows, i18n.locale === 'en' ? 'en' : 'es')
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setExporting(false)
    }
  }

  const title = t`Concentrado de aparatos y sistemas`
  if (systemsHeld === false) {
    // Offline before the first refresh, the systems' names are not here yet: no row without one.
    return (
      <section className="page affected-systems-index">
        <PageHeader title={title} />
        <p role="status">
          <Trans>
            Los nombres de los aparatos y sistemas aún no llegan a este dispositivo. El concentrado se
            mostrará en cuanto lleguen, al haber conexión.
          </Trans>
        </p>
      </section>
    )
  }
  if (!db || !index) return <Spinner />
  return (
    <section className="page affected-systems-index">
      <PageHeader title={title}>
        <Button variant="secondary" loading={exporting} onClick={() => void download()}>
          <Trans>Descargar</Trans>
        </Button>
      </PageHeader>
      <RangePicker
        value={range}
        onChange={(next) =>
          choose({
            period: next.preset,
            from: next.preset === 'custom' ? next.custom.from : undefined,
            to: next.preset === 'custom' ? next.custom.to : undefined,
          })
        }
        presets={EVOLUTION_RANGE_PRESETS}
      />
      <div className="affected-systems-index__filters">
        <SelectField
          label={t`Aparato o sistema afectado`}
          placeholder={t`Todos`}
          value={system}
          onChange={(event) => choose({ system: event.target.value, diagnosis: undefined })}
          options={(systems ?? [])
            .filter((entry) => entry.active || entry.id === system)
            .map((entry) => ({ value: entry.id, label: entry.name }))}
        />
        <SelectField
          label={t`Diagnóstico`}
          placeholder={t`Todos`}
          value={diagnosis}
          onChange={(event) => choose({ diagnosis: event.target.value })}
          options={diagnosisOptions}
        />
        <ScopeFilterFields value={chosen} onChange={(scope) => choose({ ...scope })} />
      </div>
      {index.systems.length > 0 && (
        <ul className="affected-systems-index__systems" aria-label={t`Aparatos y sistemas en el periodo`}>
          {index.systems.map((entry) => (
            <li key={entry.affected_system_id}>
              <strong>{entry.name ?? unnamed}</strong>{' '}
              <span>
                <Plural value={entry.consultations} one="# consulta" other="# consultas" /> ·{' '}
                <Plural value={entry.patients} one="# paciente" other="# pacientes" />
              </span>
            </li>
          ))}
        </ul>
      )}
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={title}
        source={{ kind: 'local', rows: shown, ordered: true }}
        rowKey={(row) => row.id}
      />
    </section>
  )
}
