import { useSyncExternalStore } from 'react'

/** Calls in flight, for the global loading indicator (SPEC §3 Global state: loading flag). */
let inFlight = 0
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

export function startActivity(): () => void {
  inFlight += 1
  notify()
  let done = false
  return () => {
    if (done) return
    done = true
    inFlight -= 1
    notify()
  }
}

export function useApiBusy(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => inFlight > 0,
    () => false,
  )
}
