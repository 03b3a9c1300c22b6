import { useEffect, useMemo, useRef, useState } from 'react'
import { call } from '../../api/client'
import type { Endpoint } from '../../contract/endpoints/define'
import type { Paginated } from '../../contract/schemas/data-table'
import {
  type Matches,
  matchRows,
  pageOf,
  partialPageOf,
  searchIndex,
  sortRows,
  type TableView,
} from './local-rows'

export type TableSource<Row> =
  | {
      kind: 'server'
      endpoint: Endpoint
      params?: Record<string, string>
      filters?: Record<string, string | number | boolean>
    }
  | {
      kind: 'local'
      rows: readonly Row[]
      /** The rows come in the table's first order (its config's sortBy and sort): not sorted again. */
      ordered?: boolean
      /**
       * There are this many rows, and `rows` (ordered) are only the first of them while the rest
       * are read: the table shows the pages they fill and counts them all; a search or another
       * order waits for every row.
       */
      total?: number
    }

export type ServerSource<Row> = Extract<TableSource<Row>, { kind: 'server' }>

export interface TableRows<Row> {
  /** `partial`: the page shown is there, other rows are still being read. */
  status: 'loading' | 'partial' | 'loaded' | 'error'
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

/** What a local table knows of its rows beyond the rows themselves (see TableSource). */
export interface LocalRowsOptions {
  ordered?: boolean | undefined
  total?: number | undefined
  /** The table's first order, the one `ordered` rows come in. */
  firstOrder: Pick<TableView, 'sortBy' | 'sort'>
}

/**
 * The rows of a local table, sorted, searched and paged on the device. Each step is memoised on
 * its own inputs, and the order comes before the search: a keystroke filters rows already in
 * order (a filter keeps it) instead of sorting its result again, which over 100 000 rows would
 * cost far more than a frame. Rows that come in the first order are not sorted again in it.
 */
export function useLocalRows<Row>(
  rows: readonly Row[] | null,
  searchKeys: readonly string[],
  view: TableView,
  { ordered, total, firstOrder }: LocalRowsOptions,
): TableRows<Row> {
  const keysText = searchKeys.join(',')
  const searching = view.search.trim() !== ''
  const inOrder = ordered === true && view.sortBy === firstOrder.sortBy && view.sort === firstOrder.sort
  const partial = rows !== null && total !== undefined && total > rows.length
  const sorted = useMemo(
    () => (!rows ? [] : inOrder ? rows : sortRows(rows, view.sortBy, view.sort)),
    [rows, inOrder, view.sortBy, view.sort],
  )
  // Built on the first search and kept while the rows, their order and search columns stay.
  const index = useMemo(
    () => (searching && !partial ? searchIndex(sorted, keysText.split(',')) : null),
    [sorted, keysText, searching, partial],
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
  return useMemo(() => {
    if (partial) {
      // Only the first rows, in the first order, are there: what they cannot show waits for the rest.
      const shown = partialPageOf(sorted, total, searching || !inOrder ? 1 : view.page, view.pageLength)
      const waiting = searching || !inOrder || shown.data.length === 0
      return {
        viewRows: [],
        ...shown,
        ...(waiting ? { status: 'loading', data: [], from: null, to: null } : { status: 'partial' }),
      }
    }
    return { status: 'loaded', viewRows: searched, ...pageOf(searched, view.page, view.pageLength) }
  }, [partial, sorted, total, searching, inOrder, searched, view.page, view.pageLength])
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
