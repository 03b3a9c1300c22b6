import { Trans } from '@lingui/react/macro'

/** One column of the table: a plotted series' name and its value at each row's label. */
export interface ChartValuesColumn {
  key: string
  name: string
  /** One per label; null where the series has no value. */
  values: readonly (number | null)[]
}

/**
 * A chart's plotted values as a table for screen readers (the canvas is only a picture): one row
 * per label, one column per series, visually hidden.
 */
export function ChartValuesTable({
  caption,
  labels,
  columns,
}: {
  caption: string
  labels: readonly string[]
  columns: readonly ChartValuesColumn[]
}) {
  return (
    // Hidden by a wrapper: a table grows to its content whatever width the class gives it.
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Fecha</Trans>
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            // Labels repeat when two readings share a minute; their position keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the chart's points, in order
            <tr key={`${label}-${index}`}>
              <th scope="row">{label}</th>
              {columns.map((column) => (
                <td key={column.key}>{column.values[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
