import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useCatalogueEntries, useSubgroupItems } from '../../catalogs/use-catalog'
import type { AffectedSystemRow } from '../../documents/affected-systems-rows'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { EVOLUTION_RANGE_PRESETS } from '../../ui/charts/date-range'
import { RangePicker } from '../../ui/charts/RangePicker'
import { useRange } from '../../ui/charts/use-range'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { useAffectedSystemsIndex } from './use-affected-systems-index'
import './affected-systems-index.css'

/** A row with its key and the texts the table shows and searches. */
interface ListRow extends AffectedSystemRow {
  id: string
  diagnosis_label: string
  last_label: string
}

const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * SPEC §2 `/digital-record/affected-systems`, the concentrated index (issue 24): the patients in
 * the user's care (the device's cache) by affected system and diagnosis over a period, from their
 * consultations, with each system's consultations and patients above; filtered by period, system,
 * diagnosis and subgroup, searched, on the shared data table in local mode (works offline), and
 * downloaded as the spreadsheet the server's `/patients/affected-systems/excel` makes from the
 * same rows function.
 */
export function AffectedSystemsIndexPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const canSeeEvolution = hasPermission(session, 'patient-evolution-index')
  const canSeeRecord = hasPermission(session, 'patients-index')
  const db = useSyncEngine()?.db
  const range = useRange('3m')
  const [system, setSystem] = useState('')
  const [diagnosis, setDiagnosis] = useState('')
  const [subgroup, setSubgroup] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const systems = useCatalogueEntries('affected_system')
  const subgroups = useSubgroupItems()
  const systemNames = useMemo(
    () => (systems ? new Map(systems.map((entry) => [entry.id, entry.name])) : undefined),
    [systems],
  )
  const filter = {
    period: range.bounds,
    subgroup: subgroup || null,
    sublabels: null,
    timeZone: deviceTimeZone(),
    affectedSystem: system || null,
  }
  // The diagnoses offered are those of the period (and system) before one is chosen.
  const offered = useAffectedSystemsIndex(db, { ...filter, diagnosis: null }, systemNames)
  const index = useAffectedSystemsIndex(db, { ...filter, diagnosis: diagnosis || null }, systemNames)

  const diagnosisOptions = useMemo(() => {
    const codes = new Map<string, string>()
    for (const row of offered?.rows ?? []) if (!codes.has(row.code)) codes.set(row.code, row.diagnosis)
    return [...codes.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([code, name]) => ({ value: code, label: `${code} · ${name}` }))
  }, [offered])
  const subgroupOptions = subgroups.options

  const shown = useMemo<ListRow[]>(
    () =>
      (index?.rows ?? []).map((row) => ({
        ...row,
        id: `${row.affected_system_id}|${row.code}|${row.patient_id}`,
        diagnosis_label: `${row.code} · ${row.diagnosis}`,
        last_label: formatDate(row.last_consultation_day),
      })),
    [index],
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

  if (!db || !index) return <Spinner />
  const title = t`Concentrado de aparatos y sistemas`
  return (
    <section className="page affected-systems-index">
      <PageHeader title={title}>
        <Button variant="secondary" loading={exporting} onClick={() => void download()}>
          <Trans>Descargar</Trans>
        </Button>
      </PageHeader>
      <RangePicker value={range.choice} onChange={range.setChoice} presets={EVOLUTION_RANGE_PRESETS} />
      <div className="affected-systems-index__filters">
        <SelectField
          label={t`Aparato o sistema afectado`}
          placeholder={t`Todos`}
          value={system}
          onChange={(event) => {
            setSystem(event.target.value)
            setDiagnosis('')
          }}
          options={(systems ?? [])
            .filter((entry) => entry.active || entry.id === system)
            .map((entry) => ({ value: entry.id, label: entry.name }))}
        />
        <SelectField
          label={t`Diagnóstico`}
          placeholder={t`Todos`}
          value={diagnosis}
          onChange={(event) => setDiagnosis(event.target.value)}
          options={diagnosisOptions}
        />
        {subgroupOptions.length > 0 && (
          <SelectField
            label={t`Subgrupo`}
            placeholder={t`Todos`}
            value={subgroup}
            onChange={(event) => setSubgroup(event.target.value)}
            options={subgroupOptions}
          />
        )}
      </div>
      {index.systems.length > 0 && (
        <ul className="affected-systems-index__systems" aria-label={t`Aparatos y sistemas en el periodo`}>
          {index.systems.map((entry) => (
            <li key={entry.affected_system_id}>
              <strong>{entry.name}</strong>{' '}
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
