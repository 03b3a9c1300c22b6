import { sql } from 'drizzle-orm'
import type { Database, Db } from './client'
import { rowsOf } from './raw-sql'

/**
 * PGlite runs no autovacuum, so the embedded database never gathers its tables' statistics by
 * itself (decision 0047). Without them the planner guesses every table small: over a tenant of
 * 100 000 patients the administrator's dashboard took minutes per call instead of milliseconds,
 * holding the one connection, so the sync and even the service worker's files waited behind it.
 * This does autovacuum's analyse part, with PostgreSQL's default thresholds: a table is analysed
 * once it was never analysed, or once more rows changed since its last analysis than 50 and a
 * tenth of it. PostgreSQL servers have autovacuum and do not run this.
 */
const BASE_THRESHOLD = 50
const SCALE_FACTOR = 0.1
/** How often the embedded server looks for tables to analyse: as autovacuum's default naptime. */
const STATISTICS_EVERY_MS = 60_000

interface StaleTable {
  schema: string
  name: string
}

/** Analyses the tables whose statistics are missing or stale; answers their names. */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  // The counters reach the statistics views a second after the changes, unless flushed now.
  await db.execute(sql`select pg_stat_force_next_flush()`)
  return db.transaction(async (tx) => {
    // The app role cannot see every table's counters or analyse them: the owner does it.
    await tx.execute(sql`set local role none`)
    const stale = await rowsOf<StaleTable>(
      tx,
      sql`select s.schemaname as schema, s.relname as name
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid
           where c.reltuples < 0
              or s.n_mod_since_analyze > ${BASE_THRESHOLD} + ${SCALE_FACTOR} * greatest(c.reltuples, 0)
           order by s.relname`,
    )
    for (const table of stale)
      await tx.execute(sql`analyze ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`)
    return stale.map((table) => table.name)
  })
}

/**
 * On the embedded database: analyses what needs it now (a fresh database, or one grown by an
 * import while the server was down: 78 ms for the demo's 68 tables), then every minute. Answers how
 * to stop. Nothing on PostgreSQL.
 */
export async function keepEmbeddedStatistics(
  database: Database,
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {}
  let running = false
  const analyze = async () => {
    if (running) return
    running = true
    try {
      const tables = await analyzeStaleTables(database.db)
      if (tables.length > 0) log.info({ tables }, 'table statistics gathered')
    } catch (error) {
      log.error({ err: error }, 'gathering table statistics failed')
    } finally {
      running = false
    }
  }
  await analyze()
  const timer = setInterval(() => void analyze(), STATISTICS_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
