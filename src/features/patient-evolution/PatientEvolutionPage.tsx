import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { EvolutionChartData } from '../../contract/schemas/patient-evolution'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { EVOLUTION_RANGE_PRESETS } from '../../ui/charts/date-range'
import { RangePicker } from '../../ui/charts/RangePicker'
import { useRange } from '../../ui/charts/use-range'
import { chunkOf, FromChunk } from '../../ui/lazy-chunk'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { EvolutionNotes } from './EvolutionNotes'
import { EVOLUTION_CHARTS, plottedSeries } from './evolution-charts'
import { CHART_TITLES } from './evolution-texts'
import { usePatientEvolution } from './use-patient-evolution'
import './patient-evolution.css'

// chart.js is loaded with the first chart drawn, not with the page.
const evolutionChart = chunkOf(() => import('./EvolutionChart'))

/**
 * SPEC §2 `/digital-record/patient-evolution/{patient_id}` (issue 24): the patient's vital signs,
 * blood pressure, glucose and somatometry over a chosen period, on charts where the consultations
 * are marked, and the period's evolution notes — all from the device, so it works offline and
 * shows at once what was recorded here. The server's `chart-data` and `notes-evolution` answer the
 * same from the same functions (decision 0034).
 */
export function PatientEvolutionPage({ patientId }: { patientId: string }) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const range = useRange('3m')
  const evolution = usePatientEvolution(db, patientId, range.bounds)
  const session = currentSession()
  const title = t`Evolución del paciente`

  if (!db || !evolution) return <Spinner />
  const { patient, chart, notes } = evolution
  if (!patient) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <p>
          <Trans>Este paciente no está en este dispositivo.</Trans>
        </p>
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }
  const name = [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
  const consultations = chart.consultations.length
  return (
    <section className="page patient-evolution">
      <PageHeader title={title}>
        <Link
          to="/patients/record/$id"
          params={{ id: patientId }}
          className="button"
          data-variant="secondary"
        >
          <Trans>Volver al expediente</Trans>
        </Link>
      </PageHeader>
      <p className="patient-evolution__patient">
        <strong>{name}</strong>
        {typeof patient.curp === 'string' && patient.curp && <> · {patient.curp}</>}
      </p>
      <RangePicker value={range.choice} onChange={range.setChoice} presets={EVOLUTION_RANGE_PRESETS} />
      <div className="patient-evolution__summary">
        <p>
          <Plural
            value={consultations}
            one="# consulta marcada en el periodo"
            other="# consultas marcadas en el periodo"
          />
        </p>
        <MarksLegend />
      </div>
      <div className="patient-evolution__charts">
        {EVOLUTION_CHARTS.map((group) => (
          <ChartPanel key={group.key} group={group} data={chart} />
        ))}
      </div>
      <EvolutionNotes
        patientId={patientId}
        notes={notes}
        canOpenConsultation={hasPermission(session, 'medical-consultation-edit')}
        canOpenTriage={hasPermission(session, 'covid-history')}
      />
    </section>
  )
}

/** One chart with its title; a measure with nothing in the period says so instead of an empty grid. */
function ChartPanel({ group, data }: { group: (typeof EVOLUTION_CHARTS)[number]; data: EvolutionChartData }) {
  const { i18n } = useLingui()
  const titleId = useId()
  const title = i18n._(CHART_TITLES[group.key])
  const empty = plottedSeries(group, data).length === 0
  return (
    <section className="evolution-chart" aria-labelledby={titleId}>
      <h2 id={titleId} className="evolution-chart__title">
        {title}
      </h2>
      {empty ? (
        <p className="evolution-chart__empty" role="status">
          <Trans>No hay registros en este periodo.</Trans>
        </p>
      ) : (
        <FromChunk
          chunk={evolutionChart}
          props={{ title, group, data }}
          placeholder={<div className="evolution-chart__canvas" aria-busy="true" />}
          unavailable={
            <p className="evolution-chart__empty" role="status">
              <Trans>El gráfico se mostrará cuando vuelva la conexión.</Trans>
            </p>
          }
        />
      )}
    </section>
  )
}

/** What the lines and point shapes on the charts stand for. */
function MarksLegend() {
  const { t } = useLingui()
  return (
    <ul className="evolution-legend" aria-label={t`Cómo leer las gráficas`}>
      <li>
        <svg className="evolution-legend__mark" viewBox="0 0 8 20" aria-hidden="true">
          <line x1="4" y1="0" x2="4" y2="20" data-source="consultation" />
        </svg>
        <Trans>Consulta médica (◆)</Trans>
      </li>
      <li>
        <svg className="evolution-legend__mark" viewBox="0 0 8 20" aria-hidden="true">
          <line x1="4" y1="0" x2="4" y2="20" data-source="triage" />
        </svg>
        <Trans>Triage COVID (▲)</Trans>
      </li>
      <li>
        <Trans>Lectura (●)</Trans>
      </li>
    </ul>
  )
}
