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
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { Chart } from 'react-chartjs-2'
import type { BloodPressureRange } from '../../contract/schemas/catalogs'
import type { ReadingKind } from '../../contract/schemas/readings'
import { formatDate } from '../format-date'
import { ChartValuesTable } from './ChartValuesTable'
import { type ChartRows, chartSeries } from './chart-series'
import { type DayRange, inDayRange } from './date-range'
import { seriesColor } from './palette'
import { useSeriesTexts } from './use-series-texts'
import './charts.css'

// Only the pieces these charts draw: category x axis, linear y axes, lines, bars, tooltip, legend.
ChartJS.register(
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  LineController,
  BarController,
  Tooltip,
  Legend,
)

type Data = ChartData<'line' | 'bar', (number | null)[], string>

export interface ReadingsChartProps<K extends ReadingKind> {
  kind: K
  rows: ChartRows[K]
  /** The days shown (YYYY-MM-DD, both included); readings outside them are left out. */
  from: string
  to: string
  /** The tenant's blood-pressure ranges, to colour each reading by its category. */
  bloodPressureRanges?: readonly BloodPressureRange[]
}

const readable = (day: string) => formatDate(day)

/**
 * A self-tracking kind's chart over a period (issue 7), from the rows the screen holds (Dexie,
 * so it works offline). The canvas has a text alternative: its name as aria-label and the
 * plotted values in a visually hidden table.
 */
export function ReadingsChart<K extends ReadingKind>({
  kind,
  rows,
  from,
  to,
  bloodPressureRanges = [],
}: ReadingsChartProps<K>) {
  const { t } = useLingui()
  const texts = useSeriesTexts()
  const range: DayRange = { from, to }
  // The rows of K stay rows of K once filtered; filter() cannot say so for a generic K.
  const shown = (rows as readonly ChartRows[ReadingKind][number][]).filter((row) =>
    inDayRange(row.taken_at, range),
  ) as unknown as ChartRows[K]
  const chart = chartSeries(kind, shown, bloodPressureRanges)
  const name = texts.charts[kind]
  const fromDay = readable(from)
  const toDay = readable(to)

  if (chart.labels.length === 0) {
    return (
      <div className="readings-chart readings-chart--empty" role="status">
        <Trans>No hay registros en este periodo.</Trans>
      </div>
    )
  }

  const color = seriesColor
  const data: Data = {
    labels: chart.labels,
    datasets: chart.series.map((series, index) => ({
      type: series.type,
      label: texts.series[series.key],
      data: series.values,
      yAxisID: series.axis,
      borderColor: color(index),
      backgroundColor: series.type === 'bar' ? `${color(index)}99` : color(index),
      pointBackgroundColor: series.colors?.map((point) => point ?? color(index)) ?? color(index),
      pointRadius: 4,
      spanGaps: true,
    })),
  }
  const usesRightAxis = chart.series.some((series) => series.axis === 'y1')
  const options: ChartOptions<'line' | 'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
      y: { beginAtZero: kind === 'nutrition' || kind === 'habit' },
      // The count of meals is whole and starts at none; the BMI keeps its own narrow scale.
      y1: {
        display: usesRightAxis,
        position: 'right',
        grid: { drawOnChartArea: false },
        beginAtZero: kind === 'nutrition',
        ticks: kind === 'nutrition' ? { precision: 0 } : {},
      },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: {
        callbacks: {
          afterLabel: (item) =>
            texts.detail(kind, chart.series[item.datasetIndex]?.details?.[item.dataIndex] ?? null) ?? '',
        },
      },
    },
  }

  return (
    <figure className="readings-chart-figure">
      <div className="readings-chart">
        <Chart
          type="line"
          data={data}
          options={options}
          role="img"
          aria-label={t`${name} del ${fromDay} al ${toDay}`}
        />
      </div>
      <ChartValuesTable
        caption={name}
        labels={chart.labels}
        columns={chart.series.map((one) => ({
          key: one.key,
          name: texts.series[one.key],
          values: one.values,
        }))}
      />
    </figure>
  )
}
