import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { Chart } from 'react-chartjs-2'

// Only the pieces the dashboard draws: bars (stacked or not) and doughnuts, with tooltips and legends.
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
)

/** Colours readable on white and apart for colour-blind eyes, in order. */
export const PALETTE = [
  '#0b7a75',
  '#b3541e',
  '#1d64d8',
  '#8a5a00',
  '#7b3fa0',
  '#546e7a',
  '#2e7d32',
  '#c62828',
]

export interface ChartSeries {
  label: string
  values: number[]
  color?: string
}

export interface DashboardChartProps {
  kind: 'bar' | 'doughnut'
  labels: string[]
  series: ChartSeries[]
  /** Bars across (long names read better so), and stacked series. */
  horizontal?: boolean
  stacked?: boolean
  /** One colour per bar or slice (a single series), instead of one per series. */
  colors?: string[]
}

/**
 * A dashboard item's chart, loaded in a chunk of its own after the figures are on screen (the
 * dashboard's first paint never waits for chart.js). The canvas only draws what the card already
 * lists in words and numbers, so assistive technology skips it.
 */
export default function DashboardChart({
  kind,
  labels,
  series,
  horizontal,
  stacked,
  colors,
}: DashboardChartProps) {
  const data: ChartData<'bar' | 'doughnut', number[], string> = {
    labels,
    datasets: series.map((entry, index) => {
      const color = entry.color ?? PALETTE[index % PALETTE.length] ?? '#0b7a75'
      return {
        label: entry.label,
        data: entry.values,
        backgroundColor: colors ?? color,
        borderColor: kind === 'doughnut' ? '#ffffff' : (colors ?? color),
        borderWidth: kind === 'doughnut' ? 2 : 0,
      }
    }),
  }
  const options: ChartOptions<'bar' | 'doughnut'> =
    kind === 'doughnut'
      ? {
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
        }
      : {
          responsive: true,
          maintainAspectRatio: false,
          indexAxis: horizontal ? 'y' : 'x',
          scales: {
            x: { stacked, ticks: { autoSkip: true, maxRotation: 0 } },
            y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
          },
          plugins: { legend: { display: series.length > 1, position: 'bottom', labels: { boxWidth: 12 } } },
        }
  return (
    <div className="dashboard-chart">
      <Chart type={kind} data={data} options={options} aria-hidden="true" />
    </div>
  )
}
