import { useSyncExternalStore } from 'react'

/**
 * Online or offline as the last request found it (DESIGN §5/issue: not `navigator.onLine`, which
 * says "online" on a Wi-Fi with no way out). Every call and every sync attempt reports here, and
 * the browser's own events are watched (watchBrowserConnection).
 */
export type Connection = 'online' | 'offline' | 'unknown'

let connection: Connection = 'unknown'
let lastContactAt: number | null = null
const listeners = new Set<() => void>()

export function reportConnection(state: 'online' | 'offline', at = Date.now()): void {
  const changed = state !== connection
  connection = state
  if (state === 'online') lastContactAt = at
  if (changed || state === 'online') for (const listener of listeners) listener()
}

export const currentConnection = () => connection
export const lastContact = () => lastContactAt

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, currentConnection, () => 'unknown' as const)
}

/** The path asked to learn whether the server answers: public, cheap, on every host. */
export const PROBE_PATH = '/api/health'

/** While the browser claims a network the server does not answer on, it is asked again this often. */
export const PROBE_INTERVAL_MS = 15_000

/**
 * Asks the server whether it answers, past every cache. Only the API's own envelope counts: a
 * captive portal's login page or redirect is not the server.
 */
export async function probeServer(): Promise<void> {
  try {
    const response = await fetch(PROBE_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } })
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null
    reportConnection(body && typeof body.error === 'boolean' ? 'online' : 'offline')
  } catch {
    reportConnection('offline')
  }
}

/**
 * Follows the browser's word on the network. `offline` is believed at once: no request can leave,
 * so the header says so without waiting for a request to fail (the sync's next try may be 30 s
 * away). `online` is only a hint: the connection turns online when a request then reaches the
 * server, and while it does not (a captive portal) the server is asked again every
 * PROBE_INTERVAL_MS. Returns what stops watching.
 */
export function watchBrowserConnection(probe: () => Promise<void> = probeServer): () => void {
  let retry: ReturnType<typeof setInterval> | null = null
  const stopRetrying = () => {
    if (retry) clearInterval(retry)
    retry = null
  }
  const onOffline = () => {
    stopRetrying()
    reportConnection('offline')
  }
  const probeWhileUnreached = () => {
    if (connection === 'offline' && navigator.onLine) void probe()
    else stopRetrying()
  }
  const onOnline = () => {
    void probe()
    stopRetrying()
    retry = setInterval(probeWhileUnreached, PROBE_INTERVAL_MS)
  }
  if (!navigator.onLine) reportConnection('offline')
  window.addEventListener('offline', onOffline)
  window.addEventListener('online', onOnline)
  return () => {
    stopRetrying()
    window.removeEventListener('offline', onOffline)
    window.removeEventListener('online', onOnline)
  }
}
