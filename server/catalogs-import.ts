/**
 * `npm run catalogs:import -- <folder or file>…`: loads the agencies' catalog files (INEGI and
 * DGIS municipalities and localities, CIE-10) into the database `npm start` uses — PGlite in
 * DATA_DIR, or DATABASE_URL — and prints the progress and the report. `--lang=en` writes the
 * report's reasons in English. Stop a server running on the same PGlite folder first: the
 * embedded database takes one process at a time.
 */
import { join } from 'node:path'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { type ImportProgress, importCatalogs } from './modules/catalogs/import'
import { reportText } from './modules/catalogs/report-text'
import { readCatalogSources } from './modules/catalogs/sources'
import { seedReferenceLists } from './seed/reference-lists'

const args = process.argv.slice(2)
const lang = args.includes('--lang=en') ? 'en' : 'es'
const paths = args.filter((arg) => !arg.startsWith('--'))
if (paths.length === 0) {
  console.error('Usage: npm run catalogs:import -- <folder or file>… [--lang=en]')
  process.exit(2)
}

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const sources = await readCatalogSources(paths)
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') })
const started = performance.now()
const progress = ({ file, catalog, done, total }: ImportProgress) => {
  const line = `${file} → ${catalog}: ${done} / ${total} rows`
  if (!process.stdout.isTTY) {
    if (done === total) console.info(line)
    return
  }
  process.stdout.write(`\r${line.padEnd(72)}`)
  if (done === total) process.stdout.write('\n')
}

try {
  // The lists the catalogs refer to (affected systems…), as `npm start` would leave them.
  await seedReferenceLists(database.db)
  const report = await importCatalogs(database.db, sources, { lang, onProgress: progress })
  console.info(reportText(report))
  console.info(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
} finally {
  await database.close()
}
