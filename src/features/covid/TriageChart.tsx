import { Trans, useLingui } from '@lingui/react/macro'
import {
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { useId } from 'react'
import { Chart } from 'react-chartjs-2'
import type { LocalCovidConsultation } from '../../db/local-db'
import { formatDateTime } from '../../ui/format-date'

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, LineController, Tooltip, Legend)

const COLORS = { temperature: '#b3541e', oximetry: '#1d64d8', respiratory: '#0b7a75' }

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null)

/**
 * Temperature, oximetry and respiratory rate of the patient's triage consultations over time
 * (`/medic-consultation/graph/{id}`), drawn from the device's rows so it works offline. The canvas
 * has a text alternative: its name and the plotted values in a visually hidden table.
 */
export function TriageChart({ consultations }: { consultations: readonly LocalCovidConsultation[] }) {
  const { t } = useLingui()
  const titleId = useId()
  const points = [...consultations]
    .sort((a, b) => a.consulted_at.localeCompare(b.consulted_at))
    .map((row) => ({
      label: formatDateTime(row.consulted_at),
      temperature: numberOr(row.temperature_c),
      oximetry: numberOr(row.oximetry),
      respiratory: numberOr(row.respiratory_rate),
    }))
    .filter((point) => point.temperature !== null || point.oximetry !== null || point.respiratory !== null)
  const names = {
    temperature: t`Temperatura (°C)`,
    oximetry: t`Oximetría (%)`,
    respiratory: t`Frecuencia respiratoria (rpm)`,
  }
  const series = ['temperature', 'oximetry', 'respiratory'] as const
  const data: ChartData<'line', (number | null)[], string> = {
    labels: points.map((point) => point.label),
    datasets: series.map((key) => ({
      label: names[key],
      data: points.map((point) => point[key]),
      yAxisID: key === 'oximetry' ? 'y' : 'y1',
      borderColor: COLORS[key],
      backgroundColor: COLORS[key],
      pointRadius: 4,
      spanGaps: true,
    })),
  }
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
      y: { position: 'left', suggestedMin: 85, suggestedMax: 100 },
      y1: { position: 'right', grid: { drawOnChartArea: false }, suggestedMin: 10, suggestedMax: 40 },
    },
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
  }
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="covid-card__title">
        <Trans>Evolución de signos vitales</Trans>
      </h2>
      {points.length === 0 ? (
        <p className="covid-card__empty">
          <Trans>Sin signos vitales registrados.</Trans>
        </p>
      ) : (
        <figure className="covid-chart-figure">
          <div className="covid-chart">
            <Chart
              type="line"
              data={data}
              options={options}
              role="img"
              aria-label={t`Temperatura, oximetría y frecuencia respiratoria por consulta`}
            />
          </div>
          <div className="visually-hidden">
            <table>
              <caption>{t`Signos vitales por consulta`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Fecha`}</th>
                  {series.map((key) => (
                    <th key={key} scope="col">
                      {names[key]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {points.map((point, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the chart's points, in order
                  <tr key={`${point.label}-${index}`}>
                    <th scope="row">{point.label}</th>
                    {series.map((key) => (
                      <td key={key}>{point[key] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </section>
  )
}
