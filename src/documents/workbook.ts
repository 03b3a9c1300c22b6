import * as XLSX from 'xlsx'

export type SheetCell = string | number | boolean | null

/**
 * A spreadsheet of one sheet with a header row, laid out once for the server's downloads and the
 * device's own (the `/vaccinations` index builds on the device the file `GET /vaccination/download`
 * answers). Values are written as plain cells, never as formulas, so a name that starts with "="
 * stays text; each column is as wide as its longest value (at most 60 characters).
 */
export function sheetBook(
  sheetName: string,
  header: readonly string[],
  rows: readonly SheetCell[][],
): XLSX.WorkBook {
  const book = XLSX.utils.book_new()
  const sheet = XLSX.utils.aoa_to_sheet([[...header], ...rows])
  sheet['!cols'] = header.map((title, column) => ({
    wch: Math.min(60, Math.max(title.length, ...rows.map((row) => String(row[column] ?? '').length)) + 2),
  }))
  XLSX.utils.book_append_sheet(book, sheet, sheetName)
  return book
}

/** The workbook's bytes (.xlsx, compressed), as both sides send or save them. */
export function sheetBytes(
  sheetName: string,
  header: readonly string[],
  rows: readonly SheetCell[][],
): Uint8Array {
  // `type: 'array'` makes SheetJS answer an ArrayBuffer; its typing says `any`.
  const written = XLSX.write(sheetBook(sheetName, header, rows), {
    type: 'array',
    bookType: 'xlsx',
    compression: true,
  }) as ArrayBuffer
  return new Uint8Array(written)
}
