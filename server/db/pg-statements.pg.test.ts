import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareStatements } from './pg-statements'

/** node-postgres prepares each query text once per connection (a .pg test: only on PostgreSQL). */
describe('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool
  const prepared = async () =>
    (
      await pool.query<{ statement: string }>({
        text: 'select statement from pg_prepared_statements',
        name: 'list',
      })
    ).rows.map((row) => row.statement)

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
    prepareStatements(pool)
  })
  afterAll(() => pool.end())

  it('names a query by its text, once per connection', async () => {
    const text = 'select $1::int + 1 as n'
    for (const n of [1, 2, 3]) expect((await pool.query({ text, values: [n] })).rows).toEqual([{ n: n + 1 }])
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1)
  })

  it('leaves named queries and plain strings as they are', async () => {
    await pool.query({ text: 'select 2 as n', name: 'mine' })
    await pool.query('select 3 as n')
    const statements = await prepared()
    expect(statements).toContain('select 2 as n')
    expect(statements).not.toContain('select 3 as n')
  })
})

/** A transaction's `begin` travels with the statement after it when that one can (one round trip). */
describe('begin held for the statement after it, on PostgreSQL', () => {
  let pool: pg.Pool
  const sent: string[] = []
  const SETTING = "select set_config('app.bench', $1, true)"

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
    // Records what reaches the connection's own query, under the held begin.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown
      client.query = ((config: unknown, ...rest: unknown[]) => {
        sent.push(typeof config === 'string' ? config : String((config as { text: string }).text))
        return query(config, ...rest)
      }) as never
    })
    prepareStatements(pool, {
      withBegin: (text, values) =>
        text === SETTING ? `select set_config('app.bench', '${values[0]}', true)` : null,
    })
  })
  afterAll(() => pool.end())

  const inTransaction = async (work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await pool.connect()
    try {
      await client.query('begin')
      await work(client)
      await client.query('commit')
    } finally {
      client.release()
    }
  }

  it('sends begin and the setting as one query, and the setting holds in the transaction', async () => {
    sent.length = 0
    let seen: unknown
    await inTransaction(async (client) => {
      await client.query({ text: SETTING, values: ['acme'] })
      seen = (await client.query("select current_setting('app.bench') as value")).rows[0]
    })
    expect(seen).toEqual({ value: 'acme' })
    expect(sent[0]).toBe("begin; select set_config('app.bench', 'acme', true)")
    expect(sent).toHaveLength(3)
  })

  it('sends begin on its own before any other statement, and a rollback before anything began sends nothing', async () => {
    sent.length = 0
    await inTransaction(async (client) => {
      await client.query('select 1')
    })
    expect(sent.slice(0, 2)).toEqual(['begin', 'select 1'])
    sent.length = 0
    const client = await pool.connect()
    await client.query('begin')
    await client.query('rollback')
    client.release()
    expect(sent).toEqual([])
    // The connection is not left inside a transaction: a setting local to one is gone after it.
    await inTransaction(async (inner) => {
      await inner.query({ text: SETTING, values: ['globex'] })
    })
    expect((await pool.query("select current_setting('app.bench', true) as value")).rows[0]).toEqual({
      value: '',
    })
  })
})
