/** One field changed on both sides to different values: a person chooses. */
export interface FieldConflict {
  field: string
  base: unknown
  mine: unknown
  theirs: unknown
}

export interface MergeResult<T> {
  merged: T
  conflicts: FieldConflict[]
}

type Fields = Record<string, unknown>

/**
 * Structural equality of field values (JSON-like: scalars, arrays, plain objects), so that a
 * field rewritten with an equal value, or an array rebuilt, does not count as a change.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  // null and undefined both mean "no value" for a field the API may omit.
  if (a == null && b == null) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  // Both are plain records here; indexing them by their own keys is safe.
  return keysA.every((key) => sameValue((a as Fields)[key], (b as Fields)[key]))
}

/**
 * Field-level three-way merge (DESIGN §5 "Conflicts"): a field changed on one side only takes
 * that side, a field changed on both sides to the same value is settled, and a field changed on
 * both sides differently is a conflict (the merged value keeps theirs until someone decides).
 * No timestamps are looked at: device clocks never decide.
 */
export function mergeThreeWay<T extends Fields>(base: Fields, mine: Fields, theirs: T): MergeResult<T> {
  const merged: Fields = { ...theirs }
  const conflicts: FieldConflict[] = []
  const fields = new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])
  for (const field of fields) {
    const mineChanged = !sameValue(base[field], mine[field])
    if (!mineChanged) continue
    const theirsChanged = !sameValue(base[field], theirs[field])
    if (!theirsChanged || sameValue(mine[field], theirs[field])) merged[field] = mine[field]
    else conflicts.push({ field, base: base[field], mine: mine[field], theirs: theirs[field] })
  }
  // merged starts as a copy of theirs and only gains fields that exist on one of the sides.
  return { merged: merged as T, conflicts }
}

/** The fields of `next` that differ from `previous`: what an update has to send. */
export function changedFields(previous: Fields, next: Fields): Fields {
  const changes: Fields = {}
  for (const [field, value] of Object.entries(next)) {
    if (!sameValue(previous[field], value)) changes[field] = value
  }
  return changes
}
