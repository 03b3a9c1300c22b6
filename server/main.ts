/**
 * The process: validated configuration, the database (PGlite in DATA_DIR unless DATABASE_URL),
 * migrations, the seed on first start, the app, and a graceful shutdown.
 */
import { join } from 'node:path'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { keepEmbeddedStatistics } from './db/embedded-statistics'
import { sweepExpired } from './platform/retention'
import { demoSignInLines, seedOnFirstStart } from './seed/index'

function configOrExit() {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

const config = configOrExit()
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') })
const app = await buildApp({ database, config })
const { demoCreated } = await seedOnFirstStart(database.db)

// Keys and change-log rows no device can need any more go once a day (and at start). A job
// queue (pg-boss, DESIGN §3) takes this over when the first real jobs arrive.
const sweep = () =>
  sweepExpired(database.db)
    .then((swept) => app.log.info(swept, 'retention sweep'))
    .catch((error: unknown) => app.log.error({ err: error }, 'retention sweep failed'))
void sweep()
setInterval(() => void sweep(), 24 * 3_600_000).unref()
// PGlite runs no autovacuum: its tables' statistics are gathered here (decision 0047).
const stopStatistics = await keepEmbeddedStatistics(database, app.log)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) process.exit(1) // a second signal: stop now
  stopping = true
  app.log.info(`${signal}: closing`)
  try {
    stopStatistics()
    await app.close()
    await database.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

try {
  await app.listen({ port: config.port, host: config.host })
} catch (error) {
  // A machine without IPv6 cannot listen on '::'; IPv4 everywhere is the next best.
  if ((error as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT' || config.host !== '::') throw error
  await app.listen({ port: config.port, host: '0.0.0.0' })
}
const port = (app.server.address() as { port: number }).port
// The demo tenant is `demo.<BASE_DOMAIN>`; browsers resolve any `*.localhost` to this machine.
const addresses = {
  tenant: `http://demo.${config.baseDomain}:${port}`,
  landlord: `http://${config.landlordHost}:${port}`,
}
app.log.info(`Listening: ${addresses.tenant} (demo tenant), ${addresses.landlord} (landlord)`)
if (demoCreated) for (const line of demoSignInLines(addresses)) app.log.info(line)
