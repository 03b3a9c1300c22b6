import { v7 as uuidv7 } from 'uuid'
import * as XLSX from 'xlsx'
import { doseKey, type Medicine, type MedicinesImportReport } from '../../../src/contract/schemas/medicines'
import type { Tx } from '../../db/client'
import { medicinePresentations, medicines } from '../../db/schema'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { listMedicines } from './medicines'
import { bumpTenantCatalogVersion } from './tenant-versions'

export const SHEET_HEADER: Record<Lang, string[]> = {
  es: ['Medicamento', 'Presentación', 'Dosis', 'Cantidad', 'Frecuencia', 'Duración', 'Vía'],
  en: ['Medicine', 'Presentation', 'Dose', 'Quantity', 'Frequency', 'Duration', 'Route'],
}

/** One row per presentation (a medicine without any gets one row of its own). */
export function sheetRows(catalogue: readonly Medicine[]): (string | null)[][] {
  return catalogue.flatMap((medicine) =>
    medicine.presentations.length === 0
      ? [[medicine.name, null, null, null, null, null, null]]
      : medicine.presentations.map((p) => [
          medicine.name,
          p.name,
          p.dose,
          p.quantity,
          p.frequency,
          p.duration,
          p.via,
        ]),
  )
}

const cell = (row: unknown[], column: number, max: number) => {
  const value = row[column]
  const text = value === undefined || value === null ? '' : String(value).trim()
  return text.slice(0, max)
}

/**
 * Adds the spreadsheet's medicines and presentations to the tenant's catalogue, in the caller's
 * transaction: a medicine is matched by name whatever the case, a presentation by form and dose,
 * so a row the catalogue has already is unchanged and a second run changes nothing. A row
 * without a medicine, or with a dose but no form (or the reverse), is rejected with its line.
 */
export async function importMedicineSheet(
  tx: Tx,
  tenantId: string,
  bytes: Uint8Array,
  userId: string | null,
  lang: Lang,
): Promise<MedicinesImportReport> {
  const report: MedicinesImportReport = {
    medicines_added: 0,
    presentations_added: 0,
    unchanged: 0,
    rejected: 0,
    rejections: [],
  }
  const reject = (line: number, reason: string) => {
    report.rejected++
    report.rejections.push({ line, reason })
  }
  let rows: unknown[][]
  try {
    const book = XLSX.read(bytes, { type: 'array' })
    const sheet = book.Sheets[book.SheetNames[0] ?? '']
    rows = sheet
      ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: true, defval: null })
      : []
  } catch {
    reject(1, translate('field.invalid', lang))
    return report
  }
  const catalogue = await listMedicines(tx)
  const byName = new Map(
    catalogue.map((m) => [m.name.toLowerCase(), { id: m.id, doses: new Set(m.presentations.map(doseKey)) }]),
  )
  for (const [index, row] of rows.entries()) {
    const line = index + 1
    if (index === 0) continue // the header
    const name = cell(row, 0, 200)
    const presentation = { name: cell(row, 1, 100), dose: cell(row, 2, 100) }
    if (row.every((value) => value === null || String(value).trim() === '')) continue
    if (!name) {
      reject(line, translate('field.required', lang))
      continue
    }
    if (Boolean(presentation.name) !== Boolean(presentation.dose)) {
      reject(line, translate('field.required', lang))
      continue
    }
    let medicine = byName.get(name.toLowerCase())
    if (!medicine) {
      const id = uuidv7()
      await tx.insert(medicines).values({ tenantId, id, name, createdBy: userId, updatedBy: userId })
      medicine = { id, doses: new Set() }
      byName.set(name.toLowerCase(), medicine)
      report.medicines_added++
      if (!presentation.name) continue
    } else if (!presentation.name || medicine.doses.has(doseKey(presentation))) {
      report.unchanged++
      continue
    }
    await tx.insert(medicinePresentations).values({
      tenantId,
      id: uuidv7(),
      medicineId: medicine.id,
      ...presentation,
      quantity: cell(row, 3, 100) || null,
      frequency: cell(row, 4, 100) || null,
      duration: cell(row, 5, 100) || null,
      via: cell(row, 6, 100) || null,
      position: medicine.doses.size,
      createdBy: userId,
      updatedBy: userId,
    })
    medicine.doses.add(doseKey(presentation))
    report.presentations_added++
  }
  if (report.medicines_added + report.presentations_added > 0) {
    await bumpTenantCatalogVersion(tx, tenantId, 'medicines')
  }
  return report
}
