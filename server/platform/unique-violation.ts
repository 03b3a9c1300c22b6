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
