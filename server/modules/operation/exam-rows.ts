import { sameJson } from './encounters'

/**
 * The rows an exam holds apart from its own fields — a periodic exam's clinical exams, an
 * admission exam's treatments (issue 22) — come in an amendment as the rows added (a new id) or
 * changed (a known id). This works out which is which, so each exam kind records its amendment
 * the same way: the changed rows before and after, the added ones after only.
 */
export interface RowChanges<T> {
  added: T[]
  changed: Array<{ before: T; after: T }>
  /** Ids the exam once held but removed: a removed row is not edited back to life. */
  removed: string[]
}

export function rowChanges<T extends { id: string }>(
  held: ReadonlyArray<T & { deleted: boolean }>,
  incoming: readonly T[],
  compared: ReadonlyArray<keyof T>,
): RowChanges<T> {
  const byId = new Map(held.map((row) => [row.id, row]))
  const found: RowChanges<T> = { added: [], changed: [], removed: [] }
  for (const row of incoming) {
    const current = byId.get(row.id)
    if (!current) {
      found.added.push(row)
      continue
    }
    if (current.deleted) {
      found.removed.push(row.id)
      continue
    }
    const { deleted: _, ...rest } = current
    // The held row without its flag is a row of the incoming kind.
    const before = rest as unknown as T
    if (compared.some((key) => !sameJson(before[key] ?? null, row[key] ?? null))) {
      found.changed.push({ before, after: row })
    }
  }
  return found
}

/** How an amendment keeps the rows it touched: before (null for an added one) and after. */
export function rowsChange<T>(changes: RowChanges<T>): { before: Array<T | null>; after: T[] } | null {
  if (changes.added.length === 0 && changes.changed.length === 0) return null
  return {
    before: [...changes.changed.map((c) => c.before), ...changes.added.map(() => null)],
    after: [...changes.changed.map((c) => c.after), ...changes.added],
  }
}
