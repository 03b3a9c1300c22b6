import { databaseErrorOf } from './database-errors'
import { ValidationError } from './errors'
import type { Lang } from './language'
import { type MessageKey, translate } from './messages'

/** The unique index a failed write ran into (a 23505 anywhere in the error's causes), or null. */
export function violatedUniqueIndex(error: unknown): string | null {
  const refusal = databaseErrorOf(error)
  return refusal?.code === '23505' ? (refusal.constraint ?? null) : null
}

/** The unique indexes a write guards, each with the field it answers for and its message. */
export type UniqueIndexMessages = ReadonlyMap<string, [field: string, message: MessageKey]>

/**
 * Runs a write whose uniqueness the route checked before; when a concurrent write took the same
 * value between the check and the write, the unique index answers, and that becomes the same
 * field error (a 422), not a 500. Any other failure passes through.
 */
export async function guardUniqueIndexes<T>(
  indexes: UniqueIndexMessages,
  lang: Lang,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const clash = indexes.get(violatedUniqueIndex(error) ?? '')
    if (clash) throw new ValidationError({ [clash[0]]: [translate(clash[1], lang)] })
    throw error
  }
}
