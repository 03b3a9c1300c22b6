import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from './client'

/**
 * The rows a raw statement answers (`tx.execute`): both drivers, pg and PGlite, give them under
 * `rows`, which drizzle's type does not say.
 */
export async function rowsOf<T>(tx: Pick<Tx, 'execute'>, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows
}

/** Ids as one `uuid[]` parameter, however many: `column = any(${uuidArray(ids)})`. */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`
