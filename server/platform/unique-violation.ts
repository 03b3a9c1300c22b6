import { ValidationError } from './errors'
import type { Lang } from './language'
import { type MessageKey, translate } from './messages'

/**
 * The unique index a failed write ran into (a 23505 anywhere in the error's causes), or null.
 * pg and PGlite both report it as `constraint`; drizzle wraps the driver's error as the cause.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as Error & { code?: string; constraint?: string }
    if (code === '23505' && constraint) return constraint
  }
  return null
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
