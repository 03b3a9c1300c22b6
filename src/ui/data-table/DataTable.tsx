import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button } from '../Button'
import { Spinner } from '../Spinner'
import { CardSort } from './CardSort'
import { type Column, type DataTableConfig, validateConfig } from './config'
import { exportRows } from './export'
import { pageKeepingFirstRow } from './local-rows'
import { Pager } from './Pager'
import { PlainRows, VirtualRows } from './RowList'
import { useColumnFit } from './use-column-fit'
import { type TableSource, useLocalRows, useServerRows } from './use-table-rows'
import './data-table.css'

export type { Column, DataTableConfig } from './config'
export { DataTableConfigError, validateConfig } from './config'
export { ENTRIES_FAIL_EVENT, type TableSource } from './use-table-rows'

/** SPEC §9: the search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 700

export interface DataTableProps<Row> {
  config: DataTableConfig<Row>
  /** A server endpoint answering SPEC §7's table request, or rows the device already holds. */
  source: TableSource<Row>
  rowKey: (row: Row) => string
  /** Names the table for assistive technology (visually hidden). */
  caption: string
  onRowClick?: (row: Row) => void
  rowClassName?: (row: Row) => string | undefined
  /** Shows the download button; the file is `${exportName}_DD_MM_YYYY.xlsx`. */
  exportName?: string
  /**
   * Shows the download button and makes the file itself from the rows the table holds under its
   * search and order (all pages): a screen whose spreadsheet is laid out by a shared function,
   * the server's download's, rather than by the table's columns.
   */
  onExport?: (rows: readonly Row[]) => Promise<void>
  /** Any change (a counter, a timestamp) fetches the server rows again. */
  reloadToken?: unknown
  /** Told when the rows cannot be fetched (after the 'Get entries fail' event) or exported. */
  onError?: (error: unknown) => void
  /** From how many rows on a page only the rows in view are drawn (default 50). */
  virtualizeFrom?: number
  /** Told the rows of the page shown whenever they change (a screen's "select the page"). */
  onPageRows?: (rows: readonly Row[]) => void
}

type Direction = 'asc' | 'desc'

/**
 * The list screens' table (SPEC §4, §5, §7): page size, search, sortable headers, pages and a
 * spreadsheet download, over a server endpoint or local rows. A wrong `config` throws on render.
 */
export function DataTable<Row>({
  config: given,
  source,
  rowKey,
  caption,
  onRowClick,
  rowClassName,
  exportName,
  onExport,
  reloadToken,
  onError,
  virtualizeFrom = 50,
  onPageRows,
}: DataTableProps<Row>) {
  const { t } = useLingui()
  const config = validateConfig(given)
  const wanted = config.columns.filter((column) => !column.isHide)
  const marked = config.columns.filter((column) => column.isSearch && !column.isAction).map((c) => c.key)
  // Locally, a table marking no column searchable searches what it shows (the server decides its own).
  const localSearchKeys = marked.length > 0 ? marked : wanted.filter((c) => !c.isAction).map((c) => c.key)

  const [pageLength, setPageLength] = useState(config.pageLength)
  const [page, setPage] = useState(1)
  const [sortBy, setSortBy] = useState(config.sortBy)
  const [sort, setSort] = useState<Direction>(config.sort)
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [retries, setRetries] = useState(0)
  const [exporting, setExporting] = useState(false)

  // New filters are a new list, like a new search: back to its first page (without a request
  // for the old page under the new filters, hence during render rather than in an effect).
  const filtersKey = source.kind === 'server' ? JSON.stringify(source.filters ?? {}) : ''
  const [filtered, setFiltered] = useState(filtersKey)
  if (filtered !== filtersKey) {
    setFiltered(filtersKey)
    setPage(1)
  }

  useEffect(() => {
    const next = typed.trim()
    if (next === search) return
    const timer = setTimeout(() => {
      setSearch(next)
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [typed, search])

  const view = useMemo(
    () => ({ search, sortBy, sort, page, pageLength }),
    [search, sortBy, sort, page, pageLength],
  )
  const reload = useMemo(() => [reloadToken, retries], [reloadToken, retries])
  const local = useLocalRows<Row>(source.kind === 'local' ? source.rows : null, localSearchKeys, view, {
    ordered: source.kind === 'local' ? source.ordered : undefined,
    total: source.kind === 'local' ? source.total : undefined,
    firstOrder: { sortBy: config.sortBy, sort: config.sort },
  })
  const server = useServerRows<Row>(source.kind === 'server' ? source : null, marked, view, reload, onError)
  const rows = source.kind === 'local' ? local : server

  const onPageRowsRef = useRef(onPageRows)
  onPageRowsRef.current = onPageRows
  useEffect(() => onPageRowsRef.current?.(rows.data), [rows.data])

  const boxRef = useRef<HTMLDivElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  // The columns that fit the width; a phone gets cards (use-column-fit.ts). The fit starts again
  // when other rows come into the page, not when the same rows come back as new objects (a cold
  // /patients gets its rows three times: the first page, with the catalogues' labels, and all of
  // them read after the first paint), which cost two more renders and layouts each time.
  const pageKey = rows.data.map(rowKey).join('\n')
  const { shown: columns, hidden, cards, squeezed } = useColumnFit(wanted, boxRef, scrollRef, pageKey)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const virtual = rows.data.length >= virtualizeFrom
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page, order or search starts at the top
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [rows.page, pageLength, sortBy, sort, search])

  const sortOn = (column: Column<Row>) => {
    if (column.key === sortBy) setSort((current) => (current === 'asc' ? 'desc' : 'asc'))
    else {
      setSortBy(column.key)
      setSort('asc')
    }
    setPage(1)
  }

  const changePageLength = (next: number) => {
    setPage(pageKeepingFirstRow(rows.from, next))
    setPageLength(next)
  }

  const download = async () => {
    if (!exportName && !onExport) return
    setExporting(true)
    try {
      if (onExport) await onExport(rows.viewRows)
      else if (exportName) await exportRows(rows.viewRows, config.columns, exportName)
    } catch (error) {
      onError?.(error)
    } finally {
      setExporting(false)
    }
  }

  const lengthId = useId()
  const lengthText = t`Mostrar _MENU_ registros por página`
  const [beforeMenu = '', afterMenu = ''] = lengthText.split('_MENU_')
  const menu = [...new Set([...config.menu, pageLength])].sort((a, b) => a - b)
  const from = rows.from ?? 0
  const to = rows.to ?? 0
  const total = rows.total
  const span = columns.length + (hidden.length > 0 ? 1 : 0)
  const rowProps = {
    rows: rows.data,
    columns,
    rowKey,
    onRowClick,
    rowClassName,
    hidden,
    expanded,
    onToggle: toggle,
    // Not the hidden columns' titles: a field's label ("CURP") must name that field alone.
    expandLabel: t`Más datos de la fila`,
  }

  return (
    <div
      className="data-table"
      ref={boxRef}
      data-loading={rows.status === 'loading' || undefined}
      data-cards={cards || undefined}
      data-squeezed={squeezed || undefined}
    >
      <div className="data-table__toolbar">
        <label className="data-table__length" htmlFor={lengthId}>
          <span aria-hidden="true">{beforeMenu.trim()}</span>
          <select
            id={lengthId}
            className="data-table__select"
            aria-label={`${beforeMenu.trim()} ${afterMenu.trim()}`.trim()}
            value={pageLength}
            onChange={(event) => changePageLength(Number(event.target.value))}
          >
            {menu.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <span aria-hidden="true">{afterMenu.trim()}</span>
        </label>
        <div className="data-table__tools">
          <input
            type="search"
            className="data-table__search"
            aria-label={t`Buscar`}
            placeholder={t`Buscar...`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {(exportName !== undefined || onExport !== undefined) && (
            <Button
              variant="secondary"
              loading={exporting}
              disabled={rows.status !== 'loaded' || rows.viewRows.length === 0}
              onClick={download}
            >
              {t`Descargar`}
            </Button>
          )}
        </div>
      </div>

      {cards && (
        <CardSort
          columns={columns}
          sortBy={sortBy}
          sort={sort}
          onSortBy={(key) => {
            setSortBy(key)
            setSort('asc')
            setPage(1)
          }}
          onDirection={() => {
            setSort((current) => (current === 'asc' ? 'desc' : 'asc'))
            setPage(1)
          }}
        />
      )}

      <div className="data-table__scroll" ref={scrollRef} data-virtual={virtual || undefined}>
        <table
          className="data-table__table"
          aria-busy={rows.status === 'loading' || rows.status === 'partial'}
          aria-rowcount={rows.data.length + 1}
        >
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => {
                const sortable = column.isSort && !column.isAction
                const current = sortable && column.key === sortBy
                return (
                  <th
                    key={column.key}
                    scope="col"
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={current ? (sort === 'asc' ? 'ascending' : 'descending') : undefined}
                    data-action={column.isAction || undefined}
                    data-column={column.key}
                  >
                    {sortable ? (
                      <button type="button" className="data-table__sort" onClick={() => sortOn(column)}>
                        {column.title}
                        <span
                          className="data-table__arrow"
                          data-direction={current ? sort : 'none'}
                          aria-hidden="true"
                        />
                      </button>
                    ) : column.isTitleHidden ? (
                      <span className="visually-hidden">{column.title}</span>
                    ) : (
                      column.title
                    )}
                  </th>
                )
              })}
              {hidden.length > 0 && (
                <th scope="col" className="data-table__expand">
                  <span className="visually-hidden">{t`Más datos`}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.status === 'error' ? (
              <tr>
                <td colSpan={span} className="data-table__message" role="alert">
                  {t`No fue posible cargar los registros.`}{' '}
                  <Button variant="ghost" onClick={() => setRetries((n) => n + 1)}>
                    {t`Reintentar`}
                  </Button>
                </td>
              </tr>
            ) : rows.data.length === 0 ? (
              <tr>
                <td colSpan={span} className="data-table__message">
                  {rows.status === 'loading' ? (
                    <span className="data-table__loading">
                      <Spinner />
                      {t`Cargando...`}
                    </span>
                  ) : (
                    t`No hay datos para mostrar`
                  )}
                </td>
              </tr>
            ) : virtual ? (
              <VirtualRows {...rowProps} scrollRef={scrollRef} />
            ) : (
              <PlainRows {...rowProps} />
            )}
          </tbody>
        </table>
      </div>

      <div className="data-table__footer">
        <p className="data-table__info" aria-live="polite">
          {t`Mostrando ${from} a ${to} de ${total} registros`}
        </p>
        <Pager page={rows.page} lastPage={rows.lastPage} onPage={setPage} />
      </div>
    </div>
  )
}
