import type { FastifyReply } from 'fastify'
import { type SheetCell, sheetBytes } from '../../../src/documents/workbook'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

type Cell = SheetCell

/** SPEC §9: downloaded file names carry the date as DD_MM_YYYY (`usuarios_07_03_2026.xlsx`). */
export function downloadName(prefix: string, now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${prefix}_${two(now.getDate())}_${two(now.getMonth() + 1)}_${now.getFullYear()}.xlsx`
}

/** One sheet with a header row, laid out by the builder the device's own downloads use. */
export function workbookOf(sheetName: string, header: readonly string[], rows: readonly Cell[][]): Buffer {
  return Buffer.from(sheetBytes(sheetName, header, rows))
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
