import { useEffect, useMemo, useState } from 'react'
import { call } from '../../api/client'
import type { Endpoint } from '../../contract/endpoints/define'
import type { Paginated } from '../../contract/schemas/data-table'
import type { Column } from './config'
import { pageOf, searchRows, sortRows, type TableView } from './local-rows'

export type TableSource<Row> =
  | {
      kind: 'server'
      endpoint: Endpoint
      params?: Record<string, string>
      filters?: Record<string, string | number | boolean>
    }
  | { kind: 'local'; rows: readonly Row[] }

export interface TableRows<Row> {
  status: 'loading' | 'loaded' | 'error'
  error: unknown
  data: readonly Row[]
  /** Every row of the current view (all pages) where the device has them: what an export takes. */
  viewRows: readonly Row[]
  from: number | null
  to: number | null
  total: number
  page: number
  lastPage: number
}

/** SPEC §8: the event a failed table fetch raises. */
export const ENTRIES_FAIL_EVENT = 'Get entries fail'

/** The rows of a local table: searched, sorted and paged on the device, memoised per step. */
export function useLocalRows<Row>(
  rows: readonly Row[] | null,
  columns: Column<Row>[],
  view: TableView,
): TableRows<Row> {
  const searched = useMemo(
    () => (rows ? searchRows(rows, columns, view.search) : []),
    [rows, columns, view.search],
  )
  const sorted = useMemo(() => sortRows(searched, view.sortBy, view.sort), [searched, view.sortBy, view.sort])
  return useMemo(() => {
    const page = pageOf(sorted, view.page, view.pageLength)
    return { status: 'loaded', error: null, viewRows: sorted, ...page }
  }, [sorted, view.page, view.pageLength])
}

/** The rows of a server table: one request per view (SPEC §7), the newest answer wins. */
export function useServerRows<Row>(
  source: Extract<TableSource<Row>, { kind: 'server' }> | null,
  columns: Column<Row>[],
  view: TableView,
  reloadToken: unknown,
  onError: ((error: unknown) => void) | undefined,
): TableRows<Row> {
  const [state, setState] = useState<TableRows<Row>>({
    status: 'loading',
    error: null,
    data: [],
    viewRows: [],
    from: null,
    to: null,
    total: 0,
    page: view.page,
    lastPage: 1,
  })
  const endpoint = source?.endpoint
  const paramsKey = JSON.stringify(source?.params ?? {})
  const filtersKey = JSON.stringify(source?.filters ?? {})
  const searchColumns = columns
    .filter((c) => c.isSearch && !c.isAction)
    .map((c) => c.key)
    .join(',')

  // onError is a callback prop, not a reason to fetch again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view and keys are the dependencies
  useEffect(() => {
    if (!endpoint) return
    const controller = new AbortController()
    setState((previous) => ({ ...previous, status: 'loading' }))
    call(endpoint, {
      params: JSON.parse(paramsKey),
      query: {
        page: view.page,
        pageLength: view.pageLength,
        sort: view.sort,
        search: view.search,
        ...(view.sortBy && { sortBy: view.sortBy, sortColumns: view.sortBy }),
        ...(searchColumns && { searchColumns }),
        filters: filtersKey,
      },
      signal: controller.signal,
    })
      .then((answer) => {
        const page = answer as Paginated<Row>
        const current = Number(page.links.find((l) => l.active)?.label ?? view.page)
        const lastPage = Math.max(1, Math.ceil(page.total / view.pageLength))
        setState({
          status: 'loaded',
          error: null,
          data: page.data,
          viewRows: page.data,
          from: page.from,
          to: page.to,
          total: page.total,
          page: current,
          lastPage,
        })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setState((previous) => ({ ...previous, status: 'error', error }))
        onError?.(error)
        window.dispatchEvent(new CustomEvent(ENTRIES_FAIL_EVENT, { detail: error }))
      })
    return () => controller.abort()
  }, [endpoint, paramsKey, filtersKey, searchColumns, view, reloadToken])
  return state
}
