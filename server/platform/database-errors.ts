/** What PostgreSQL (through pg or PGlite) says of a statement it refused. */
export interface DatabaseError {
  /** The SQLSTATE: `23505` unique violation, `22P02` invalid text representation… */
  code: string
  constraint?: string
}

/** A SQLSTATE's class starts with a digit or F, H, P, X (never a Node error's `E…` code). */
const SQLSTATE = /^[0-9FHPX][0-9A-Z]{4}$/

/**
 * The database's refusal inside an error, or null. pg and PGlite both report the SQLSTATE as
 * `code`; drizzle wraps the driver's error as the cause, so the causes are searched.
 */
export function databaseErrorOf(error: unknown): DatabaseError | null {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as Error & { code?: unknown; constraint?: unknown }
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code }
    }
  }
  return null
}

/**
 * The status of a value the database refused as a value (issue 16): class 22 ("data exception":
 * a number out of its column's range, an impossible date, text it cannot hold, a malformed id)
 * and class 54 ("program limit exceeded": a value too big for an index) are the request's
 * fault and will be refused however often it is sent, so they are a 400 or a 413, never a 5xx
 * that a device would retry forever. Null for any other failure. The contract should have
 * caught the value first: each of these is logged as a gap to close there.
 */
export function refusedValueStatus(error: unknown): 400 | 413 | null {
  const code = databaseErrorOf(error)?.code
  if (code?.startsWith('22')) return 400
  if (code?.startsWith('54')) return 413
  return null
}
