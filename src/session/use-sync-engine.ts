/** The sync engine belongs to the signed-in session (one per user and tenant); src/db and src/sync stay free of React. */
import { useSyncExternalStore } from 'react'
import { currentEngine, subscribeEngine } from '../sync/current-engine'
import type { SyncEngine } from '../sync/engine'

/** The signed-in user's sync engine (its local database, loop and pull), or null signed out. */
export function useSyncEngine(): SyncEngine | null {
  return useSyncExternalStore(subscribeEngine, currentEngine, () => null)
}
