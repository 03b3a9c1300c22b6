import { and, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../db/client'
import { LANDLORD_SCOPE, loginThrottles } from '../../db/schema'

/** Failures before the first lock, and the lock's first and longest duration. */
export const FREE_FAILURES = 5
const FIRST_LOCK_MS = 60_000
const LONGEST_LOCK_MS = 60 * 60_000

const byUsername = (tenantId: string | null, username: string) =>
  and(eq(loginThrottles.tenantId, tenantId ?? LANDLORD_SCOPE), eq(loginThrottles.username, username))

/**
 * Takes the username's next attempt before its password is checked: answers the minutes it is
 * still locked for (the attempt is refused and not counted), or 0 once the attempt is counted as
 * a failure, which a success then clears. The row is locked while deciding, so concurrent guesses
 * cannot all pass the check before the first failure is written.
 */
export async function takeAttempt(
  tx: Tx,
  tenantId: string | null,
  username: string,
  now = Date.now(),
): Promise<number> {
  await tx
    .insert(loginThrottles)
    .values({ id: uuidv7(), tenantId: tenantId ?? LANDLORD_SCOPE, username, failures: 0 })
    .onConflictDoNothing({ target: [loginThrottles.tenantId, loginThrottles.username] })
  const [row] = await tx.select().from(loginThrottles).where(byUsername(tenantId, username)).for('update')
  const until = row?.lockedUntil ? Date.parse(row.lockedUntil) : 0
  if (until > now) return Math.ceil((until - now) / 60_000)
  await recordFailure(tx, tenantId, username, now)
  return 0
}

/** Counts a failure; from the sixth on, locks for 1, 2, 4… minutes, at most an hour. */
export async function recordFailure(
  tx: Tx,
  tenantId: string | null,
  username: string,
  now = Date.now(),
): Promise<void> {
  const [row] = await tx
    .insert(loginThrottles)
    .values({ id: uuidv7(), tenantId: tenantId ?? LANDLORD_SCOPE, username, failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottles.tenantId, loginThrottles.username],
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: sql`now()` },
    })
    .returning({ failures: loginThrottles.failures })
  const failures = row?.failures ?? 1
  if (failures < FREE_FAILURES) return
  const lockMs = Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), LONGEST_LOCK_MS)
  await tx
    .update(loginThrottles)
    .set({ lockedUntil: new Date(now + lockMs).toISOString() })
    .where(byUsername(tenantId, username))
}

export async function clearFailures(tx: Tx, tenantId: string | null, username: string): Promise<void> {
  await tx.delete(loginThrottles).where(byUsername(tenantId, username))
}
