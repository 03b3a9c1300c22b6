import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withPreparedStatements } from './pglite-statements'

/** The named statements behind PGlite's query inside transactions answer exactly as PGlite does. */
describe('prepared statements on PGlite', () => {
  let raw: PGlite
  let db: PGlite
  const prepared = async () =>
    (
      await raw.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by statement',
      )
    ).rows.map((row) => row.statement)

  beforeAll(async () => {
    raw = await PGlite.create()
    await raw.exec(
      'create table t (id int primary key, at timestamptz, data jsonb, amount numeric, tags text[])',
    )
    db = withPreparedStatements(raw, { capacity: 3 })
  })
  afterAll(() => raw.close())

  it('answers like PGlite: values typed by their columns, the caller’s parsers, either row mode', async () => {
    const row = [1, '2026-01-01T00:00:00Z', { a: [1] }, '1.50', ['x', 'y']]
    await db.transaction((tx) => tx.query('insert into t values ($1, $2, $3, $4, $5)', row))
    const text = 'select id, at, data, amount, tags from t where id = $1'
    const own = await raw.query(text, [1])
    const ours = await db.transaction((tx) => tx.query(text, [1]))
    expect(ours.rows).toEqual(own.rows)
    expect(ours.fields).toEqual(own.fields)
    const asText = { parsers: { 1184: (value: string) => value } }
    const arrays = await db.transaction((tx) => tx.query(text, [1], { ...asText, rowMode: 'array' }))
    expect(arrays.rows).toEqual([[1, '2026-01-01 00:00:00+00', { a: [1] }, '1.50', ['x', 'y']]])
  })

  it('prepares each text once, keeps it through a rollback, and reports errors as PGlite does', async () => {
    const text = 'select count(*)::int as n from t where id > $1'
    await expect(
      db.transaction(async (tx) => {
        await tx.query(text, [0])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await db.transaction((tx) => tx.query(text, [0]))).rows).toEqual([{ n: 1 }])
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1)
    await expect(
      db.transaction((tx) => tx.query('insert into t (id) values ($1)', [1])),
    ).rejects.toMatchObject({
      code: '23505',
    })
    await expect(db.transaction((tx) => tx.query('selec 1'))).rejects.toThrow('syntax error')
  })

  it('closes the least recently used statement beyond its capacity, and prepares it again when needed', async () => {
    const texts = [1, 2, 3, 4].map((n) => `select $1::int + ${n} as n`)
    for (const text of texts) await db.transaction((tx) => tx.query(text, [1]))
    const kept = await prepared()
    expect(kept).toHaveLength(3)
    expect(kept).not.toContain(texts[0])
    expect((await db.transaction((tx) => tx.query(texts[0] as string, [1]))).rows).toEqual([{ n: 2 }])
  })

  it('leaves queries outside transactions to PGlite', async () => {
    const before = await prepared()
    expect((await db.query('select $1::int as n', [5])).rows).toEqual([{ n: 5 }])
    expect(await prepared()).toEqual(before)
  })

  it('sends a statement that rides with the next in the same call, its effect there and its error too', async () => {
    const setting = "select set_config('app.rider', $1, true)"
    const failing = 'select 1 / $1::int as n'
    const riding = withPreparedStatements(raw, { ridesWithNext: new Set([setting, failing]) })
    const read = "select current_setting('app.rider', true) as value"
    // Prepare both texts first, so that only the runs are counted below.
    await riding.transaction(async (tx) => {
      await tx.query(setting, ['warm'])
      await tx.query(read)
    })
    // The calls that run prepared statements: they open with a Bind message ('B').
    const calls: number[] = []
    const stream = raw.execProtocolStream.bind(raw)
    raw.execProtocolStream = (message, options) => {
      if (message[0] === 'B'.charCodeAt(0)) calls.push(message.length)
      return stream(message, options)
    }
    try {
      const seen = await riding.transaction(async (tx) => {
        expect((await tx.query(setting, ['acme'])).rows).toEqual([])
        return (await tx.query<{ value: string }>(read)).rows[0]?.value
      })
      expect(seen).toBe('acme')
      expect(calls).toHaveLength(1)
    } finally {
      raw.execProtocolStream = stream
    }
    // PGlite's own exec, which takes no prepared statement, finds the rider sent before it.
    const [executed] = await riding.transaction(async (tx) => {
      await tx.query(setting, ['globex'])
      return tx.exec("select current_setting('app.rider', true) as value")
    })
    expect(executed?.rows).toEqual([{ value: 'globex' }])
    // A rider that fails makes the statement it went with fail, and the transaction with it.
    await expect(
      riding.transaction(async (tx) => {
        await tx.query(failing, [0])
        await tx.query('select 1 as n')
      }),
    ).rejects.toThrow('division by zero')
    expect((await raw.query("select current_setting('app.rider', true) as value")).rows).toEqual([
      { value: '' },
    ])
  })
})
