import type { CatalogImportReport } from '../../../src/contract/schemas/catalog-import'

/** Rejections printed per file; the rest are counted. */
const SHOWN_REJECTIONS = 20

/** An import report as plain text, for the command line. */
export function reportText(report: CatalogImportReport): string {
  const lines: string[] = []
  for (const file of report.files) {
    if (file.skipped) {
      lines.push(`${file.file}: ${file.skipped}`)
      continue
    }
    lines.push(
      `${file.file} (${file.format} → ${file.catalog}): ${file.rows} rows, ${file.added} added, ` +
        `${file.updated} updated, ${file.unchanged} unchanged, ${file.rejected} rejected`,
    )
    for (const note of file.notes) lines.push(`  ${note}`)
    for (const rejection of file.rejections.slice(0, SHOWN_REJECTIONS)) {
      lines.push(`  line ${rejection.line}: ${rejection.reason}`)
    }
    if (file.rejected > SHOWN_REJECTIONS)
      lines.push(`  … ${file.rejected - SHOWN_REJECTIONS} more rejected rows`)
  }
  lines.push(
    `Total: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected`,
  )
  for (const { catalog, version } of report.versions)
    lines.push(`Catalog ${catalog} is now version ${version}`)
  return lines.join('\n')
}
