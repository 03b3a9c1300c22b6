import type { SyncEngine } from './engine'

/** The engine of the signed-in user, set by the app shell; screens read their data through it. */
let engine: SyncEngine | null = null
const listeners = new Set<() => void>()

export function setCurrentEngine(next: SyncEngine | null): void {
  engine = next
  for (const listener of listeners) listener()
}

export const currentEngine = () => engine

export function subscribeEngine(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
