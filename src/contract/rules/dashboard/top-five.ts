import { codeUnitOrder } from './scope'

/** SPEC §9: the dashboard's top lists hold 5 entries. */
export const TOP_LIST_SIZE = 5

/**
 * The first `TOP_LIST_SIZE` of counted keys: the highest count first; equal counts by the key in
 * code-unit order (an ICD-10 code, an affected system's id), so a tie at the fifth place always
 * keeps the same entry on the device and on the server (`order by count desc, key collate "C"`).
 * Nothing is counted twice to make up five: fewer keys give a shorter list.
 */
export function topFive<T extends { key: string; count: number }>(entries: Iterable<T>): T[] {
  return [...entries].sort((a, b) => b.count - a.count || codeUnitOrder(a.key, b.key)).slice(0, TOP_LIST_SIZE)
}
