import { useLingui } from '@lingui/react/macro'
import {
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js'
import { useMemo } from 'react'
import { Chart } from 'react-chartjs-2'
import type {
  EvolutionChartData,
  EvolutionMark,
  EvolutionSource,
} from '../../contract/schemas/patient-evolution'
import { ChartValuesTable } from '../../ui/charts/ChartValuesTable'
import { seriesColor } from '../../ui/charts/palette'
import { formatDate, formatDateTime } from '../../ui/format-date'
import { type EvolutionChartGroup, plottedSeries, valuesByInstant } from './evolution-charts'
import { MEASURE_NAMES, SOURCE_NAMES } from './evolution-texts'

// A time axis without a date adapter: instants as milliseconds on a linear scale, named by formatDate.
ChartJS.register(LinearScale, PointElement, LineElement, LineController, Tooltip, Legend)

/** A point as the chart holds it: the instant (ms), the value and where it was taken. */
interface Plotted {
  x: number
  y: number
  source: EvolutionSource
}

/** How each source's points look, so a consultation's value stands apart from a reading's. */
const POINT_STYLES: Record<EvolutionSource, 'rectRot' | 'triangle' | 'circle'> = {
  consultation: 'rectRot',
  triage: 'triangle',
  reading: 'circle',
}

/** The consultations' lines on the time axis: a medical consultation dashed, a triage dotted. */
export const MARK_STYLES: Record<EvolutionMark['source'], { color: string; dash: number[] }> = {
  consultation: { color: '#4a5361', dash: [6, 4] },
  triage: { color: '#b3541e', dash: [2, 3] },
}

/** Draws each consultation as a vertical line behind the points. */
function consultationLines(marks: readonly EvolutionMark[]): Plugin<'line'> {
  return {
    id: 'consultationLines',
    beforeDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart
      const x = scales.x
      if (!x) return
      ctx.save()
      ctx.lineWidth = 1.5
      for (const mark of marks) {
        const pixel = x.getPixelForValue(Date.parse(mark.at))
        if (pixel < chartArea.left || pixel > chartArea.right) continue
        const style = MARK_STYLES[mark.source]
        ctx.strokeStyle = style.color
        ctx.setLineDash(style.dash)
        ctx.beginPath()
        ctx.moveTo(pixel, chartArea.top)
        ctx.lineTo(pixel, chartArea.bottom)
        ctx.stroke()
      }
      ctx.restore()
    },
  }
}

/**
 * One chart of a patient's evolution (issue 24): its measures over the period on a time axis that
 * spans the whole period, each point shaped by where it was taken, the consultations drawn as
 * lines. Loaded only when a chart is shown (chart.js is large). The canvas is named for screen
 * readers, which read its values and the consultations from a hidden table instead.
 */
export default function EvolutionChart({
  title,
  group,
  data,
}: {
  title: string
  group: EvolutionChartGroup
  data: EvolutionChartData
}) {
  const { t, i18n } = useLingui()
  const series = plottedSeries(group, data)
  const start = new Date(`${data.from}T00:00:00`).getTime()
  const end = new Date(`${data.to}T23:59:59.999`).getTime()
  const plugins = useMemo(() => [consultationLines(data.consultations)], [data.consultations])

  const chartData: ChartData<'line', Plotted[]> = {
    datasets: series.map(({ measure, axis, points }, index) => ({
      label: i18n._(MEASURE_NAMES[measure]),
      data: points.map((point) => ({ x: Date.parse(point.at), y: point.value, source: point.source })),
      yAxisID: axis,
      borderColor: seriesColor(index),
      backgroundColor: seriesColor(index),
      pointStyle: (context) => POINT_STYLES[(context.raw as Plotted | undefined)?.source ?? 'reading'],
      pointRadius: 5,
      pointHoverRadius: 7,
      borderWidth: 2,
    })),
  }
  const usesRightAxis = series.some(({ axis }) => axis === 'y1')
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    parsing: false,
    interaction: { mode: 'nearest', intersect: false },
    scales: {
      x: {
        type: 'linear',
        min: start,
        max: end,
        ticks: { maxTicksLimit: 5, maxRotation: 0, callback: (value) => formatDate(Number(value)) },
      },
      y: { type: 'linear', position: 'left' },
      y1: { type: 'linear', display: usesRightAxis, position: 'right', grid: { drawOnChartArea: false } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, usePointStyle: true } },
      tooltip: {
        callbacks: {
          title: (items) => (items[0] ? formatDateTime(items[0].parsed.x ?? 0) : ''),
          afterLabel: (item) => i18n._(SOURCE_NAMES[(item.raw as Plotted).source]),
        },
      },
    },
  }

  const table = valuesByInstant(series)
  const from = formatDate(data.from)
  const to = formatDate(data.to)
  return (
    <figure className="evolution-chart__figure">
      <div className="evolution-chart__canvas">
        <Chart
          type="line"
          data={chartData}
          options={options}
          plugins={plugins}
          role="img"
          aria-label={t`${title} del ${from} al ${to}`}
        />
      </div>
      <ChartValuesTable
        caption={title}
        labels={table.instants.map((at) => formatDateTime(at))}
        columns={table.columns.map(({ measure, values }) => ({
          key: measure,
          name: i18n._(MEASURE_NAMES[measure]),
          values,
        }))}
      />
    </figure>
  )
}
