import {
  AFFECTED_SYSTEMS_FILE_NAME,
  AFFECTED_SYSTEMS_SHEET_NAME,
  type AffectedSystemRow,
  affectedSystemsSheet,
} from '../../documents/affected-systems-rows'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'
import { saveFile } from '../../reports/save-file'
import { exportFileName } from '../../ui/data-table/export'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * The index's spreadsheet built on the device from the rows it shows (works offline), laid out by
 * the functions the server's `GET /patients/affected-systems/excel` uses, named
 * `sistemas_afectados_DD_MM_YYYY.xlsx` (SPEC §9). SheetJS loads only now.
 */
export async function downloadAffectedSystemsSheet(
  rows: readonly AffectedSystemRow[],
  language: DocumentLanguage,
): Promise<string> {
  const { header, cells } = affectedSystemsSheet(rows, language)
  const { sheetBytes } = await import('../../documents/workbook')
  const name = exportFileName(AFFECTED_SYSTEMS_FILE_NAME[language])
  saveFile(sheetBytes(AFFECTED_SYSTEMS_SHEET_NAME[language], header, cells), name, XLSX_TYPE)
  return name
}
