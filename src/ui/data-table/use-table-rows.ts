import { useEffect, useMemo, useRef, useState } from 'react'
import { call } from '../../api/client'
import type { Endpoint } from '../../contract/endpoints/define'
import type { Paginated } from '../../contract/schemas/data-table'
import { type Matches, matchRows, pageOf, searchIndex, sortRows, type TableView } from './local-rows'

export type TableSource<Row> =
  | {
      kind: 'server'
      endpoint: Endpoint
      params?: Record<string, string>
      filters?: Record<string, string | number | boolean>
    }
  | { kind: 'local'; rows: readonly Row[] }

export type ServerSource<Row> = Extract<TableSource<Row>, { kind: 'server' }>

export interface TableRows<Row> {
  status: 'loading' | 'loaded' | 'error'
  data: readonly Row[]
  /** Every row of the current view the device holds (all pages locally, the page from a server). */
  viewRows: readonly Row[]
  from: number | null
  to: number | null
  total: number
  page: number
  lastPage: number
}

/** SPEC §8: the window event a failed table fetch raises. */
export const ENTRIES_FAIL_EVENT = 'Get entries fail'

/**
 * The rows of a local table, sorted, searched and paged on the device. Each step is memoised on
 * its own inputs, and the order comes before the search: a keystroke filters rows already in
 * order (a filter keeps it) instead of sorting its result again, which over 100 000 rows would
 * cost far more than a frame.
 */
export function useLocalRows<Row>(
  rows: readonly Row[] | null,
  searchKeys: readonly string[],
  view: TableView,
): TableRows<Row> {
  const keysText = searchKeys.join(',')
  const searching = view.search.trim() !== ''
  const sorted = useMemo(
    () => (rows ? sortRows(rows, view.sortBy, view.sort) : []),
    [rows, view.sortBy, view.sort],
  )
  // Built on the first search and kept while the rows, their order and search columns stay.
  const index = useMemo(
    () => (searching ? searchIndex(sorted, keysText.split(',')) : null),
    [sorted, keysText, searching],
  )
  // The last search over this index: the next keystroke narrows its matches.
  const lastMatches = useRef<{ index: readonly string[]; matches: Matches<Row> } | null>(null)
  const searched = useMemo(() => {
    if (!index) return sorted
    const held = lastMatches.current
    const matches = matchRows(sorted, index, view.search, held && held.index === index ? held.matches : null)
    lastMatches.current = { index, matches }
    return matches.rows
  }, [sorted, index, view.search])
  return useMemo(
    () => ({ status: 'loaded', viewRows: searched, ...pageOf(searched, view.page, view.pageLength) }),
    [searched, view.page, view.pageLength],
  )
}

/**
 * The rows of a server table: one request per view (SPEC §7), the newest answer wins (an older
 * request is aborted), and a failure fires `onError` and the 'Get entries fail' window event.
 */
export function useServerRows<Row>(
  source: ServerSource<Row> | null,
  searchKeys: readonly string[],
  view: TableView,
  reloadToken: unknown,
  onError: ((error: unknown) => void) | undefined,
): TableRows<Row> {
  const [state, setState] = useState<TableRows<Row>>({
    status: 'loading',
    data: [],
    viewRows: [],
    from: null,
    to: null,
    total: 0,
    page: view.page,
    lastPage: 1,
  })
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError
  const endpoint = source?.endpoint
  const paramsKey = JSON.stringify(source?.params ?? {})
  const filtersKey = JSON.stringify(source?.filters ?? {})
  const searchColumns = searchKeys.join(',')
  const { page, pageLength, sort, sortBy, search } = view

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reloadToken is a reason to fetch again
  useEffect(() => {
    if (!endpoint) return
    const controller = new AbortController()
    setState((previous) => ({ ...previous, status: 'loading' }))
    call(endpoint, {
      params: JSON.parse(paramsKey) as Record<string, string>,
      query: {
        page,
        pageLength,
        sort,
        search,
        ...(sortBy && { sortBy, sortColumns: sortBy }),
        ...(searchColumns && { searchColumns }),
        filters: filtersKey,
      },
      signal: controller.signal,
    })
      .then((answer) => {
        // The endpoint's response schema is paginated(row); the table cannot name the row type.
        const result = answer as Paginated<Row>
        const active = Number(result.links.find((link) => link.active)?.label)
        setState({
          status: 'loaded',
          data: result.data,
          viewRows: result.data,
          from: result.from,
          to: result.to,
          total: result.total,
          page: Number.isInteger(active) && active > 0 ? active : page,
          lastPage: Math.max(1, Math.ceil(result.total / pageLength)),
        })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setState((previous) => ({
          ...previous,
          status: 'error',
          data: [],
          viewRows: [],
          from: null,
          to: null,
        }))
        onErrorRef.current?.(error)
        window.dispatchEvent(new CustomEvent(ENTRIES_FAIL_EVENT, { detail: error }))
      })
    return () => controller.abort()
  }, [endpoint, paramsKey, filtersKey, searchColumns, page, pageLength, sort, sortBy, search, reloadToken])
  return state
}
