import { sameValue } from './merge'

/**
 * The rows an exam holds beside its fields — a periodic exam's clinical exams, an admission
 * exam's treatments (issue 22) — as an amendment written on the device sends them: the whole
 * list of live rows as the amendment leaves them, so a row shown while the amendment waits is
 * never a partial list (the queued body is laid over the row until the server answers). The
 * server keeps only the rows that really differ (`server/modules/operation/exam-rows.ts`); a row
 * is removed by its own DELETE (`queueRowRemoval`), never by leaving it out.
 */
export interface HeldRow {
  id: string
  deleted_at?: string | null
}

/**
 * The live rows after the amendment: each held live row, replaced by the incoming row of its id,
 * and the incoming rows new to the exam at the end. `changed` says whether any row was added or
 * changed in the fields the server compares; `visible` keeps each row's device-only and
 * server-only fields (a catalogue name copied by the server, removed rows) for the screens.
 */
export function amendedRows<T extends { id: string }, H extends HeldRow>(
  held: readonly H[],
  incoming: readonly T[],
  compared: ReadonlyArray<keyof T>,
): { changed: boolean; live: T[]; visible: Array<H | T> } {
  const byId = new Map(incoming.map((row) => [row.id, row]))
  const heldIds = new Set(held.map((row) => row.id))
  let changed = false
  const live: T[] = []
  const visible: Array<H | T> = []
  for (const row of held) {
    const next = byId.get(row.id)
    if (row.deleted_at) {
      visible.push(row)
      continue
    }
    const before = row as unknown as T // a held live row has every field of the incoming kind
    if (next && compared.some((key) => !sameValue(before[key] ?? null, next[key] ?? null))) changed = true
    const kept: Partial<T> = next ?? pick(before, compared)
    live.push({ ...pick(kept, compared), id: row.id } as T) // every compared field, and the id
    visible.push({ ...row, ...kept })
  }
  for (const row of incoming) {
    if (heldIds.has(row.id)) continue
    changed = true
    live.push(row)
    visible.push(row)
  }
  return { changed, live, visible }
}

function pick<T>(row: Partial<T>, keys: ReadonlyArray<keyof T>): Partial<T> {
  const picked: Partial<T> = {}
  for (const key of keys) picked[key] = row[key]
  return picked
}
