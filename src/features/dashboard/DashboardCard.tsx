import { Trans } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { chunkOf, FromChunk } from '../../ui/lazy-chunk'
import type { DashboardChartProps } from './DashboardChart'

/** chart.js in a chunk of its own: the figures paint first, the charts follow. */
const dashboardChart = chunkOf(() => import('./DashboardChart'))

/** A dashboard item: its title, its figures and its chart. */
export function DashboardCard({
  title,
  children,
  wide = false,
  action,
}: {
  title: ReactNode
  children: ReactNode
  /** Two columns of the grid where there is room (the charts by month). */
  wide?: boolean
  /** A link beside the title (the list behind the whole item). */
  action?: ReactNode
}) {
  const titleId = useId()
  return (
    <section className="dashboard-card" data-wide={wide || undefined} aria-labelledby={titleId}>
      <header className="dashboard-card__header">
        <h2 id={titleId} className="dashboard-card__title">
          {title}
        </h2>
        {action}
      </header>
      {children}
    </section>
  )
}

/** One figure of a list: its name and number, a link to the list behind it when there is one. */
export interface CountRow {
  key: string
  label: ReactNode
  count: number
  /** Where the number comes from (the list filtered so), when the user may open it. */
  to?: LinkProps
  /** Indented under the row before (a sublabel under its label). */
  nested?: boolean
}

export function CountList({ rows, label }: { rows: readonly CountRow[]; label?: string }) {
  return (
    <ul className="dashboard-counts" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} data-nested={row.nested || undefined}>
          {row.to ? (
            <Link {...row.to} className="dashboard-counts__row">
              <span>{row.label}</span> <strong>{row.count}</strong>
            </Link>
          ) : (
            <span className="dashboard-counts__row">
              <span>{row.label}</span> <strong>{row.count}</strong>
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * A chart once its chunk has loaded; until then the room it takes, so nothing moves. Offline
 * without the chunk, the figures above it stay and the chart says when it will come.
 */
export function LazyChart(props: DashboardChartProps) {
  return (
    <FromChunk
      chunk={dashboardChart}
      props={props}
      placeholder={<div className="dashboard-chart" />}
      unavailable={
        <p className="dashboard-chart dashboard-chart--unavailable" role="status">
          <Trans>El gráfico se mostrará cuando vuelva la conexión.</Trans>
        </p>
      }
    />
  )
}
