import type { DeviceDueRow } from '../../db/periodic-exam-due'
import { DUE_SHEET_FILE_NAME, periodicExamDueSheet } from '../../documents/periodic-exam-due-rows'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'
import { exportFileName } from '../../ui/data-table/export'

/**
 * The due list's spreadsheet built on the device (works offline): the header and cells of the
 * shared function the server's `/patients/periodic-exams/excel` uses, named
 * `examenes_periodicos_DD_MM_YYYY.xlsx` (SPEC §9). SheetJS loads only now.
 */
export async function exportDueSheet(
  rows: readonly DeviceDueRow[],
  language: DocumentLanguage,
  listNames: Parameters<typeof periodicExamDueSheet>[2],
): Promise<string> {
  const XLSX = await import('xlsx')
  const { header, cells } = periodicExamDueSheet(rows, language, listNames)
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([header, ...cells]),
    language === 'en' ? 'Periodic exams' : 'Exámenes periódicos',
  )
  const name = exportFileName(DUE_SHEET_FILE_NAME[language])
  XLSX.writeFile(book, name)
  return name
}
