/**
 * The servers a benchmark measures, each in its own process so that the load generator in the
 * parent does not share its event loop: `bare` is node:http answering the same envelope by hand,
 * `api` is the real app (buildApp) on a fresh embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const [mode, portText] = process.argv.slice(2)
const port = Number(portText)

if (mode === 'bare') {
  const body = JSON.stringify({ data: { status: 'ok' }, message: '', error: false })
  createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  }).listen(port, '127.0.0.1', () => process.send?.('ready'))
} else if (mode === 'api') {
  const { loadConfig } = await import('../server/config')
  const { openDatabase } = await import('../server/db/client')
  const { buildApp } = await import('../server/app')
  const { seedOnFirstStart } = await import('../server/seed/index')
  const { keepEmbeddedStatistics } = await import('../server/db/embedded-statistics')
  // The parent makes the folder (and removes it even if it has to kill this process).
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'salud-bench-'))
  // The parent ends this process with SIGTERM; the database goes with it (100 000 patients: 200 MB).
  process.once('SIGTERM', () => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The benchmark measures the API, not the limiter's 429s.
    RATE_LIMIT_MAX: '100000000',
  })
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: join(dataDir, 'pglite'),
  })
  await seedOnFirstStart(database.db)
  // The initial-sync benchmark asks for a tenant the size of a big client (bench/seed-patients.ts).
  const extraPatients = Number(process.env.BENCH_PATIENTS ?? 0)
  let seedSeconds = 0
  if (extraPatients > 0) {
    const { seedBenchPatients } = await import('./seed-patients')
    const started = performance.now()
    await seedBenchPatients(database.db, extraPatients)
    seedSeconds = (performance.now() - started) / 1000
  }
  // The clinical benches ask for consultations at scale too (bench/seed-encounters.ts).
  const perPatient = Number(process.env.BENCH_ENCOUNTERS ?? 0)
  let encounters = 0
  if (perPatient > 0) {
    const { seedBenchEncounters } = await import('./seed-encounters')
    const started = performance.now()
    encounters = await seedBenchEncounters(database.db, perPatient)
    seedSeconds += (performance.now() - started) / 1000
  }
  // The dashboard's bench asks for a million clinical records of every kind (bench/seed-dashboard.ts).
  const dashboardRecords = Number(process.env.BENCH_DASHBOARD_RECORDS ?? 0)
  let dashboard: unknown = null
  if (dashboardRecords > 0) {
    const { analyzeDashboardTables, seedBenchDashboard } = await import('./seed-dashboard')
    const started = performance.now()
    await analyzeDashboardTables(database.db)
    dashboard = await seedBenchDashboard(database.db, dashboardRecords)
    await analyzeDashboardTables(database.db)
    seedSeconds += (performance.now() - started) / 1000
  }
  const app = await buildApp({ database, config, logger: false })
  // As `server/main.ts` does: the embedded database's statistics gathered (decision 0047).
  await keepEmbeddedStatistics(database, console)
  await app.listen({ port, host: '127.0.0.1' })
  process.send?.(
    extraPatients > 0 || encounters > 0 || dashboard
      ? { ready: true, seedSeconds, encounters, dashboard }
      : 'ready',
  )
} else {
  throw new Error(`Unknown server "${mode}"`)
}
