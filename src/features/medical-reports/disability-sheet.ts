import {
  DISABILITY_SHEET_FILE_NAME,
  DISABILITY_SHEET_NAME,
  type DisabilityRow,
  disabilitySheet,
} from '../../documents/disability-rows'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'
import { sheetBytes } from '../../documents/workbook'
import { saveFile } from '../../reports/save-file'
import { exportFileName } from '../../ui/data-table/export'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * The disabilities' spreadsheet built on the device (works offline): the rows the index shows,
 * laid out by the function the server's `GET /patients/incapacities/download` uses, in the
 * workbook both sides write, named `incapacidades_DD_MM_YYYY.xlsx` (SPEC §9). This module (and
 * SheetJS with it) loads only when a download is asked for.
 */
export function downloadDisabilitySheet(rows: readonly DisabilityRow[], language: DocumentLanguage): string {
  const { header, cells } = disabilitySheet(rows, language)
  const name = exportFileName(DISABILITY_SHEET_FILE_NAME[language])
  saveFile(sheetBytes(DISABILITY_SHEET_NAME[language], header, cells), name, XLSX_TYPE)
  return name
}
