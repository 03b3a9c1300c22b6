import { Trans, useLingui } from '@lingui/react/macro'
import {
  BarController,
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { useId } from 'react'
import { Chart } from 'react-chartjs-2'
import type { DisabilityGraph } from '../../contract/schemas/disabilities'

ChartJS.register(CategoryScale, LinearScale, BarElement, BarController, Tooltip, Legend)

/** One colour per modality, in order, readable on white and apart for colour-blind eyes. */
const PALETTE = ['#0b7a75', '#b3541e', '#1d64d8', '#8a5a00', '#7b3fa0', '#3d6b1f', '#a32e5b']

/** A month YYYY-MM as the axis reads it (SPEC §9's order: 2026/03). */
const monthLabel = (month: string) => month.replace('-', '/')

/**
 * The disabilities' data graph (SPEC §7 `/patients/incapacities/data-graph`): the days lost under
 * each modality in each month, stacked, as `disabilityGraph` counts them on the device (the
 * server's call counts them by the same function). The canvas has a text alternative: its name
 * and the figures in a visually hidden table.
 */
export function LostDaysChart({ graph }: { graph: DisabilityGraph }) {
  const { t } = useLingui()
  const titleId = useId()
  const name = t`Días perdidos por tipo y mes`
  const data: ChartData<'bar', number[], string> = {
    labels: graph.months.map(monthLabel),
    datasets: graph.series.map((line, index) => ({
      label: line.type_name || t`Sin modalidad`,
      data: line.days,
      backgroundColor: PALETTE[index % PALETTE.length],
      stack: 'days',
    })),
  }
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { stacked: true, ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
      y: {
        stacked: true,
        beginAtZero: true,
        ticks: { precision: 0 },
        title: { display: true, text: t`Días` },
      },
    },
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
  }
  return (
    <section className="form-card lost-days-chart" aria-labelledby={titleId}>
      <h2 id={titleId} className="lost-days-chart__title">
        {name}
      </h2>
      {graph.total_days === 0 ? (
        <p className="form-hint">
          <Trans>No hay días perdidos con estos filtros.</Trans>
        </p>
      ) : (
        <figure className="lost-days-chart__figure">
          <div className="lost-days-chart__canvas">
            <Chart type="bar" data={data} options={options} role="img" aria-label={name} />
          </div>
          <div className="visually-hidden">
            <table>
              <caption>{name}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Mes`}</th>
                  {graph.series.map((line) => (
                    <th key={line.type_id} scope="col">
                      {line.type_name || t`Sin modalidad`}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {graph.months.map((month, index) => (
                  <tr key={month}>
                    <th scope="row">{monthLabel(month)}</th>
                    {graph.series.map((line) => (
                      <td key={line.type_id}>{line.days[index] ?? 0}</td>
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
