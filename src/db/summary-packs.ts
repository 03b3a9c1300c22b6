// A row's key is its `patient_id`, a string: what the changes table holds.
import type { DBCore, DBCoreTransaction, EntityTable, IDType, Table } from 'dexie'
import { EVERY, type Zone } from './summary-middleware'

/**
 * A per-patient summary's rows packed a thousand to a record, as JSON text, for the screen that
 * reads them all (the vaccination index; the periodic exams' due list): IndexedDB's cost is
 * mostly per record and per object it copies, so 20 000 rows read one by one cost most of the
 * 500 ms a list has at 4× throttle, 20 texts parsed by `JSON.parse` a fraction of it. The per-patient rows stay the truth the database keeps on every write; each
 * row written since the last packing is named in the summary's changes table, and the reader
 * takes those rows themselves over the packs. `packSummaries` packs again (the screen asks for it
 * when many have changed).
 */
export interface LocalSummaryPack {
  id: number
  /** `JSON.stringify` of up to `PACK_SIZE` rows. */
  rows: string
}

/** A patient whose row changed (or went) since the rows were last packed. */
export interface LocalSummaryChange {
  patient_id: string
}

/** How a summary's rows are written into a pack's text and read back. */
export interface SummaryCodec<Row> {
  pack(rows: readonly Row[]): string
  unpack(text: string): Row[]
}

/** The rows as JSON: what a summary's packs hold unless it says otherwise. */
export const JSON_ROWS: SummaryCodec<never> = {
  pack: (rows) => JSON.stringify(rows),
  unpack: (text) => JSON.parse(text) as never[],
}

/** A summary's three tables: its rows, the rows changed since the packing, the packs. */
export interface SummaryTables<Row extends { patient_id: string }> {
  rows: EntityTable<Row, 'patient_id'>
  changes: EntityTable<LocalSummaryChange, 'patient_id'>
  packs: EntityTable<LocalSummaryPack, 'id'>
  /** How its packs are written; `JSON_ROWS` when not said. */
  codec?: SummaryCodec<Row>
}

const PACK_SIZE = 1000
/** Changed rows beyond which the reader reads the table whole rather than each changed row. */
const UNPACKED_WHOLE = 2000
/**
 * Rows read one by one over their packs before the screen packs the summary again: a few hundred
 * cost little; thousands (after a sync) cost most of the read.
 */
export const REPACK_AFTER = 500

/** One past the last pack id this page handed out. */
let nextPackId = 0

/**
 * The first id of a packing: above every id handed out before, in this page (the counter) and in
 * any earlier one or another tab (the clock, in thousandths of a millisecond), so a pack's id
 * always names the same text and the rows unpacked from it can be kept (`unpackedPacks`).
 */
export function firstPackId(count: number): number {
  const first = Math.max(Date.now() * 1000, nextPackId)
  nextPackId = first + count
  return first
}

/** The rows in packs of `PACK_SIZE`, under ids no earlier packing used. */
export function packsOf<Row>(
  rows: readonly Row[],
  codec: SummaryCodec<Row> = JSON_ROWS as SummaryCodec<Row>,
): LocalSummaryPack[] {
  const texts: string[] = []
  for (let start = 0; start < rows.length; start += PACK_SIZE)
    texts.push(codec.pack(rows.slice(start, start + PACK_SIZE)))
  const first = firstPackId(texts.length)
  return texts.map((text, index) => ({ id: first + index, rows: text }))
}

/**
 * The rows of each pack read in this page, by pack id, for each packs table: a pack's text never
 * changes under its id, so a screen opened again (or a live query run again after a sync) reads
 * only the packs' ids and unpacks nothing it unpacked before. At 20 000 patients the dashboard's
 * packs are 3.7 MB of text, most of its reading time at 4× throttle (bench/dashboard-device.ts).
 * The rows are shared by every read: readers never change them (frozen in tests, which would
 * throw on a write).
 */
const unpackedPacks = new WeakMap<object, Map<number, readonly unknown[]>>()

/** Deep-freezes rows under test, so a reader that writes into shared rows fails there. */
export function sharedRows<Row>(rows: Row[]): Row[] {
  // Typed by hand: the sync tests' and the server's configurations have no Vite types.
  if ((import.meta as { env?: { MODE?: string } }).env?.MODE === 'test')
    for (const row of rows) deepFreeze(row)
  return rows
}

function deepFreeze(value: unknown) {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const item of Object.values(value)) deepFreeze(item)
}

/** The packs' rows in id order: the kept ones, and the others read and unpacked. */
async function packedRows<Row>(tables: SummaryTables<Row & { patient_id: string }>): Promise<Row[][]> {
  const ids = (await tables.packs.toCollection().primaryKeys()) as number[]
  let kept = unpackedPacks.get(tables.packs)
  if (!kept) {
    kept = new Map()
    unpackedPacks.set(tables.packs, kept)
  }
  const held = kept
  const missing = ids.filter((id) => !held.has(id))
  if (missing.length > 0) {
    const codec = tables.codec ?? (JSON_ROWS as SummaryCodec<Row & { patient_id: string }>)
    const packs = await tables.packs.bulkGet(missing)
    // Written by `packsOf` from the rows, with the same codec; gone since the keys were read: not there.
    for (const pack of packs) if (pack) held.set(pack.id, sharedRows(codec.unpack(pack.rows)))
  }
  // Packs gone (packed again) are forgotten.
  const present = new Set(ids)
  for (const id of held.keys()) if (!present.has(id)) held.delete(id)
  return ids.flatMap((id) => {
    const rows = held.get(id)
    return rows ? [rows as Row[]] : []
  })
}

/**
 * Every summary row, from the packs and the rows changed since, and how many rows were read one by
 * one: in one read transaction (the caller's when it has one), so the packs' ids, the packs and
 * the changes are those of one moment, never half of a packing.
 */
export function readSummaries<Row extends { patient_id: string }>(
  tables: SummaryTables<Row>,
): Promise<{ rows: Row[]; unpacked: number }> {
  return tables.packs.db.transaction('r', [tables.rows, tables.changes, tables.packs], () =>
    readSummariesNow(tables),
  )
}

async function readSummariesNow<Row extends { patient_id: string }>(
  tables: SummaryTables<Row>,
): Promise<{ rows: Row[]; unpacked: number }> {
  const changed = await tables.changes.toCollection().primaryKeys()
  // Most rows changed (a first sync): reading the table whole beats fetching each row by its key.
  if (changed.length > UNPACKED_WHOLE) return { rows: await tables.rows.toArray(), unpacked: changed.length }
  const [packs, fresh] = await Promise.all([
    packedRows<Row>(tables),
    tables.rows.bulkGet(changed as IDType<Row, 'patient_id'>[]),
  ])
  const replaced = new Set(changed)
  const rows: Row[] = []
  for (const packed of packs) {
    if (replaced.size === 0) for (const row of packed) rows.push(row)
    else for (const row of packed) if (!replaced.has(row.patient_id)) rows.push(row)
  }
  for (const row of fresh) if (row) rows.push(row)
  return { rows, unpacked: changed.length }
}

/** Packs every row again and forgets the changes, in one transaction. */
export function packSummaries<Row extends { patient_id: string }>(
  db: { transaction: Table['db']['transaction'] },
  tables: SummaryTables<Row>,
): Promise<void> {
  return db.transaction('rw', [tables.rows, tables.changes, tables.packs], async () => {
    const rows = await tables.rows.toArray()
    await tables.packs.clear()
    await tables.packs.bulkPut(packsOf(rows, tables.codec))
    await tables.changes.clear()
  })
}

/** In a refresh of every row: the summary's three tables emptied, then the rows and their packs put. */
export async function replaceSummaries<Row>(
  core: DBCore,
  trans: DBCoreTransaction,
  names: { rows: string; changes: string; packs: string },
  rows: readonly Row[],
  zone: Zone,
  codec?: SummaryCodec<Row>,
): Promise<void> {
  await zone(() =>
    Promise.all(
      [names.rows, names.changes, names.packs].map((name) =>
        core.table(name).mutate({ type: 'deleteRange', trans, range: EVERY }),
      ),
    ),
  )
  if (rows.length > 0) await zone(() => core.table(names.rows).mutate({ type: 'put', trans, values: rows }))
  const packed = packsOf(rows, codec)
  if (packed.length > 0)
    await zone(() => core.table(names.packs).mutate({ type: 'put', trans, values: packed }))
}

/** In a refresh of some patients: each one's row read over its packed copy until the next packing. */
export function noteChangedSummaries(
  core: DBCore,
  trans: DBCoreTransaction,
  changes: string,
  ids: readonly string[],
  zone: Zone,
): Promise<unknown> {
  return zone(() =>
    core.table(changes).mutate({ type: 'put', trans, values: ids.map((patient_id) => ({ patient_id })) }),
  )
}
