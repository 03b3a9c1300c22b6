import { useLingui } from '@lingui/react/macro'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { downloadDateStamp } from '../../contract/rules/dates'
import { Button } from '../Button'
import { Spinner } from '../Spinner'
import { type Column, type DataTableConfig, validateConfig } from './config'
import { pageKeepingFirstRow, type TableView } from './local-rows'
import { type TableSource, useLocalRows, useServerRows } from './use-table-rows'
import './data-table.css'

export type { Column, DataTableConfig } from './config'
export type { TableSource } from './use-table-rows'

/** SPEC §9: the search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 700
/** Past this many rows on a page, only the rows in sight are in the document. */
const VIRTUALIZE_FROM = 60
const ROW_HEIGHT = 48

export interface DataTableProps<Row> {
  config: DataTableConfig<Row>
  source: TableSource<Row>
  rowKey: (row: Row) => string
  /** What the table lists, for screen readers. */
  caption: string
  onRowClick?: (row: Row) => void
  rowClassName?: (row: Row) => string | undefined
  /** Offers a spreadsheet of the current view named `<exportName>_DD_MM_YYYY.xlsx`. */
  exportName?: string
  /** A new value reloads a server table (after a delete, say). */
  reloadToken?: unknown
  onError?: (error: unknown) => void
}

const cellValue = (row: unknown, key: string) => (row as Record<string, unknown>)[key]

/** SPEC §3: rows may carry `triage_classification` and `pid`, shown as style classes. */
function classesOf<Row>(row: Row, extra: string | undefined): string | undefined {
  const triage = cellValue(row, 'triage_classification')
  const pid = cellValue(row, 'pid')
  const classes = [
    typeof triage === 'string' && triage ? `triage-${triage}` : '',
    pid !== undefined && pid !== null && pid !== '' ? `pid-${String(pid)}` : '',
    extra ?? '',
  ].filter(Boolean)
  return classes.length > 0 ? classes.join(' ') : undefined
}

/**
 * The data table of SPEC §3–§5 and §9: server mode (one request per view) or local mode (rows
 * from the device, sorted, searched and paged here), with page sizes, a debounced search,
 * sortable headers, paging, an export of the view, and virtualized rows on long pages.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { source, rowKey, caption, onRowClick, rowClassName, exportName, reloadToken, onError } = props
  const { t } = useLingui()
  const config = useMemo(() => validateConfig(props.config), [props.config])
  const columns = useMemo(() => config.columns.filter((c) => !c.isHide), [config.columns])
  const [view, setView] = useState<TableView>({
    search: '',
    sortBy: config.sortBy,
    sort: config.sort,
    page: 1,
    pageLength: config.pageLength,
  })
  const [searchText, setSearchText] = useState('')

  // SPEC §4/§9: the search is trimmed, waits 700 ms, and starts again from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim()
      setView((current) => (current.search === search ? current : { ...current, search, page: 1 }))
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText])

  const local = useLocalRows(source.kind === 'local' ? source.rows : null, config.columns, view)
  const server = useServerRows(
    source.kind === 'server' ? source : null,
    config.columns,
    view,
    reloadToken,
    onError,
  )
  const rows = source.kind === 'local' ? local : server

  const sortBy = (column: Column<Row>) =>
    setView((current) => ({
      ...current,
      sortBy: column.key,
      sort: current.sortBy === column.key && current.sort === 'asc' ? 'desc' : 'asc',
    }))
  const changePageLength = (pageLength: number) =>
    setView((current) => ({ ...current, pageLength, page: pageKeepingFirstRow(rows.from, pageLength) }))
  const goTo = (page: number) => setView((current) => ({ ...current, page }))

  const exportView = async () => {
    const XLSX = await import('xlsx')
    const exported = columns.filter((c) => !c.isAction)
    const sheet = XLSX.utils.aoa_to_sheet([
      exported.map((c) => c.title),
      ...rows.viewRows.map((row) => exported.map((c) => cellValue(row, c.key) ?? '')),
    ])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, exportName?.slice(0, 31) || 'datos')
    XLSX.writeFile(book, `${exportName}_${downloadDateStamp(new Date())}.xlsx`)
  }

  const [before, after] = t`Mostrar _MENU_ registros por página`.split('_MENU_')
  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        <label className="data-table__page-size">
          <span>{before}</span>
          <select value={view.pageLength} onChange={(event) => changePageLength(Number(event.target.value))}>
            {config.menu.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <span>{after}</span>
        </label>
        <input
          className="data-table__search"
          type="search"
          aria-label={t`Buscar`}
          placeholder={t`Buscar...`}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        {exportName && (
          <Button variant="secondary" onClick={() => void exportView()} disabled={rows.viewRows.length === 0}>
            {t`Exportar a Excel`}
          </Button>
        )}
      </div>
      <TableBody
        caption={caption}
        columns={columns}
        rows={rows.data}
        status={rows.status}
        view={view}
        onSort={sortBy}
        rowKey={rowKey}
        onRowClick={onRowClick}
        rowClassName={rowClassName}
      />
      <div className="data-table__footer">
        <span aria-live="polite">
          {rows.total > 0 && rows.from !== null
            ? t`Mostrando ${rows.from} a ${rows.to} de ${rows.total} registros`
            : t`Mostrando 0 registros`}
        </span>
        <Pager page={rows.page} lastPage={rows.lastPage} onPage={goTo} />
      </div>
    </div>
  )
}

function TableBody<Row>(props: {
  caption: string
  columns: Column<Row>[]
  rows: readonly Row[]
  status: 'loading' | 'loaded' | 'error'
  view: TableView
  onSort: (column: Column<Row>) => void
  rowKey: (row: Row) => string
  onRowClick: ((row: Row) => void) | undefined
  rowClassName: ((row: Row) => string | undefined) | undefined
}) {
  const { caption, columns, rows, status, view, onSort, rowKey, onRowClick, rowClassName } = props
  const { t } = useLingui()
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = rows.length > VIRTUALIZE_FROM
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtual ? virtualizer.getVirtualItems() : []
  const shown = virtual
    ? items.map((item) => ({ row: rows[item.index] as Row, index: item.index }))
    : rows.map((row, index) => ({ row, index }))
  const padTop = virtual ? (items[0]?.start ?? 0) : 0
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0

  let message: ReactNode = null
  if (status === 'error') message = t`No fue posible cargar los registros.`
  else if (status === 'loaded' && rows.length === 0) message = t`No hay datos para mostrar`

  return (
    <div
      className="data-table__scroller"
      ref={scroller}
      data-virtual={virtual}
      aria-busy={status === 'loading'}
    >
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = view.sortBy === column.key
              return (
                <th
                  key={column.key}
                  scope="col"
                  style={column.width ? { width: column.width } : undefined}
                  aria-sort={sorted ? (view.sort === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.isSort && !column.isAction ? (
                    <button type="button" className="data-table__sort" onClick={() => onSort(column)}>
                      {column.title}
                      <span aria-hidden="true">{sorted ? (view.sort === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && <tr style={{ height: padTop }} />}
          {shown.map(({ row }) => (
            <tr
              key={rowKey(row)}
              className={classesOf(row, rowClassName?.(row))}
              data-clickable={onRowClick ? true : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={
                onRowClick
                  ? (event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row)
                    }
                  : undefined
              }
            >
              {columns.map((column) => (
                <td key={column.key}>
                  {column.component ? column.component(row) : String(cellValue(row, column.key) ?? '')}
                </td>
              ))}
            </tr>
          ))}
          {padBottom > 0 && <tr style={{ height: padBottom }} />}
          {(message || status === 'loading') && rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="data-table__message">
                {status === 'loading' ? <Spinner /> : message}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {status === 'error' && rows.length > 0 && (
        <p className="data-table__message" role="alert">
          {message}
        </p>
      )}
    </div>
  )
}

function Pager({
  page,
  lastPage,
  onPage,
}: {
  page: number
  lastPage: number
  onPage: (page: number) => void
}) {
  const { t } = useLingui()
  const numbers = [...new Set([1, page - 1, page, page + 1, lastPage])]
    .filter((n) => n >= 1 && n <= lastPage)
    .sort((a, b) => a - b)
  return (
    <nav className="data-table__pager" aria-label={t`Paginación`}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t`Anterior`}
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t`Siguiente`}
      </button>
    </nav>
  )
}
