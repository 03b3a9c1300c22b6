import Dexie, { type EntityTable } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type LocalSummaryChange,
  type LocalSummaryPack,
  packSummaries,
  packsOf,
  readSummaries,
  type SummaryCodec,
  type SummaryTables,
} from './summary-packs'

interface Row {
  patient_id: string
  doses: number[]
}

/** A summary's three tables in a database of their own, with a codec that counts its unpacking. */
function aSummary() {
  const db = new Dexie(`summary-packs-${Math.random()}`) as Dexie & {
    rows: EntityTable<Row, 'patient_id'>
    changes: EntityTable<LocalSummaryChange, 'patient_id'>
    packs: EntityTable<LocalSummaryPack, 'id'>
  }
  db.version(1).stores({ rows: 'patient_id', changes: 'patient_id', packs: 'id' })
  const unpacked = { count: 0 }
  const codec: SummaryCodec<Row> = {
    pack: (rows) => JSON.stringify(rows),
    unpack: (text) => {
      unpacked.count += 1
      return JSON.parse(text)
    },
  }
  const tables: SummaryTables<Row> = { rows: db.rows, changes: db.changes, packs: db.packs, codec }
  opened.push(db)
  return { db, tables, unpacked }
}

const opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

const rowsOf = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    patient_id: `p${String(from + index).padStart(5, '0')}`,
    doses: [index],
  }))

describe('summary packs', () => {
  it('reads the packs and the rows changed since, unpacking each pack once in a page', async () => {
    const { db, tables, unpacked } = aSummary()
    await db.rows.bulkPut(rowsOf(2500))
    await packSummaries(db, tables)
    expect(await db.packs.count()).toBe(3)

    const first = await readSummaries(tables)
    expect(first.rows.map((row) => row.patient_id)).toEqual(rowsOf(2500).map((row) => row.patient_id))
    expect(unpacked.count).toBe(3)

    // A row written since the packing is read over its packed copy; the packs are not unpacked again.
    await db.rows.put({ patient_id: 'p00007', doses: [7, 8] })
    await db.changes.put({ patient_id: 'p00007' })
    const second = await readSummaries(tables)
    expect(second.rows).toHaveLength(2500)
    expect(second.rows.find((row) => row.patient_id === 'p00007')?.doses).toEqual([7, 8])
    expect(second.unpacked).toBe(1)
    expect(unpacked.count).toBe(3)
  })

  it('reads a packing again under new ids, never the rows kept from the packs it replaced', async () => {
    const { db, tables, unpacked } = aSummary()
    await db.rows.bulkPut(rowsOf(1500))
    await packSummaries(db, tables)
    const before = await db.packs.toCollection().primaryKeys()
    await readSummaries(tables)

    await db.rows.bulkPut(rowsOf(1500).map((row) => ({ ...row, doses: [99] })))
    await packSummaries(db, tables)
    const after = await db.packs.toCollection().primaryKeys()
    expect(Math.min(...after)).toBeGreaterThan(Math.max(...before))

    const read = await readSummaries(tables)
    expect(read.rows.every((row) => row.doses[0] === 99)).toBe(true)
    expect(unpacked.count).toBe(4)
  })

  it('hands out ids above every earlier packing’s, within one millisecond too', () => {
    const first = packsOf(rowsOf(3000))
    const second = packsOf(rowsOf(10))
    expect(first.map((pack) => pack.id)).toEqual([
      first[0]?.id,
      (first[0]?.id ?? 0) + 1,
      (first[0]?.id ?? 0) + 2,
    ])
    expect(second[0]?.id).toBeGreaterThan(first[2]?.id ?? 0)
  })

  it('shares the unpacked rows frozen, so a reader that writes into them fails under test', async () => {
    const { db, tables } = aSummary()
    await db.rows.bulkPut(rowsOf(3))
    await packSummaries(db, tables)
    const { rows } = await readSummaries(tables)
    expect(() => {
      ;(rows[0] as Row).doses.push(1)
    }).toThrow(TypeError)
  })
})
