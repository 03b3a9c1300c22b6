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
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const names = new Map<string, string>()
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown
    client.query = ((config: unknown, ...rest: unknown[]) => query(named(config, names), ...rest)) as never
  })
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
