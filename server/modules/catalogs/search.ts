import { and, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** LIKE's wildcards and escape, taken literally in a user's words. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The folded column contains every (folded) word; undefined when there are no words. */
export function containsWords(column: PgColumn, words: readonly string[]): SQL | undefined {
  if (words.length === 0) return undefined
  return and(...words.map((word) => sql`${column} like ${`%${escapeLike(word)}%`}`))
}

/** The column starts with the text (for ordering the closest matches first). */
export const startsWith = (column: PgColumn, text: string): SQL =>
  sql`${column} like ${`${escapeLike(text)}%`}`
