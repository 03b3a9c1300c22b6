import {
  type CatalogImportReport,
  type FileImportReport,
  MAX_LISTED_REJECTIONS,
} from '../../../src/contract/schemas/catalog-import'
import type { CatalogName } from '../../../src/contract/schemas/catalogs'
import type { Db, Tx } from '../../db/client'
import type { Lang } from '../../platform/language'
import { type CsvRecord, parseCsv } from './csv'
import { decodeCatalogText } from './decode'
import { type AnyCatalogFormat, type CatalogFormat, detectFormat, isReason } from './formats'
import { type ImportText, importText } from './import-texts'
import { bumpCatalogVersion } from './versions'

/** One file to import: its name (for the report) and its bytes. */
export interface CatalogSource {
  name: string
  bytes: Uint8Array
}

export interface ImportProgress {
  file: string
  catalog: string
  /** Data rows handled so far in this file, and in all. */
  done: number
  total: number
}

export interface ImportOptions {
  lang?: Lang
  onProgress?: (progress: ImportProgress) => void
  /** Rows per lookup and per write statement. */
  batchSize?: number
}

/** Catalogs in the order their rows depend on each other: localities need their municipality. */
const CATALOG_ORDER: readonly CatalogName[] = ['municipalities', 'localities', 'diagnoses']

interface PreparedFile {
  name: string
  report: FileImportReport
  format: AnyCatalogFormat
  columns: Map<string, number>
  width: number
  records: CsvRecord[]
}

/** The rows of one catalog that an earlier, preferred file of this run already gave: key → file. */
type Claims = Map<CatalogName, Map<string, string>>

const emptyReport = (file: string): FileImportReport => ({
  file,
  format: null,
  catalog: null,
  rows: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  rejections: [],
  skipped: null,
  notes: [],
})

/**
 * Imports agency catalog files (INEGI and DGIS CSV, CIE-10): each file's format is read from its
 * header, its rows are checked, and they are upserted in batches — added when new, updated when
 * they differ, left alone when equal — so a second run of the same files changes nothing. Each
 * file is one transaction, which also moves its catalog's version when a row changed. When
 * several files give one catalog, the preferred format goes first and keeps its rows.
 */
export async function importCatalogs(
  db: Db,
  sources: readonly CatalogSource[],
  options: ImportOptions = {},
): Promise<CatalogImportReport> {
  const lang = options.lang ?? 'es'
  const say = (text: ImportText) => importText(text, lang)
  const reports: FileImportReport[] = []
  const prepared: PreparedFile[] = []
  for (const source of sources) {
    const report = emptyReport(source.name)
    reports.push(report)
    const [header, ...records] = parseCsv(decodeCatalogText(source.bytes))
    if (!header) {
      report.skipped = say({ key: 'emptyFile' })
      continue
    }
    const detected = detectFormat(header.fields)
    if (!detected) {
      report.skipped = say({ key: 'unknownFormat', values: { value: header.fields.join(',').slice(0, 120) } })
      continue
    }
    report.format = detected.format.id
    report.catalog = detected.format.target.catalog
    report.rows = records.length
    prepared.push({ name: source.name, report, ...detected, width: header.fields.length, records })
  }

  const rank = (file: PreparedFile) => CATALOG_ORDER.indexOf(file.format.target.catalog)
  prepared.sort(
    (a, b) => rank(a) - rank(b) || a.format.precedence - b.format.precedence || a.name.localeCompare(b.name),
  )
  const claims: Claims = new Map()
  const versions = new Map<string, number>()
  for (const file of prepared) {
    const { report } = file
    const result = await db.transaction(async (tx) => {
      // Each format's rows go only to its own target, so the row type need not be known here.
      const format: CatalogFormat<unknown> = file.format
      const outcome = await importFile(tx, format, file, claims, options)
      const version =
        outcome.added + outcome.updated > 0 ? await bumpCatalogVersion(tx, file.format.target.catalog) : null
      return { ...outcome, version }
    })
    if (result.version !== null) versions.set(file.format.target.catalog, result.version)
    report.added = result.added
    report.updated = result.updated
    report.unchanged = result.unchanged
    report.rejected = result.rejections.length
    report.rejections = result.rejections
      .sort((a, b) => a.line - b.line)
      .slice(0, MAX_LISTED_REJECTIONS)
      .map((r) => ({ line: r.line, reason: say(r.reason) }))
    report.notes = [...result.superseded].map(([by, count]) =>
      say({ key: 'superseded', values: { count, file: by } }),
    )
  }

  const sum = (field: 'added' | 'updated' | 'unchanged' | 'rejected') =>
    reports.reduce((total, f) => total + f[field], 0)
  return {
    files: reports,
    added: sum('added'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
    rejected: sum('rejected'),
    versions: [...versions].map(([catalog, version]) => ({ catalog, version })),
  }
}

interface FileOutcome {
  added: number
  updated: number
  unchanged: number
  rejections: { line: number; reason: ImportText }[]
  /** Rows left to an earlier file of the same catalog, counted by that file's name. */
  superseded: Map<string, number>
}

async function importFile<R>(
  tx: Tx,
  format: CatalogFormat<R>,
  file: Omit<PreparedFile, 'format' | 'report'>,
  claims: Claims,
  options: ImportOptions,
): Promise<FileOutcome> {
  const { target } = format
  const batchSize = options.batchSize ?? 1000
  const claimed = claims.get(target.catalog) ?? new Map<string, string>()
  claims.set(target.catalog, claimed)
  const firstLine = new Map<string, number>()
  const outcome: FileOutcome = { added: 0, updated: 0, unchanged: 0, rejections: [], superseded: new Map() }
  await target.prepare?.(tx)
  const reject = (line: number, reason: ImportText) => outcome.rejections.push({ line, reason })

  for (let start = 0; start < file.records.length; start += batchSize) {
    const batch: { line: number; row: R }[] = []
    for (const record of file.records.slice(start, start + batchSize)) {
      if (record.unterminated) {
        reject(record.line, { key: 'unterminated' })
        continue
      }
      if (record.fields.length !== file.width) {
        reject(record.line, {
          key: 'columnCount',
          values: { expected: file.width, found: record.fields.length },
        })
        continue
      }
      const row = format.read((column) => record.fields[file.columns.get(column) ?? -1] ?? '')
      if (isReason(row)) {
        reject(record.line, row)
        continue
      }
      const key = target.keyOf(row)
      const seenOn = firstLine.get(key)
      if (seenOn !== undefined) {
        reject(record.line, { key: 'duplicate', values: { value: key, line: seenOn } })
        continue
      }
      firstLine.set(key, record.line)
      const earlier = claimed.get(key)
      if (earlier !== undefined) {
        outcome.unchanged++
        outcome.superseded.set(earlier, (outcome.superseded.get(earlier) ?? 0) + 1)
        continue
      }
      batch.push({ line: record.line, row })
    }
    for (const row of await writeBatch(tx, target, batch, outcome)) claimed.set(target.keyOf(row), file.name)
    options.onProgress?.({
      file: file.name,
      catalog: target.catalog,
      done: Math.min(start + batchSize, file.records.length),
      total: file.records.length,
    })
  }
  if (file.records.length === 0) {
    options.onProgress?.({ file: file.name, catalog: target.catalog, done: 0, total: 0 })
  }
  return outcome
}

/**
 * Rejects the rows whose parent is missing, compares the rest with the stored rows, writes the
 * new and changed ones, and answers the rows the catalog now holds as given.
 */
async function writeBatch<R>(
  tx: Tx,
  target: CatalogFormat<R>['target'],
  batch: { line: number; row: R }[],
  outcome: FileOutcome,
): Promise<R[]> {
  if (batch.length === 0) return []
  const rows = batch.map((candidate) => candidate.row)
  const orphans = target.orphans ? await target.orphans(tx, rows) : new Map<R, ImportText>()
  const accepted: R[] = []
  for (const { line, row } of batch) {
    const reason = orphans.get(row)
    if (reason) outcome.rejections.push({ line, reason })
    else accepted.push(row)
  }
  if (accepted.length === 0) return []
  const stored = new Map((await target.stored(tx, accepted)).map((r) => [target.keyOf(r), r]))
  const changed: R[] = []
  for (const row of accepted) {
    const before = stored.get(target.keyOf(row))
    if (!before) outcome.added++
    else if (target.same(before, row)) {
      outcome.unchanged++
      continue
    } else outcome.updated++
    changed.push(row)
  }
  if (changed.length > 0) await target.write(tx, changed)
  return accepted
}
