import type { ReactNode } from 'react'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../contract/schemas/data-table'

/** SPEC §3 Data table column. */
export interface Column<Row> {
  /** The row field the column shows, sorts and searches by (and the server's name for it). */
  key: string
  title: string
  /**
   * The title is only read aloud, not shown: for a narrow column of controls whose cells say
   * what they are (a row's checkbox), so its header does not widen it.
   */
  isTitleHidden?: boolean
  isSort?: boolean
  isHide?: boolean
  /** A CSS width for the column ("8rem", "20%"). */
  width?: string
  isSearch?: boolean
  /** A column of controls (edit, delete): never sorted, searched or exported. */
  isAction?: boolean
  /** How the cell shows; by default the row's value under `key`. */
  component?: (row: Row) => ReactNode
  /**
   * Which columns give way first when the table is narrower than its columns: the highest
   * number goes first (ties: the later column). 0 keeps the column always in view, like the
   * action columns; without it a column counts as 1.
   */
  priority?: number
}

/** SPEC §5 Data table configuration. */
export interface DataTableConfig<Row> {
  columns: Column<Row>[]
  /** Rows per page; 10 when omitted. */
  pageLength?: number
  /** The page sizes offered; 10, 20, 50 and 100 when omitted. */
  menu?: number[]
  sortBy?: string
  sort?: 'asc' | 'desc'
}

export interface ValidConfig<Row> {
  columns: Column<Row>[]
  pageLength: number
  menu: number[]
  sortBy: string | undefined
  sort: 'asc' | 'desc'
}

export class DataTableConfigError extends Error {
  override name = 'DataTableConfigError'
}

const BOOLEAN_FLAGS = ['isSort', 'isHide', 'isSearch', 'isAction'] as const

const wholeCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1

function fail(message: string): never {
  throw new DataTableConfigError(message)
}

/**
 * Checks a configuration against SPEC §5 and throws a clear error for the first rule it breaks
 * (a wrong table is a programming mistake, found the first time the screen opens); returns it
 * with its defaults filled in.
 */
export function validateConfig<Row>(config: DataTableConfig<Row>): ValidConfig<Row> {
  const { columns } = config
  if (!Array.isArray(columns) || columns.length === 0)
    fail('The data table needs a non-empty list of columns')
  columns.forEach((column, index) => {
    if (typeof column !== 'object' || column === null) fail(`Column ${index} must be an object`)
    if (typeof column.key !== 'string') fail(`Column ${index} needs a string key`)
    if (typeof column.title !== 'string') fail(`Column "${column.key}" needs a string title`)
    for (const flag of BOOLEAN_FLAGS) {
      if (column[flag] !== undefined && typeof column[flag] !== 'boolean') {
        fail(`Column "${column.key}": ${flag} must be a boolean`)
      }
    }
    if (column.priority !== undefined && !(Number.isInteger(column.priority) && column.priority >= 0)) {
      fail(`Column "${column.key}": priority must be a whole number of at least 0`)
    }
    if (column.width !== undefined && typeof column.width !== 'string') {
      fail(`Column "${column.key}": width must be a string`)
    }
  })
  const pageLength = config.pageLength ?? DEFAULT_PAGE_SIZE
  if (!wholeCount(pageLength)) fail('The page length must be a whole number of at least 1')
  const menu = config.menu ?? [...PAGE_SIZES]
  if (!Array.isArray(menu) || !menu.every(wholeCount)) {
    fail('The page-size menu must hold whole numbers of at least 1')
  }
  const sort = config.sort ?? 'asc'
  if (sort !== 'asc' && sort !== 'desc') fail('The sort direction must be "asc" or "desc"')
  if (config.sortBy !== undefined) {
    const column = columns.find((c) => c.key === config.sortBy)
    if (!column) fail(`The sort column "${config.sortBy}" does not exist`)
    if (column.isAction) fail(`The sort column "${config.sortBy}" is an action column`)
    if (!column.isSort) fail(`The sort column "${config.sortBy}" is not sortable`)
  }
  return { columns, pageLength, menu, sortBy: config.sortBy, sort }
}
