/**
 * Refused navigations, told to the app shell, which shows SPEC §6's permission dialog. A refusal
 * may come before the shell is on screen (a bookmarked link opened directly): it waits for it.
 */
const listeners = new Set<() => void>()
let unseen = false

export function reportDenied(): void {
  unseen = listeners.size === 0
  for (const listener of listeners) listener()
}

export function onDenied(listener: () => void): () => void {
  listeners.add(listener)
  if (unseen) {
    unseen = false
    listener()
  }
  return () => listeners.delete(listener)
}
