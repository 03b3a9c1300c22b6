import { useVirtualizer } from '@tanstack/react-virtual'
import { Fragment, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react'
import type { Column } from './config'
import { cellValue } from './local-rows'

export interface RowListProps<Row> {
  rows: readonly Row[]
  /** The visible columns. */
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  onRowClick?: ((row: Row) => void) | undefined
  rowClassName?: ((row: Row) => string | undefined) | undefined
  /** The columns that gave way to the width: shown under a row once it is expanded. */
  hidden: Column<Row>[]
  /** The keys of the expanded rows. */
  expanded: ReadonlySet<string>
  onToggle: (key: string) => void
  /** The expand button's name for a row ("Más datos de …"). */
  expandLabel: string
}

/** An estimate only: rows are measured once drawn. A row is at least the 48px touch target. */
const ROW_ESTIMATE = 53

function show(value: unknown): ReactNode {
  if (value == null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** SPEC §3: rows carrying triage_classification or pid get them as style classes. */
function classesOf<Row>(row: Row, extra: ((row: Row) => string | undefined) | undefined): string | undefined {
  const triage = cellValue(row, 'triage_classification')
  const pid = cellValue(row, 'pid')
  const names = [
    triage != null && triage !== '' ? `triage-${String(triage)}` : undefined,
    pid != null && pid !== '' ? `pid-${String(pid)}` : undefined,
    extra?.(row),
  ].filter(Boolean)
  return names.length > 0 ? names.join(' ') : undefined
}

function cellOf<Row>(row: Row, column: Column<Row>): ReactNode {
  return column.component ? column.component(row) : show(cellValue(row, column.key))
}

/** A click on a control inside the row (an action button, a link) is that control's, not the row's. */
const fromControl = (event: MouseEvent<HTMLTableRowElement>) =>
  event.target instanceof Element &&
  event.target !== event.currentTarget &&
  event.target.closest('a, button, input, select, textarea, label, [role="button"]') !== null

function BodyRow<Row>({
  row,
  rowKey,
  columns,
  onRowClick,
  rowClassName,
  hidden,
  expanded,
  onToggle,
  expandLabel,
  index,
  measure,
}: Omit<RowListProps<Row>, 'rows'> & {
  row: Row
  index: number
  measure?: (element: HTMLTableRowElement | null) => void
}) {
  const key = rowKey(row)
  const open = hidden.length > 0 && expanded.has(key)
  const detailsId = `row-details-${index}`
  const activate = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return
    event.preventDefault()
    onRowClick?.(row)
  }
  return (
    <>
      <tr
        ref={measure}
        data-index={index}
        aria-rowindex={index + 2}
        className={classesOf(row, rowClassName)}
        data-clickable={onRowClick ? true : undefined}
        // A clickable row is reachable and usable from the keyboard (Enter or Space), like a link.
        tabIndex={onRowClick ? 0 : undefined}
        onClick={onRowClick ? (event) => fromControl(event) || onRowClick(row) : undefined}
        onKeyDown={onRowClick ? activate : undefined}
      >
        {columns.map((column) => (
          <td key={column.key} data-action={column.isAction || undefined} data-title={column.title}>
            {cellOf(row, column)}
          </td>
        ))}
        {hidden.length > 0 && (
          <td className="data-table__expand">
            <button
              type="button"
              className="data-table__expand-button"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={expandLabel}
              onClick={() => onToggle(key)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          </td>
        )}
      </tr>
      {open && (
        <tr className="data-table__details" id={detailsId}>
          <td colSpan={columns.length + 1}>
            <dl>
              {hidden.map((column) => (
                <Fragment key={column.key}>
                  <dt>{column.title}</dt>
                  <dd>{cellOf(row, column)}</dd>
                </Fragment>
              ))}
            </dl>
          </td>
        </tr>
      )}
    </>
  )
}

/** Every row of the page, drawn. */
export function PlainRows<Row>({ rows, ...rest }: RowListProps<Row>) {
  return rows.map((row, index) => <BodyRow key={rest.rowKey(row)} row={row} index={index} {...rest} />)
}

/**
 * Only the rows in (and near) the scroll box are drawn; spacer rows keep the scroll height, so
 * the table stays a real table for assistive technology (aria-rowindex tells each row's place).
 */
export function VirtualRows<Row>({
  rows,
  scrollRef,
  ...rest
}: RowListProps<Row> & { scrollRef: RefObject<HTMLDivElement | null> }) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    // Before the box is measured (and where nothing is laid out), draw a screenful.
    initialRect: { width: 1024, height: 640 },
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  const span = rest.columns.length + (rest.hidden.length > 0 ? 1 : 0)
  return (
    <>
      {before > 0 && (
        <tr className="data-table__spacer">
          <td colSpan={span} style={{ height: before }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index]
        if (row === undefined) return null
        return (
          <BodyRow
            key={rest.rowKey(row)}
            row={row}
            index={item.index}
            measure={virtualizer.measureElement}
            {...rest}
          />
        )
      })}
      {after > 0 && (
        <tr className="data-table__spacer">
          <td colSpan={span} style={{ height: after }} />
        </tr>
      )}
    </>
  )
}
