import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './client'
import { analyzeStaleTables, keepEmbeddedStatistics } from './embedded-statistics'
import { rowsOf } from './raw-sql'

/** Decision 0047: the embedded database gathers its statistics as autovacuum would. */
describe('the embedded database’s table statistics', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ dataDir: undefined })
  })
  afterAll(() => database.close())

  /** What the planner believes of a table: its rows as last analysed (-1: never). */
  const believed = async (table: string) => {
    const [row] = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role none`)
      return rowsOf<{ reltuples: number }>(tx, sql`select reltuples from pg_class where relname = ${table}`)
    })
    return Number(row?.reltuples)
  }
  /** Rows written as the owner, into a table with no tenant. */
  const written = (rows: number, from: number) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role none`)
      await tx.execute(sql`insert into reference_items (list, code, name_es, name_en)
        select 'bench-statistics', g::text, 'uno', 'one' from generate_series(${from}::int, ${from + rows - 1}::int) g`)
    })

  it('analyses the tables never analysed, then only those changed past the threshold', async () => {
    const first = await analyzeStaleTables(database.db)
    expect(first).toEqual(expect.arrayContaining(['patients', 'change_log', 'reference_items']))
    expect(await believed('patients')).toBe(0)
    expect(await analyzeStaleTables(database.db)).toEqual([])

    await written(1_000, 1)
    expect(await analyzeStaleTables(database.db)).toEqual(['reference_items'])
    const before = await believed('reference_items')
    expect(before).toBe(1_000)
    // 50 and a tenth of the table: fewer changes leave the statistics as they are.
    const threshold = 50 + 0.1 * before
    await written(threshold, 1_001)
    expect(await analyzeStaleTables(database.db)).toEqual([])
    await written(1, 1_001 + threshold)
    expect(await analyzeStaleTables(database.db)).toEqual(['reference_items'])
    expect(await believed('reference_items')).toBe(before + threshold + 1)
  })

  it('gathers them when the embedded server starts, and never on PostgreSQL', async () => {
    await written(2_000, 10_000)
    const calls: Array<[string, object]> = []
    const log = {
      info: (details: object, message: string) => calls.push([message, details]),
      error: (details: object, message: string) => calls.push([message, details]),
    }
    ;(await keepEmbeddedStatistics({ ...database, kind: 'postgres' }, log))()
    expect(calls).toEqual([])
    ;(await keepEmbeddedStatistics(database, log))()
    expect(calls).toEqual([['table statistics gathered', { tables: ['reference_items'] }]])
  })
})
