import type { ReactNode } from 'react'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../contract/schemas/data-table'

/** SPEC §3 Data table column. */
export interface Column<Row> {
  key: string
  title: string
  isSort?: boolean
  isHide?: boolean
  width?: string
  isSearch?: boolean
  isAction?: boolean
  /** How the cell shows; by default the row's value under `key`. */
  component?: (row: Row) => ReactNode
}

/** SPEC §5 Data table configuration. */
export interface DataTableConfig<Row> {
  columns: Column<Row>[]
  pageLength?: number
  menu?: number[]
  sortBy?: string
  sort?: 'asc' | 'desc'
}

export class DataTableConfigError extends Error {
  override name = 'DataTableConfigError'
}

const BOOLEAN_FLAGS = ['isSort', 'isHide', 'isSearch', 'isAction'] as const

/**
 * Checks a configuration against SPEC §5 and raises a clear error for the first rule it breaks:
 * a wrong table is a programming mistake, found the first time the screen opens.
 */
export function validateConfig<Row>(config: DataTableConfig<Row>): Required<
  Omit<DataTableConfig<Row>, 'sortBy'>
> & {
  sortBy: string | undefined
} {
  const { columns } = config
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new DataTableConfigError('The data table needs a non-empty list of columns')
  }
  columns.forEach((column, index) => {
    if (typeof column.key !== 'string') throw new DataTableConfigError(`Column ${index} needs a string key`)
    if (typeof column.title !== 'string')
      throw new DataTableConfigError(`Column "${column.key}" needs a string title`)
    for (const flag of BOOLEAN_FLAGS) {
      if (column[flag] !== undefined && typeof column[flag] !== 'boolean') {
        throw new DataTableConfigError(`Column "${column.key}": ${flag} must be a boolean`)
      }
    }
    if (column.width !== undefined && typeof column.width !== 'string') {
      throw new DataTableConfigError(`Column "${column.key}": width must be a string`)
    }
  })
  const pageLength = config.pageLength ?? DEFAULT_PAGE_SIZE
  if (!Number.isInteger(pageLength)) throw new DataTableConfigError('The page length must be a whole number')
  const menu = config.menu ?? [...PAGE_SIZES]
  if (!menu.every(Number.isInteger))
    throw new DataTableConfigError('The page-size menu must hold whole numbers')
  if (config.sortBy !== undefined) {
    const column = columns.find((c) => c.key === config.sortBy)
    if (!column) throw new DataTableConfigError(`The sort column "${config.sortBy}" does not exist`)
    if (!column.isSort) throw new DataTableConfigError(`The sort column "${config.sortBy}" is not sortable`)
    if (column.isAction)
      throw new DataTableConfigError(`The sort column "${config.sortBy}" is an action column`)
  }
  return { columns, pageLength, menu, sortBy: config.sortBy, sort: config.sort ?? 'asc' }
}
