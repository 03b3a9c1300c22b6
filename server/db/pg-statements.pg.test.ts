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
