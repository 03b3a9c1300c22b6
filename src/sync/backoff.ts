/** DESIGN §5: retries back off from 1 s up to 5 min, with no maximum number of attempts. */
export const MIN_DELAY_MS = 1_000
export const MAX_DELAY_MS = 5 * 60_000

/**
 * The longest wait a server's Retry-After may impose. A longer one (or a wait computed by a
 * device clock that has since jumped back) is treated as already over, so a bad clock can never
 * park the queue for years.
 */
export const MAX_WAIT_MS = 60 * 60_000

/**
 * The wait before the next attempt after `attempts` failures: "full jitter" (a random point
 * below an exponentially growing ceiling) so that many devices coming back online together do
 * not hit the server in waves. `random` returns [0, 1) like Math.random.
 */
export function nextDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** Math.max(0, attempts))
  const jitter = Math.min(Math.max(random(), 0), 1)
  return Math.round(MIN_DELAY_MS + jitter * (ceiling - MIN_DELAY_MS))
}

/**
 * The wait a Retry-After header asks for, in milliseconds: delta seconds or an HTTP date.
 * Undefined when absent or unreadable, so the caller falls back to its own back-off.
 */
export function retryAfterMs(
  header: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!header) return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_WAIT_MS)
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.min(Math.max(at - now, 0), MAX_WAIT_MS)
}
