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

/** The rows in packs of `PACK_SIZE`. */
export function packsOf<Row>(
  rows: readonly Row[],
  codec: SummaryCodec<Row> = JSON_ROWS as SummaryCodec<Row>,
): LocalSummaryPack[] {
  const packs: LocalSummaryPack[] = []
  for (let start = 0; start < rows.length; start += PACK_SIZE)
    packs.push({ id: packs.length, rows: codec.pack(rows.slice(start, start + PACK_SIZE)) })
  return packs
}

/**
 * Every summary row, from the packs and the rows changed since (read in the caller's transaction
 * when it has one), and how many rows were read one by one.
 */
export async function readSummaries<Row extends { patient_id: string }>(
  tables: SummaryTables<Row>,
): Promise<{ rows: Row[]; unpacked: number }> {
  const changed = await tables.changes.toCollection().primaryKeys()
  // Most rows changed (a first sync): reading the table whole beats fetching each row by its key.
  if (changed.length > UNPACKED_WHOLE) return { rows: await tables.rows.toArray(), unpacked: changed.length }
  const [packs, fresh] = await Promise.all([
    tables.packs.toArray(),
    tables.rows.bulkGet(changed as IDType<Row, 'patient_id'>[]),
  ])
  const replaced = new Set(changed)
  const rows: Row[] = []
  const codec = tables.codec ?? (JSON_ROWS as SummaryCodec<Row>)
  for (const pack of packs) {
    // Written by `packsOf` from the rows, with the same codec.
    const packed = codec.unpack(pack.rows)
    if (replaced.size === 0) rows.push(...packed)
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
