import type { FastifyReply } from 'fastify'
import * as XLSX from 'xlsx'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

type Cell = string | number | boolean | null

/** SPEC §9: downloaded file names carry the date as DD_MM_YYYY (`usuarios_07_03_2026.xlsx`). */
export function downloadName(prefix: string, now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${prefix}_${two(now.getDate())}_${two(now.getMonth() + 1)}_${now.getFullYear()}.xlsx`
}

/**
 * One sheet with a header row. Values are written as plain cells, never as formulas, so a name
 * that starts with "=" stays text in the spreadsheet program.
 */
export function workbookOf(sheetName: string, header: readonly string[], rows: readonly Cell[][]): Buffer {
  const book = XLSX.utils.book_new()
  const sheet = XLSX.utils.aoa_to_sheet([[...header], ...rows])
  sheet['!cols'] = header.map((title, column) => ({
    wch: Math.min(60, Math.max(title.length, ...rows.map((row) => String(row[column] ?? '').length)) + 2),
  }))
  XLSX.utils.book_append_sheet(book, sheet, sheetName)
  // `type: 'buffer'` makes SheetJS answer a Node Buffer; its typing says `any`.
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

/**
 * Answers the file itself instead of the envelope. The reply is awaited until the response has
 * ended: only then does `reply.sent` hold, which tells the route helper to add no envelope.
 */
export async function sendWorkbook(reply: FastifyReply, fileName: string, workbook: Buffer): Promise<void> {
  await reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(workbook)
}
