import type pg from 'pg'

/** Query texts prepared per connection; beyond them queries run unnamed until the pool renews it. */
const CAPACITY = 500

/** How long a pooled connection lives, so that each one prepares the statements in use now. */
export const CONNECTION_LIFETIME_SECONDS = 3600

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown }

/**
 * node-postgres parses and plans a query again at every call unless the query has a name; a
 * named query is prepared once per connection and then only bound and run (DESIGN §7: half the
 * database's work in a mutation was parsing and planning). This names every query of the pool's
 * connections by its text, as postgres.js does by default. PostgreSQL keeps the plans and replans
 * by itself when the schema changes. The names are bounded per connection (CAPACITY), and the
 * pool renews its connections (CONNECTION_LIFETIME_SECONDS), so the texts a connection keeps are
 * those in use lately, without tracking them one by one.
 */
export function prepareStatements(pool: pg.Pool, options: PrepareOptions = {}): void {
  pool.on('connect', (client) => {
    const names = new Map<string, string>()
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => Promise<unknown>
    const send = (config: unknown, ...rest: unknown[]) => query(named(config, names), ...rest)
    client.query = (options.withBegin ? holdingBegin(send, options.withBegin) : send) as never
  })
}

export interface PrepareOptions {
  /**
   * The simple-protocol SQL that may travel with a transaction's `begin` in one round trip, for
   * the statement that follows it (text and values); null when that statement goes on its own.
   */
  withBegin?: (text: string, values: readonly unknown[]) => string | null
}

type Send = (config: unknown, ...rest: unknown[]) => Promise<unknown>

/** What a held `begin` answers at once: the driver's result of a command with no rows. */
const NO_ROWS = { command: 'BEGIN', rowCount: null, rows: [], fields: [] }

/**
 * A transaction's `begin` waits for the statement after it: when `withBegin` can put that one in
 * SQL text (the tenant's setting, which opens every tenant transaction), both go as one simple
 * query, one round trip instead of two (docs/benchmarks.md: five round trips made the read of
 * a tenant transaction). Any other statement gets the `begin` sent before it, as it was; a
 * `rollback` before anything began has nothing to undo.
 */
function holdingBegin(send: Send, withBegin: NonNullable<PrepareOptions['withBegin']>): Send {
  let held = false
  return async (config, ...rest) => {
    const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text
    if (text === 'begin' && !held) {
      held = true
      return NO_ROWS
    }
    if (!held) return send(config, ...rest)
    held = false
    if (text === 'rollback') return { ...NO_ROWS, command: 'ROLLBACK' }
    const values = Array.isArray(rest[0]) ? rest[0] : ((config as { values?: unknown[] }).values ?? [])
    const together = typeof text === 'string' ? withBegin(text, values) : null
    if (together === null) {
      await send('begin')
      return send(config, ...rest)
    }
    // A simple query of two statements answers both results; the caller asked for the second.
    const results = (await send(`begin; ${together}`)) as unknown[]
    return Array.isArray(results) ? results.at(-1) : results
  }
}

function named(config: unknown, names: Map<string, string>): unknown {
  if (typeof config !== 'object' || config === null) return config
  const { text, name, submit } = config as QueryConfig
  // Already named by its caller, or a custom query object (a cursor, a stream): left as it is.
  if (typeof text !== 'string' || name !== undefined || submit !== undefined) return config
  let prepared = names.get(text)
  if (prepared === undefined) {
    if (names.size >= CAPACITY) return config
    prepared = `statement_${names.size + 1}`
    names.set(text, prepared)
  }
  return { ...config, name: prepared }
}
