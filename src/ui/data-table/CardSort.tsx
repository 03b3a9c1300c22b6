import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Column } from './config'

type Direction = 'asc' | 'desc'

/**
 * The order of a table shown as cards (a phone): one "Ordenar por" select and a direction
 * button on one line, where the headers' sort buttons took a line each once wrapped.
 */
export function CardSort<Row>({
  columns,
  sortBy,
  sort,
  onSortBy,
  onDirection,
}: {
  columns: readonly Column<Row>[]
  sortBy: string | undefined
  sort: Direction
  onSortBy: (key: string) => void
  onDirection: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const sortable = columns.filter((column) => column.isSort && !column.isAction)
  if (sortable.length === 0) return null
  const ascending = sort === 'asc'
  return (
    <div className="data-table__card-sort">
      <label htmlFor={id}>{t`Ordenar por`}</label>
      <select
        id={id}
        className="data-table__select"
        value={sortBy ?? ''}
        onChange={(event) => onSortBy(event.target.value)}
      >
        {/* A list with an order of its own (the most urgent first) names it rather than a blank. */}
        {sortBy === undefined && <option value="">{t`Orden de la lista`}</option>}
        {sortable.map((column) => (
          <option key={column.key} value={column.key}>
            {column.title}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="data-table__direction"
        onClick={onDirection}
        aria-label={
          ascending ? t`Orden ascendente; cambiar a descendente` : t`Orden descendente; cambiar a ascendente`
        }
        title={ascending ? t`Orden ascendente` : t`Orden descendente`}
      >
        <span aria-hidden="true">{ascending ? '▲' : '▼'}</span>
      </button>
    </div>
  )
}
