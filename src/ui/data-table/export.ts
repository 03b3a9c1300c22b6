import { downloadDateStamp } from '../../contract/rules/dates'
import type { Column } from './config'
import { cellValue } from './local-rows'

type Cell = string | number | boolean | null

function cellOf(value: unknown): Cell {
  if (value == null) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  return value instanceof Date ? value.toISOString() : JSON.stringify(value)
}

/** `${name}_DD_MM_YYYY.xlsx` (SPEC §9: download names carry the day). */
export const exportFileName = (name: string, today: Date = new Date()) =>
  `${name}_${downloadDateStamp(today)}.xlsx`

/**
 * Saves rows as a spreadsheet: one column per visible, non-action table column, titled as on
 * screen, holding the row's raw value (not the cell's rendering). SheetJS is loaded only now, so
 * it stays out of the main bundle.
 */
export async function exportRows<Row>(
  rows: readonly Row[],
  columns: Column<Row>[],
  name: string,
): Promise<void> {
  const XLSX = await import('xlsx')
  const shown = columns.filter((column) => !column.isHide && !column.isAction)
  const sheet = XLSX.utils.aoa_to_sheet([
    shown.map((column) => column.title),
    ...rows.map((row) => shown.map((column) => cellOf(cellValue(row, column.key)))),
  ])
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, name.slice(0, 31) || 'Sheet1')
  XLSX.writeFile(book, exportFileName(name))
}
