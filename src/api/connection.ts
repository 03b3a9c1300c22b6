import { useSyncExternalStore } from 'react'

/**
 * Online or offline as the last request found it (DESIGN §5/issue: not `navigator.onLine`, which
 * says "online" on a Wi-Fi with no way out). Every call and every sync attempt reports here.
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
